import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Bindings, ChildLoggerOptions, Logger } from 'pino';

/** A request slower than this is always logged, whatever its status. */
export const SLOW_REQUEST_MS = 500;

/** Successful requests logged per second, at most; the others are counted on the next line. */
export const LOGGED_SUCCESSES_PER_SECOND = 10;

export interface RequestLogOptions {
  slowMs?: number;
  successesPerSecond?: number;
  /** Milliseconds on any clock; only whole seconds between calls matter. */
  now?: () => number;
}

/**
 * One line per finished request, in place of Fastify's two (incoming, completed), each of which
 * cost a synchronous write on every request. Errors (4xx and 5xx) and slow requests are always
 * logged; successful ones up to `successesPerSecond`, each such line saying how many successful
 * requests went unlogged since the previous one, so the volume can still be read from the log.
 * Every request is counted by the metrics whatever is logged.
 */
export class SampledRequestLog extends LogController {
  readonly #logger: Logger;
  readonly #slowMs: number;
  readonly #perSecond: number;
  readonly #now: () => number;
  #second = Number.NaN;
  #loggedThisSecond = 0;
  #unlogged = 0;

  constructor(logger: Logger, options: RequestLogOptions = {}) {
    super();
    this.#logger = logger;
    this.#slowMs = options.slowMs ?? SLOW_REQUEST_MS;
    this.#perSecond = options.successesPerSecond ?? LOGGED_SUCCESSES_PER_SECOND;
    this.#now = options.now ?? (() => performance.now());
  }

  override incomingRequest(): void {
    // The completion line names the request; a line on arrival would double the writes.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const status = reply.statusCode;
    const responseTime = reply.elapsedTime;
    if (error || status >= 500) {
      this.#logger.error(this.#line(request, status, responseTime, error), 'request errored');
    } else if (responseTime >= this.#slowMs) {
      this.#logger.warn(this.#line(request, status, responseTime), 'slow request');
    } else if (status >= 400) {
      this.#logger.info(this.#line(request, status, responseTime), 'request completed');
    } else if (this.#takeSuccessTurn()) {
      const line = { ...this.#line(request, status, responseTime), unlogged: this.#unlogged };
      this.#unlogged = 0;
      this.#logger.info(line, 'request completed');
    } else {
      this.#unlogged += 1;
    }
  }

  /** Whether this successful request is one of the second's logged ones (never at a level above info). */
  #takeSuccessTurn(): boolean {
    if (!this.#logger.isLevelEnabled('info')) {
      return false;
    }
    const second = Math.floor(this.#now() / 1000);
    if (second !== this.#second) {
      this.#second = second;
      this.#loggedThisSecond = 0;
    }
    if (this.#loggedThisSecond >= this.#perSecond) {
      return false;
    }
    this.#loggedThisSecond += 1;
    return true;
  }

  #line(request: FastifyRequest, status: number, responseTime: number, error?: Error | null) {
    return {
      reqId: request.id,
      req: request,
      route: request.routeOptions.url,
      res: { statusCode: status },
      responseTime,
      ...(error ? { err: error } : {}),
    };
  }
}

/**
 * A request's `request.log`: the child logger bound to its id, created on first use. Creating a
 * pino child serializes (and redacts) its bindings, a cost every request paid though most of them
 * never log through it.
 */
class LazyChildLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  get level(): string {
    return this.#resolve().level;
  }

  set level(level: string) {
    this.#resolve().level = level;
  }

  fatal(...args: unknown[]): void {
    this.#log('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#log('error', args);
  }
  warn(...args: unknown[]): void {
    this.#log('warn', args);
  }
  info(...args: unknown[]): void {
    this.#log('info', args);
  }
  debug(...args: unknown[]): void {
    this.#log('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#log('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#resolve().child(bindings, options);
  }

  #log(level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace', args: unknown[]): void {
    const logger = this.#resolve();
    Reflect.apply(logger[level], logger, args);
  }

  #resolve(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }
}

/** Fastify's `childLoggerFactory`: the request's logger, built only when something logs through it. */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyChildLogger(logger, bindings, options);
}

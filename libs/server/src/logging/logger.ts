import pino, { type DestinationStream, type Logger } from 'pino';
import type { AppConfig } from '../config';
import { redactUrl } from './redact-url';

/** Paths whose values never reach a log line, whatever logs them. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  '*.password',
  '*.token',
  '*.refreshToken',
  '*.accessToken',
  '*.code',
  'password',
  'token',
];

/** The parts of an HTTP request (Fastify's) that a request log line shows. */
interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * Fastify logs every request under `req` with its own serializer, which these replace: the same
 * fields, the URL without its credentials (a one-time link's `token_hash` arrives in the query of
 * the page it opens). `url`, wherever a log call names one, gets the same treatment.
 */
const serializers = {
  req: (request: LoggedRequest) => ({
    method: request.method,
    url: request.url === undefined ? undefined : redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
  url: (url: unknown) => (typeof url === 'string' ? redactUrl(url) : url),
};

/**
 * The process's logger: JSON lines with the service, its version and nothing secret, to stdout or
 * to `destination` (tests read what it wrote).
 */
export function createLogger(
  config: Pick<AppConfig, 'log' | 'app'>,
  service: string,
  destination?: DestinationStream,
): Logger {
  return pino(
    {
      level: config.log.level,
      base: { service, version: config.app.version },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}

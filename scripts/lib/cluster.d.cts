// Types of scripts/lib/cluster.cjs: the product scaled out on one machine (api × N, worker × M, nginx
// in front), as `npm run start:scaled`, the fault tests (apps/operations) and the soak bench run it.

export interface ExitStatus {
  code: number | null;
  signal: string | null;
}

/** One api or worker process, started from its built `dist/main.js`. */
export interface ClusterProcess {
  /** 'api-1', 'worker-2', … */
  readonly label: string;
  readonly kind: 'api' | 'worker';
  /** The api's PORT, or the worker's WORKER_HTTP_PORT (health and /metrics). */
  readonly port: number;
  /** http://127.0.0.1:<port> */
  readonly url: string;
  /** Null while not running. */
  readonly pid: number | null;
  readonly running: boolean;
  /** Its stdout and stderr (JSON log lines), appended across restarts. */
  readonly logFile: string;
  /** Spawns it; resolves once `/health/ready` answers 200, rejects (with its last output) if it exits first. */
  start(): Promise<void>;
  /** Sends a signal and returns at once. */
  signal(signal: NodeJS.Signals): void;
  /** Sends `signal` (default SIGTERM) and waits for the exit; SIGKILL after `timeoutMs` (default 60 000). */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<ExitStatus>;
  /** Resolves when the current process exits, however it ends. */
  exited(): Promise<ExitStatus>;
  /** Resident set size in bytes (VmRSS of /proc/<pid>/status); null when not running. */
  memory(): Promise<number | null>;
  /** The last lines it printed, for failure messages. */
  lastOutput(lines?: number): string;
}

/** Debian's nginx balancing round-robin over the apis: no sticky sessions, WebSocket upgrade. */
export interface LoadBalancer {
  readonly port: number;
  /** http://127.0.0.1:<port> */
  readonly url: string;
  readonly pid: number | null;
  /**
   * The api ports nginx routes new connections to now: the ones whose `/health/ready` last answered
   * 200 (polled every 200 ms, nginx reloaded on a change), as an orchestrator's endpoint list would.
   */
  readonly routedPorts: number[];
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /**
   * The settings every process shares (DATABASE_URL, REDIS_URL, QUEUE_PREFIX, S3_*, SMTP_*,
   * ACCESS_CODES, AUTH_JWT_PRIVATE_KEY, PUBLIC_URL, …). PORT and WORKER_HTTP_PORT are set per process.
   */
  env: Record<string, string>;
  apis?: number;
  workers?: number;
  /** Fixed ports; free ports are picked where missing. */
  apiPorts?: number[];
  workerPorts?: number[];
  /**
   * nginx in front of the apis (default: on a free port of 127.0.0.1; `host` '0.0.0.0' listens on
   * every interface, as `npm run start:scaled` does); false for none.
   */
  loadBalancer?: { port?: number; host?: string } | false;
  /** Where the processes' log files (and nginx's config and temp files) go. */
  logDir: string;
}

export interface Cluster {
  readonly apis: ClusterProcess[];
  readonly workers: ClusterProcess[];
  readonly loadBalancer: LoadBalancer | null;
  /** The load balancer's URL, or the first api's without one. */
  readonly url: string;
  /** Every process: SIGTERM, then SIGKILL after a grace period. */
  stop(): Promise<void>;
}

/** Starts the apis and workers in parallel, then nginx; on a failure, stops what started and rejects. */
export declare function startCluster(options: ClusterOptions): Promise<Cluster>;

/** The nginx binary, installing Debian's `nginx` package first when it is missing. */
export declare function ensureNginx(): Promise<string>;

export declare function freePort(): Promise<number>;

/**
 * A Redis server of the caller's own on a free port, persisting as production should run it
 * (append-only file, `appendfsync everysec`, `noeviction`), in `dir`; killed and started again on
 * the same port and files.
 */
export interface OwnRedis {
  readonly port: number;
  /** redis://127.0.0.1:<port> */
  readonly url: string;
  readonly pid: number | null;
  start(): Promise<void>;
  /** SIGKILL by default: dies without a chance to write anything more. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  stop(): Promise<void>;
}
export declare function startOwnRedis(options: { dir: string; port?: number }): Promise<OwnRedis>;

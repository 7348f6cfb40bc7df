import { envSchema, type Env } from './config.schema';

/** The settings grouped by concern; services inject this, never the raw environment. */
export interface AppConfig {
  env: Env['NODE_ENV'];
  app: { name: string; version: string; publicUrl: string };
  http: {
    host: string;
    port: number;
    webDistDir: string;
    workerPort: number;
    /** Interface of the worker's health and metrics server. */
    workerHost: string;
    /** Client addresses that may read /metrics (addresses, CIDR ranges, loopback/linklocal/uniquelocal). */
    metricsAllowFrom: string[];
    /** Proxies whose X-Forwarded-For is believed (Fastify `trustProxy`): client addresses key rate limits. */
    trustProxy: string;
    /**
     * On SIGTERM the api answers not-ready for this long, serving as usual, before it stops
     * accepting connections: the time a load balancer or Kubernetes needs to stop routing to it.
     */
    shutdownDrainMs: number;
  };
  log: { level: Env['LOG_LEVEL'] };
  db: { url: string; poolSize: number };
  redis: { url: string; queuePrefix: string };
  s3: {
    endpoint: string;
    region: string;
    bucket: string;
    accessKeyId: string;
    secretAccessKey: string;
    forcePathStyle: boolean;
    publicUrl: string;
    /** The endpoint upload URLs are signed for: the one browsers reach, which the servers' may not be. */
    presignEndpoint: string;
  };
  media: {
    /** Decoding stops past this many pixels: a small file can declare a huge image (a pixel bomb). */
    maxInputPixels: number;
  };
  mail: { host: string; port: number; secure: boolean; user: string; password: string; from: string };
  gate: { accessCodes: string[] };
  auth: {
    /** PKCS#8 PEM (ES256). Empty outside production: each process makes its own key at boot. */
    jwtPrivateKey: string;
    accessTokenTtlSeconds: number;
    refreshTokenTtlDays: number;
    emailLinkTtlMinutes: number;
    mfaEncryptionKey: Buffer;
  };
  jobs: { outboxPollIntervalMs: number; attempts: number; backoffMs: number };
  /** Live plan editing: how often rooms hear the plan's version, and how presence entries live. */
  plans: { headIntervalMs: number; presenceTtlMs: number; presenceHeartbeatMs: number };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once; every bad or missing value is reported on its own line. */
export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  return {
    env: env.NODE_ENV,
    app: { name: env.APP_NAME, version: env.APP_VERSION, publicUrl: env.PUBLIC_URL.replace(/\/$/, '') },
    http: {
      host: env.HOST,
      port: env.PORT,
      webDistDir: env.WEB_DIST_DIR,
      workerPort: env.WORKER_HTTP_PORT,
      workerHost: env.WORKER_HTTP_HOST,
      metricsAllowFrom: env.METRICS_ALLOW_FROM,
      trustProxy: env.TRUST_PROXY,
      shutdownDrainMs: env.SHUTDOWN_DRAIN_MS,
    },
    log: { level: env.LOG_LEVEL },
    db: { url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE },
    redis: { url: env.REDIS_URL, queuePrefix: env.QUEUE_PREFIX },
    s3: {
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      bucket: env.S3_BUCKET,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      publicUrl: env.S3_PUBLIC_URL.replace(/\/$/, ''),
      presignEndpoint: env.S3_PRESIGN_ENDPOINT || env.S3_ENDPOINT,
    },
    media: { maxInputPixels: env.IMAGE_MAX_INPUT_PIXELS },
    mail: {
      host: env.SMTP_HOST,
      port: env.SMTP_PORT,
      secure: env.SMTP_SECURE,
      user: env.SMTP_USER,
      password: env.SMTP_PASSWORD,
      from: env.MAIL_FROM,
    },
    gate: { accessCodes: env.ACCESS_CODES },
    auth: {
      jwtPrivateKey: env.AUTH_JWT_PRIVATE_KEY.replace(/\\n/g, '\n'),
      accessTokenTtlSeconds: env.AUTH_ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlDays: env.AUTH_REFRESH_TOKEN_TTL_DAYS,
      emailLinkTtlMinutes: env.AUTH_EMAIL_LINK_TTL_MINUTES,
      mfaEncryptionKey: Buffer.from(env.AUTH_MFA_ENCRYPTION_KEY, 'base64'),
    },
    jobs: {
      outboxPollIntervalMs: env.OUTBOX_POLL_INTERVAL_MS,
      attempts: env.JOB_ATTEMPTS,
      backoffMs: env.JOB_BACKOFF_MS,
    },
    plans: {
      headIntervalMs: env.PLAN_HEAD_INTERVAL_MS,
      presenceTtlMs: env.PLAN_PRESENCE_TTL_MS,
      presenceHeartbeatMs: env.PLAN_PRESENCE_HEARTBEAT_MS,
    },
  };
}

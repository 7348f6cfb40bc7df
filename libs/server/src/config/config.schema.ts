import { z } from 'zod';
import { PLAN_HEAD_INTERVAL_MS, PLAN_PRESENCE } from '@datebook/contracts';
import { addressRangeProblems } from './address-ranges';

/**
 * Every setting of api and worker, with its default. This is the only place that reads
 * process.env; `.env.example` lists the same keys, and a unit test keeps the two in step.
 */
const bool = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');
// 0 asks the OS for any free port (tests).
const port = z.coerce.number().int().min(0).max(65535);
const url = z.url();
const list = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0),
);

/** Development-only key; production refuses it (see the refinement below). */
const DEV_MFA_KEY = 'ZGF0ZWJvb2stZGV2LW1mYS1rZXktMzItYnl0ZXMhISE=';

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    APP_NAME: z.string().min(1).default('Datebook'),
    APP_VERSION: z.string().min(1).default('0.1.0'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: port.default(3000),
    PUBLIC_URL: url.default('http://localhost:3000'),
    WEB_DIST_DIR: z.string().default(''),
    WORKER_HTTP_PORT: port.default(3001),
    // Loopback outside containers: the worker's health and metrics are for the machine's own probes.
    WORKER_HTTP_HOST: z.string().min(1).default('127.0.0.1'),
    METRICS_ALLOW_FROM: list.default(['loopback', 'uniquelocal']),
    TRUST_PROXY: z.string().min(1).default('loopback'),
    // How long a stopping api stays up answering not-ready, so load balancers stop routing to it first.
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(0),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

    DATABASE_URL: url.default('postgres://postgres@127.0.0.1:5432/datebook'),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),

    REDIS_URL: url.default('redis://127.0.0.1:6379'),
    QUEUE_PREFIX: z.string().min(1).default('datebook'),

    S3_ENDPOINT: url.default('http://127.0.0.1:4568'),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_BUCKET: z.string().min(3).default('media'),
    S3_ACCESS_KEY_ID: z.string().min(1).default('S3RVER'),
    S3_SECRET_ACCESS_KEY: z.string().min(1).default('S3RVER'),
    S3_FORCE_PATH_STYLE: bool.default(true),
    S3_PUBLIC_URL: url.default('http://localhost:4568/media'),
    S3_PRESIGN_ENDPOINT: z.union([z.literal(''), url]).default(''),

    IMAGE_MAX_INPUT_PIXELS: z.coerce.number().int().min(1_000_000).max(268_402_689).default(50_000_000),

    SMTP_HOST: z.string().min(1).default('127.0.0.1'),
    SMTP_PORT: port.default(1025),
    SMTP_SECURE: bool.default(false),
    SMTP_USER: z.string().default(''),
    SMTP_PASSWORD: z.string().default(''),
    MAIL_FROM: z.string().min(3).default('Datebook <hello@datebook.local>'),

    ACCESS_CODES: list.default(['datebook-dev']),

    AUTH_JWT_PRIVATE_KEY: z.string().default(''),
    AUTH_ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
    AUTH_REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    AUTH_EMAIL_LINK_TTL_MINUTES: z.coerce
      .number()
      .int()
      .min(5)
      .max(7 * 24 * 60)
      .default(60),
    AUTH_MFA_ENCRYPTION_KEY: z
      .string()
      .refine((value) => Buffer.from(value, 'base64').length === 32, 'must be 32 bytes, base64-encoded')
      .default(DEV_MFA_KEY),

    OUTBOX_POLL_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
    JOB_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(5),
    JOB_BACKOFF_MS: z.coerce.number().int().min(10).max(600_000).default(2_000),

    PLAN_HEAD_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(PLAN_HEAD_INTERVAL_MS),
    PLAN_PRESENCE_TTL_MS: z.coerce.number().int().min(200).max(600_000).default(PLAN_PRESENCE.ttlMs),
    PLAN_PRESENCE_HEARTBEAT_MS: z.coerce
      .number()
      .int()
      .min(50)
      .max(300_000)
      .default(PLAN_PRESENCE.heartbeatMs),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.ACCESS_CODES.includes('datebook-dev')) {
      ctx.addIssue({
        code: 'custom',
        path: ['ACCESS_CODES'],
        message: 'must be set to your own codes in production (the development code is public)',
      });
    }
    if (env.NODE_ENV === 'production' && env.AUTH_MFA_ENCRYPTION_KEY === DEV_MFA_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_MFA_ENCRYPTION_KEY'],
        message: 'must be set to your own key in production',
      });
    }
    if (env.NODE_ENV === 'production' && env.AUTH_JWT_PRIVATE_KEY === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_JWT_PRIVATE_KEY'],
        message: 'must hold the PEM signing key in production (every api replica signs with it)',
      });
    }
    if (env.PLAN_PRESENCE_HEARTBEAT_MS >= env.PLAN_PRESENCE_TTL_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['PLAN_PRESENCE_HEARTBEAT_MS'],
        message: 'must be shorter than PLAN_PRESENCE_TTL_MS, or live entries would expire between heartbeats',
      });
    }
    for (const problem of addressRangeProblems(env.METRICS_ALLOW_FROM)) {
      ctx.addIssue({ code: 'custom', path: ['METRICS_ALLOW_FROM'], message: problem });
    }
    if (env.ACCESS_CODES.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['ACCESS_CODES'], message: 'must list at least one code' });
    }
  });

export type Env = z.output<typeof envSchema>;

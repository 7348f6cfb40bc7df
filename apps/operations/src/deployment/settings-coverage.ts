import { envSchema } from '@datebook/server';
import { findObject, type KubernetesFiles } from './deployment-files';

/** Every setting api and worker read (libs/server/src/config/config.schema.ts). */
export const SETTING_KEYS: readonly string[] = Object.keys(envSchema.shape);

/**
 * Settings a production deployment may leave out, because the schema's default is right there too.
 * Every other setting must be written out in docker-compose.yml (api and worker) and in the
 * Kubernetes ConfigMap or Secret: a new setting fails the check until it is added there or here.
 */
export const OPTIONAL_SETTINGS: Readonly<Record<string, string>> = {
  APP_NAME: 'the product name, the same everywhere',
  APP_VERSION: 'only reported (health, metrics); the ConfigMap follows the image tag',
  HOST: '0.0.0.0 already listens on the container interface',
  PORT: '3000 is what the images expose and the probes and Services target',
  WEB_DIST_DIR: 'empty: containers serve the SPA from the web image, not from the api',
  WORKER_HTTP_PORT: '3001 is what the worker image exposes and the probes target',
  METRICS_ALLOW_FROM: 'loopback and private ranges already admit in-cluster and compose scrapers',
  LOG_LEVEL: 'info is the production level',
  DATABASE_POOL_SIZE: '10 per process; the ConfigMap sets it where max_connections is planned',
  S3_PRESIGN_ENDPOINT: 'empty: presign for S3_ENDPOINT, right whenever browsers can reach it (AWS)',
  IMAGE_MAX_INPUT_PIXELS: '50 MP admits every phone camera and guards against pixel bombs',
  SMTP_SECURE: 'false: STARTTLS on 587 or a relay inside the network',
  SMTP_USER: 'empty sends without authentication (a relay inside the network, MailDev)',
  SMTP_PASSWORD: 'as SMTP_USER',
  AUTH_ACCESS_TOKEN_TTL_SECONDS: 'product policy, not a property of the deployment',
  AUTH_REFRESH_TOKEN_TTL_DAYS: 'product policy, not a property of the deployment',
  AUTH_EMAIL_LINK_TTL_MINUTES: 'product policy, not a property of the deployment',
  OUTBOX_POLL_INTERVAL_MS: 'a safety net behind LISTEN/NOTIFY; the default is tuned',
  JOB_ATTEMPTS: 'retry policy tuned in the code base',
  JOB_BACKOFF_MS: 'retry policy tuned in the code base',
  PLAN_HEAD_INTERVAL_MS: 'live-editing tuning, not a property of the deployment',
  PLAN_PRESENCE_TTL_MS: 'live-editing tuning, not a property of the deployment',
  PLAN_PRESENCE_HEARTBEAT_MS: 'live-editing tuning, not a property of the deployment',
};

/** Settings only one process reads; the other's environment need not carry them. */
export const WORKER_ONLY_SETTINGS: readonly string[] = ['WORKER_HTTP_HOST'];

/** Keys of the Secret that are not app settings, with who reads them. */
export const NON_APP_SECRET_KEYS: Readonly<Record<string, string>> = {
  REDIS_PASSWORD: "KEDA's TriggerAuthentication (optional/worker-scaledobject.yaml); the app reads REDIS_URL",
};

export const requiredSettings = (): string[] => SETTING_KEYS.filter((key) => !(key in OPTIONAL_SETTINGS));

/** Required settings absent from `present`. */
export const missingSettings = (present: Iterable<string>, required = requiredSettings()): string[] => {
  const keys = new Set(present);
  return required.filter((key) => !keys.has(key));
};

/** Keys that no setting of the schema (and no entry of `alsoKnown`) names: a typo or a stale setting. */
export const unknownSettings = (keys: Iterable<string>, alsoKnown: readonly string[] = []): string[] =>
  [...keys].filter((key) => !SETTING_KEYS.includes(key) && !alsoKnown.includes(key));

interface ComposeServices {
  services: Record<string, { environment?: Record<string, unknown> }>;
}

/** A compose service's environment as the container gets it (every value a string). */
export function composeEnvironment(
  compose: Record<string, unknown>,
  service: string,
): Record<string, string> {
  const environment = (compose as unknown as ComposeServices).services[service]?.environment ?? {};
  return Object.fromEntries(Object.entries(environment).map(([key, value]) => [key, String(value)]));
}

/** The ConfigMap's and the Secret template's keys and values, as `envFrom` hands them to the pods. */
export function kubernetesSettings(files: KubernetesFiles): {
  configMap: Record<string, string>;
  secret: Record<string, string>;
} {
  const configMap = findObject(files.app, 'ConfigMap', 'datebook-config').data as Record<string, string>;
  const secret = findObject(files.secretTemplate, 'Secret', 'datebook-secrets').stringData as Record<
    string,
    string
  >;
  return { configMap, secret };
}

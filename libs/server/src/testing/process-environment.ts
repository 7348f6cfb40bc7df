import type { AppConfig } from '../config';

/**
 * The environment of an api or worker process on a test file's database, Redis key prefix, S3 and
 * MailDev (createTestEnvironment's config, turned back into the variables the apps parse at boot).
 * Every process gets the same signing key and public address (the tokens' issuer), as replicas
 * behind one load balancer do, so a member's token holds on each and across restarts. PORT and
 * WORKER_HTTP_PORT are the caller's to add.
 */
export function processEnvironment(config: AppConfig): Record<string, string> {
  if (config.auth.jwtPrivateKey === '') {
    throw new Error('The processes need one shared AUTH_JWT_PRIVATE_KEY');
  }
  return {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PUBLIC_URL: config.app.publicUrl,
    LOG_LEVEL: config.log.level === 'silent' ? 'warn' : config.log.level,
    DATABASE_URL: config.db.url,
    DATABASE_POOL_SIZE: '5',
    REDIS_URL: config.redis.url,
    QUEUE_PREFIX: config.redis.queuePrefix,
    S3_ENDPOINT: config.s3.endpoint,
    S3_PUBLIC_URL: config.s3.publicUrl,
    SMTP_HOST: config.mail.host,
    SMTP_PORT: String(config.mail.port),
    ACCESS_CODES: config.gate.accessCodes.join(','),
    AUTH_JWT_PRIVATE_KEY: config.auth.jwtPrivateKey,
  };
}

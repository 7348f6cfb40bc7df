/**
 * Where integration tests find the local S3 server and MailDev. `npm test` starts them and passes
 * these variables; a bare `jest` run starts its own on these defaults.
 */
export const testServices = {
  s3Port: Number(process.env.TEST_S3_PORT ?? 4569),
  smtpPort: Number(process.env.TEST_SMTP_PORT ?? 1026),
  maildevWebPort: Number(process.env.TEST_MAILDEV_WEB_PORT ?? 1081),
  databaseAdminUrl: process.env.DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
};

export const maildevUrl = (): string => `http://127.0.0.1:${testServices.maildevWebPort}`;

import { randomBytes } from 'node:crypto';
import { createDatabaseFromTemplate, dropDatabase } from '@datebook/db/testing';
import { loadConfig, type AppConfig } from '../config';
import { testServices } from './test-services';

export interface TestEnvironment {
  config: AppConfig;
  databaseName: string;
  /** Drops the file's database. */
  cleanup(): Promise<void>;
}

/**
 * A config for one test file: its own database cloned from the migrated template, its own Redis
 * key prefix (queues and rate limits), and the run's S3 server and MailDev.
 */
export async function createTestEnvironment(
  overrides: Record<string, string> = {},
): Promise<TestEnvironment> {
  const template = process.env.TEST_TEMPLATE_DATABASE;
  if (!template) {
    throw new Error('TEST_TEMPLATE_DATABASE is not set: run integration tests through their Jest project');
  }
  const suffix = randomBytes(5).toString('hex');
  const databaseName = `datebook_it_${suffix}`;
  const url = await createDatabaseFromTemplate(testServices.databaseAdminUrl, template, databaseName);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PORT: '0',
    WORKER_HTTP_PORT: '0',
    DATABASE_URL: url,
    DATABASE_POOL_SIZE: '4',
    REDIS_URL: testServices.redisUrl,
    QUEUE_PREFIX: `it-${suffix}`,
    S3_ENDPOINT: `http://127.0.0.1:${testServices.s3Port}`,
    S3_PUBLIC_URL: `http://127.0.0.1:${testServices.s3Port}/media`,
    SMTP_PORT: String(testServices.smtpPort),
    ACCESS_CODES: 'test-code-1,test-code-2',
    OUTBOX_POLL_INTERVAL_MS: '500',
    JOB_BACKOFF_MS: '50',
    ...overrides,
  });
  return {
    config,
    databaseName,
    cleanup: () => dropDatabase(testServices.databaseAdminUrl, databaseName),
  };
}

import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTemplateDatabase } from '@datebook/db/testing';
import { testServices } from './test-services';

import * as services from '../../../../scripts/lib/services.cjs';

/**
 * Once per Jest run: make sure the real services are up, and migrate a template database that each
 * test file clones (CREATE DATABASE … TEMPLATE), so files run in parallel with no shared state.
 */
export default async function globalSetup(): Promise<void> {
  await services.ensurePostgres();
  await services.ensureRedis();
  const children = [
    await services.startS3({
      port: testServices.s3Port,
      directory: join(tmpdir(), `datebook-s3-${process.pid}`),
    }),
    await services.startMaildev({ smtpPort: testServices.smtpPort, webPort: testServices.maildevWebPort }),
  ];
  const template = `datebook_tpl_${randomBytes(4).toString('hex')}`;
  await createTemplateDatabase(testServices.databaseAdminUrl, template);
  process.env.TEST_TEMPLATE_DATABASE = template;
  (globalThis as Record<string, unknown>).__datebookTestChildren = children;
}

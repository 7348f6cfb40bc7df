import { dropDatabase } from '@datebook/db/testing';
import { testServices } from './test-services';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const services =
  require('../../../../scripts/lib/services.cjs') as typeof import('../../../../scripts/lib/services.cjs');

export default async function globalTeardown(): Promise<void> {
  const template = process.env.TEST_TEMPLATE_DATABASE;
  if (template) {
    await dropDatabase(testServices.databaseAdminUrl, template);
  }
  const children = (globalThis as Record<string, unknown>).__datebookTestChildren;
  await services.stopAll((children as Parameters<typeof services.stopAll>[0]) ?? []);
}

import { dropDatabase } from '@datebook/db/testing';
import { testServices } from './test-services';

import * as services from '../../../../scripts/lib/services.cjs';

export default async function globalTeardown(): Promise<void> {
  const template = process.env.TEST_TEMPLATE_DATABASE;
  if (template) {
    await dropDatabase(testServices.databaseAdminUrl, template);
  }
  const children = (globalThis as Record<string, unknown>).__datebookTestChildren;
  await services.stopAll((children as Parameters<typeof services.stopAll>[0]) ?? []);
}

import type { INestApplicationContext, Type } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { TestData } from '@datebook/db/testing';
import { createTestEnvironment, type TestEnvironment } from '@datebook/server/testing';
import { startTestWorker } from './test-worker';

/** The worker of a test file, usable inside its tests and hooks. */
export interface TestWorkerContext {
  readonly app: INestApplicationContext;
  readonly env: TestEnvironment;
  readonly db: DataSource;
  /** The data builders on the worker's database. */
  readonly data: TestData;
  get<T>(token: Type<T>): T;
}

/**
 * A real worker on its own database for the enclosing describe: started in `beforeAll`, closed
 * with its database in `afterAll`. `overrides` are settings over the test defaults.
 */
export function useTestWorker(overrides: Record<string, string> = {}): TestWorkerContext {
  let running: { env: TestEnvironment; app: INestApplicationContext; data: TestData } | undefined;
  beforeAll(async () => {
    const env = await createTestEnvironment(overrides);
    const app = await startTestWorker(env.config);
    running = { env, app, data: new TestData(app.get(DataSource)) };
  });
  afterAll(async () => {
    const current = running;
    running = undefined;
    await current?.app.close();
    await current?.env.cleanup();
  });
  const current = () => {
    if (!running) {
      throw new Error('useTestWorker: the worker runs only inside tests and hooks');
    }
    return running;
  };
  return {
    get app() {
      return current().app;
    },
    get env() {
      return current().env;
    },
    get db() {
      return current().data.db;
    },
    get data() {
      return current().data;
    },
    get: (token) => current().app.get(token),
  };
}

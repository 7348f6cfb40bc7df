import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { generateKeyPairSync } from 'node:crypto';
import { DataSource } from 'typeorm';
import { TestData } from '@datebook/db/testing';
import { createTestEnvironment, type TestEnvironment } from '@datebook/server/testing';
import { createApiApp } from '../app.factory';
import type { TestApi } from './test-api';
import { adapterSubscribed, connectSocket, originOf, type TestSocket } from './test-sockets';

/** Two api processes of a test file, usable inside its tests and hooks. */
export interface TestApiCluster {
  readonly env: TestEnvironment;
  readonly apps: [NestFastifyApplication, NestFastifyApplication];
  /** The data builders on the shared database. */
  readonly data: TestData;
  /** One process as a TestApi, for the helpers that take one. */
  on(app: NestFastifyApplication): TestApi;
  /** A socket connected to one process; closed before the processes stop. */
  connect(app: NestFastifyApplication, options: Parameters<typeof connectSocket>[1]): Promise<TestSocket>;
}

/**
 * Two listening api processes as production runs them, for the enclosing describe: one database,
 * one Redis, and one signing key (each would otherwise make its own), so each verifies the other's
 * tokens. `overrides` are settings over the test defaults.
 */
export function useTestApiCluster(overrides: Record<string, string> = {}): TestApiCluster {
  let running:
    | { env: TestEnvironment; apps: [NestFastifyApplication, NestFastifyApplication]; sockets: TestSocket[] }
    | undefined;
  beforeAll(async () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const env = await createTestEnvironment({
      AUTH_JWT_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      ...overrides,
    });
    const apps: [NestFastifyApplication, NestFastifyApplication] = [
      await createApiApp(env.config),
      await createApiApp(env.config),
    ];
    for (const app of apps) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      await adapterSubscribed(app);
    }
    running = { env, apps, sockets: [] };
  });
  afterAll(async () => {
    const current = running;
    running = undefined;
    current?.sockets.forEach((socket) => socket.close());
    await Promise.all(current?.apps.map((app) => app.close()) ?? []);
    await current?.env.cleanup();
  });

  const current = () => {
    if (!running) {
      throw new Error('useTestApiCluster: the processes run only inside tests and hooks');
    }
    return running;
  };
  return {
    get env() {
      return current().env;
    },
    get apps() {
      return current().apps;
    },
    get data() {
      return new TestData(current().apps[0].get(DataSource));
    },
    on: (app) => ({
      app,
      env: current().env,
      request: (options) => app.getHttpAdapter().getInstance().inject(options),
      close: () => app.close(),
    }),
    connect: async (app, options) => {
      const socket = await connectSocket(originOf(app), options);
      current().sockets.push(socket);
      return socket;
    },
  };
}

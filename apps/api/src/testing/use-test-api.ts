import type { INestApplicationContext } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { DataSource } from 'typeorm';
import { TestData } from '@datebook/db/testing';
import type { TestEnvironment } from '@datebook/server/testing';
import { createTestApi, type TestApi } from './test-api';
import { adapterSubscribed, connectSocket, originOf, type TestSocket } from './test-sockets';

export interface UseTestApiOptions {
  /** Settings over the test defaults; a function runs in the hook, after what it names exists. */
  env?: Record<string, string> | (() => Record<string, string>);
  /** Listens on a port with the Redis adapter subscribed, for socket tests (`origin`, `connect`). */
  listen?: boolean;
  /** Runs a worker on the same database and queues (mail, search index, media). */
  worker?: boolean;
  /** A fresh api and database for each test instead of one for the file. */
  each?: boolean;
}

/** The api of a test file, usable inside its tests and hooks (not at the describe's top level). */
export interface TestApiContext extends TestApi {
  readonly db: DataSource;
  /** The data builders on the api's database. */
  readonly data: TestData;
  /** The listening api's origin (`listen: true`). */
  readonly origin: string;
  /** The worker (`worker: true`). */
  readonly worker: INestApplicationContext;
  /** A socket connected as the web app connects; closed before the api stops (`listen: true`). */
  connect(options?: Parameters<typeof connectSocket>[1]): Promise<TestSocket>;
}

interface Running {
  api: TestApi;
  data: TestData;
  origin?: string;
  worker?: INestApplicationContext;
  sockets: TestSocket[];
}

/**
 * The real api on its own database for the enclosing describe: starts it in a before hook and
 * stops it (sockets, then worker, then api and database) in the matching after hook.
 */
export function useTestApi(options: UseTestApiOptions = {}): TestApiContext {
  let running: Running | undefined;

  const start = async () => {
    const api = await createTestApi(typeof options.env === 'function' ? options.env() : options.env);
    running = { api, data: new TestData(api.app.get(DataSource)), sockets: [] };
    if (options.listen) {
      await api.app.listen({ port: 0, host: '127.0.0.1' });
      running.origin = originOf(api.app);
      await adapterSubscribed(api.app);
    }
    if (options.worker) {
      // Loaded only here: most api files run without a worker and need not load its modules.
      const { startTestWorker } = await import('@datebook/worker/testing');
      running.worker = await startTestWorker(api.env.config);
    }
  };
  const stop = async () => {
    const current = running;
    running = undefined;
    current?.sockets.forEach((socket) => socket.close());
    await current?.worker?.close();
    await current?.api.close();
  };
  if (options.each) {
    beforeEach(start);
    afterEach(stop);
  } else {
    beforeAll(start);
    afterAll(stop);
  }

  const current = (): Running => {
    if (!running) {
      throw new Error('useTestApi: the api runs only inside tests and hooks');
    }
    return running;
  };
  const required = <T>(value: T | undefined, option: keyof UseTestApiOptions): T => {
    if (value === undefined) {
      throw new Error(`useTestApi: pass { ${option}: true } to use this`);
    }
    return value;
  };
  return {
    get app(): NestFastifyApplication {
      return current().api.app;
    },
    get env(): TestEnvironment {
      return current().api.env;
    },
    get db(): DataSource {
      return current().data.db;
    },
    get data(): TestData {
      return current().data;
    },
    get origin(): string {
      return required(current().origin, 'listen');
    },
    get worker(): INestApplicationContext {
      return required(current().worker, 'worker');
    },
    request: (request: InjectOptions): Promise<LightMyRequestResponse> => current().api.request(request),
    close: () => current().api.close(),
    connect: async (socketOptions = {}) => {
      const { origin, sockets } = current();
      const socket = await connectSocket(required(origin, 'listen'), socketOptions);
      sockets.push(socket);
      return socket;
    },
  };
}

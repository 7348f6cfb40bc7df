import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { createTestEnvironment, type TestEnvironment } from '@datebook/server/testing';
import { createApiApp } from '../app.factory';

/** A member's or a visitor's way to call the api (`api.request`, or a signed-in user's `request`). */
export type Requester = (options: InjectOptions) => Promise<LightMyRequestResponse>;

export interface TestApi {
  app: NestFastifyApplication;
  env: TestEnvironment;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** The real api on its own database, driven in-process through Fastify's inject (no port). */
export async function createTestApi(overrides: Record<string, string> = {}): Promise<TestApi> {
  const env = await createTestEnvironment(overrides);
  const app = await createApiApp(env.config);
  await app.init();
  const fastify = app.getHttpAdapter().getInstance();
  await fastify.ready();
  return {
    app,
    env,
    request: (options) => fastify.inject(options),
    close: async () => {
      await app.close();
      await env.cleanup();
    },
  };
}

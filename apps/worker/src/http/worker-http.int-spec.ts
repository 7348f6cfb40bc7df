import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createTestEnvironment, type TestEnvironment } from '@datebook/server/testing';
import { WorkerModule } from '../worker.module';
import { WorkerHttpService } from './worker-http.service';

describe('worker probes', () => {
  let env: TestEnvironment;
  let worker: INestApplicationContext;

  beforeAll(async () => {
    env = await createTestEnvironment({ WORKER_HTTP_HOST: '127.0.0.1', WORKER_HTTP_PORT: '0' });
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(env.config), { logger: false });
    await worker.init();
  });
  afterAll(async () => {
    await worker.close();
    await env.cleanup();
  });

  it('listen on the configured host only and answer there', async () => {
    const addresses = worker.get(WorkerHttpService).listeningOn();
    expect(addresses).toHaveLength(1);
    expect(addresses[0]).toMatch(/^127\.0\.0\.1:\d+$/);
    const response = await fetch(`http://${addresses[0]}/health/live`);
    expect(response.status).toBe(200);
  });
});

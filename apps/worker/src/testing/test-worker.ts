import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { AppConfig } from '@datebook/server';
import { WorkerModule } from '../worker.module';

/** A real worker process's module (relay, queue workers, handlers) started in the test process. */
export async function startTestWorker(config: AppConfig): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config, { http: false }), {
    logger: false,
  });
  await app.init();
  return app;
}

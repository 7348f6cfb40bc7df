import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { ConfigError, createLogger, loadConfig, NestPinoLogger } from '@datebook/server';
import { WorkerModule } from './worker.module';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config, 'worker');
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), {
    logger: new NestPinoLogger(logger),
  });
  // A drained worker exits 0: its orchestrator (and the fault tests) tell a clean stop from a crash.
  app.enableShutdownHooks(['SIGTERM', 'SIGINT'], { useProcessExit: true });
  logger.info({ port: config.http.workerPort }, 'worker started');
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : String((error as Error).stack ?? error)}\n`,
  );
  process.exit(1);
});

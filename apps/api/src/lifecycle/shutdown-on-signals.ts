import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { AppConfig } from '@datebook/server';
import type { RedisIoAdapter } from '../realtime/redis-io.adapter';
import { DrainState } from './drain-state';
import { shutDownGracefully } from './graceful-shutdown';

const SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/**
 * Replaces Nest's own shutdown hooks, which would close the pools and Redis before the listener
 * and give in-flight requests no drain time. The first SIGTERM or SIGINT starts the graceful
 * drain; repeats change nothing (the orchestrator's SIGKILL ends a drain that takes too long).
 */
export function shutDownOnSignals(
  app: NestFastifyApplication,
  sockets: RedisIoAdapter,
  config: AppConfig,
  logger: Logger,
): void {
  let started = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (started) {
      return;
    }
    started = true;
    logger.info({ signal, drainMs: config.http.shutdownDrainMs }, 'shutting down: draining');
    const drain = app.get(DrainState, { strict: false });
    shutDownGracefully({
      markDraining: () => drain.start(),
      waitForDrain: () => sleep(config.http.shutdownDrainMs),
      stopAccepting: () => {
        logger.info('shutting down: no new connections, finishing accepted requests');
        return app.getHttpAdapter().close() as Promise<void>;
      },
      disconnectSockets: () => sockets.disconnectClients(),
      closeApp: () => app.close(),
    }).then(
      () => {
        logger.info('shut down');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  SIGNALS.forEach((signal) => process.on(signal, onSignal));
}

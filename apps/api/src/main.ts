import 'reflect-metadata';
import { ConfigError, loadConfig } from '@datebook/server';
import { buildApi } from './app.factory';
import { shutDownOnSignals } from './lifecycle/shutdown-on-signals';

async function main(): Promise<void> {
  const config = loadConfig();
  const { app, sockets, logger } = await buildApi(config);
  shutDownOnSignals(app, sockets, config, logger);
  await app.listen({ host: config.http.host, port: config.http.port });
}

main().catch((error: unknown) => {
  // A bad setting is the operator's to fix: say exactly which, without a stack trace.
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : String((error as Error).stack ?? error)}\n`,
  );
  process.exit(1);
});

import type { HealthCheck } from '@datebook/contracts';

export type Probe = () => Promise<unknown>;

/**
 * Runs every probe with a deadline; readiness is ok only when all are up. Each failure names its
 * dependency, so an operator sees which one is down.
 */
export async function checkReadiness(probes: Record<string, Probe>, timeoutMs = 2_000): Promise<HealthCheck> {
  type Check = HealthCheck['checks'][string];
  const entries = await Promise.all(
    Object.entries(probes).map(async ([name, probe]): Promise<[string, Check]> => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          probe(),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
          }),
        ]);
        return [name, { status: 'up' }];
      } catch (error) {
        return [name, { status: 'down', error: error instanceof Error ? error.message : String(error) }];
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  const status = entries.every(([, check]) => check.status === 'up') ? 'ok' : 'error';
  return { status, checks: Object.fromEntries(entries) };
}

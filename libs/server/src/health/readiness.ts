import type { HealthCheck } from '@datebook/contracts';

export type Probe = () => Promise<unknown>;

/**
 * Runs every probe with a deadline; readiness is ok only when all are up. Each failure names its
 * dependency, so an operator sees which one is down.
 */
export async function checkReadiness(probes: Record<string, Probe>, timeoutMs = 2_000): Promise<HealthCheck> {
  const entries = await Promise.all(
    Object.entries(probes).map(async ([name, probe]) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          probe(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
          }),
        ]);
        return [name, { status: 'up' as const }] as const;
      } catch (error) {
        return [name, { status: 'down' as const, error: error instanceof Error ? error.message : String(error) }] as const;
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  const checks = Object.fromEntries(entries);
  const status = entries.every(([, check]) => check.status === 'up') ? 'ok' : 'error';
  return { status, checks };
}

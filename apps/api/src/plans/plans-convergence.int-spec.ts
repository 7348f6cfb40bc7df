import { generateKeyPairSync } from 'node:crypto';
import { createTestEnvironment, processEnvironment, type TestEnvironment } from '@datebook/server/testing';
import {
  PLAN_CONVERGENCE_DEFAULTS,
  runPlanConvergence,
} from '../testing/plan-convergence/run-plan-convergence';

/* Sized for `npm test` on a small machine; the bench runs the same function larger. */
const sizeFrom = (value: string | undefined, fallback: number) => (value ? Number(value) : fallback);
const clients = sizeFrom(process.env.PLAN_CONVERGENCE_CLIENTS, PLAN_CONVERGENCE_DEFAULTS.clients);
const seconds = sizeFrom(process.env.PLAN_CONVERGENCE_SECONDS, PLAN_CONVERGENCE_DEFAULTS.seconds);
const seed = process.env.PLAN_CONVERGENCE_SEED ? Number(process.env.PLAN_CONVERGENCE_SEED) : undefined;

describe('live plan editing through drops, reloads and an api crash', () => {
  let env: TestEnvironment;

  beforeAll(async () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    env = await createTestEnvironment({
      AUTH_JWT_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    });
  });
  afterAll(async () => {
    await env.cleanup();
  });

  it(
    'converges: every member holds the database plan and every acknowledged op is applied exactly once',
    async () => {
      const report = await runPlanConvergence({
        apiEnvironment: processEnvironment(env.config),
        clients,
        seconds,
        seed,
      });
      process.stdout.write(`${report.line}\n`);

      expect(report.problems).toEqual([]);
      // The run exercised what it claims to: edits accepted, a crash survived, faults injected.
      expect(report.counts.acknowledged).toBeGreaterThan((report.shape.clients * seconds) / 2);
      expect(report.counts.apiKills).toBe(1);
      expect(report.counts.reloads + report.counts.disconnects).toBeGreaterThan(0);
    },
    (seconds + 150) * 1000,
  );
});

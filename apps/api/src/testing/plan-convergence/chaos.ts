import { setTimeout as sleep } from 'node:timers/promises';
import type { ApiProcess } from './api-process';
import type { OpLedger } from './op-ledger';
import type { SeededRandom } from './seeded-random';
import type { SimulatedMember } from './simulated-member';

/**
 * A member's life until `until`: edits at a human pace, now and then a dropped connection (edits
 * go on offline; half of the drops come a few milliseconds after an edit went out, so it may be
 * applied with its answer lost, and is sent again), a reload (a new page on the same device), or a pause.
 */
export async function memberLife(
  member: SimulatedMember,
  random: SeededRandom,
  until: number,
): Promise<void> {
  const drops: Promise<void>[] = [];
  while (Date.now() < until) {
    await sleep(random.between(100, 600));
    const roll = random.next();
    if (roll < 0.04) {
      const afterEditMs = random.chance(0.5) ? random.between(1, 25) : undefined;
      drops.push(member.dropConnection(random.between(300, 4_000), { afterEditMs }));
    } else if (roll < 0.065) {
      await member.reload();
    } else if (roll < 0.09) {
      await sleep(random.between(500, 2_500));
    } else {
      member.edit();
    }
  }
  await Promise.all(drops);
}

/**
 * Kills the api process with SIGKILL at `atMs` into the run (ops in flight on it die unanswered,
 * some after their commit) and starts it again on the same port a moment later.
 */
export async function crashAndRestart(
  api: ApiProcess,
  random: SeededRandom,
  atMs: number,
  ledger: OpLedger,
): Promise<void> {
  await sleep(atMs);
  await api.kill();
  ledger.counts.apiKills += 1;
  await sleep(random.between(1_000, 2_500));
  await api.start();
}

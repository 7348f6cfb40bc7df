import { randomUUID } from 'node:crypto';
import type { PlanOperationInput, PlanRole } from '@datebook/contracts';
import { liveEntries, type PlanState } from '@datebook/domain';
import type { SeededRandom } from './seeded-random';

/** Rows a plan grows to before members mostly remove (the timeline stays small and busy). */
const BUSY_ROWS = 12;
const TIME_ZONES = ['Europe/Paris', 'America/New_York', 'Asia/Tokyo'];

const instant = (date: string, hour: number, minute: number): string =>
  `${date}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00.000Z`;

/**
 * A member's next edit, chosen from the plan as they see it: mostly valid (title and date,
 * adding, scheduling, retiming, editing and removing rows), some that the rules refuse (an end
 * before its beginning), and, from the owner, now and then a lock or an unlock, which the others'
 * edits made meanwhile run into. Stale views make the server refuse some more (a row removed by
 * someone else, already scheduled).
 */
export function randomPlanOp(random: SeededRandom, plan: PlanState, role: PlanRole): PlanOperationInput {
  if (role === 'owner' && plan.status === 'prepared' && random.chance(plan.locked ? 0.6 : 0.03)) {
    return { type: 'plan.lock', locked: !plan.locked };
  }
  const rows = liveEntries(plan);
  const row = random.pick(rows);
  const day = plan.date ?? '2030-06-01';
  const roll = random.next();
  if (roll < 0.12) {
    return { type: 'plan.update', field: 'title', value: `Day out ${random.between(1, 9999)}` };
  }
  if (roll < 0.135) {
    return { type: 'plan.update', field: 'timeZone', value: random.pick(TIME_ZONES)! };
  }
  if (roll < 0.2) {
    return {
      type: 'plan.update',
      field: 'date',
      value: random.chance(0.1) ? null : `2030-06-${String(random.between(1, 28)).padStart(2, '0')}`,
    };
  }
  if (!row || (roll < 0.4 && rows.length < BUSY_ROWS)) {
    return {
      type: 'activity.add',
      ref: randomUUID(),
      source: {
        kind: 'custom',
        customDetails: `Stop ${random.between(1, 9999)}`,
        customLocation: random.chance(0.5) ? `Street ${random.between(1, 99)}` : undefined,
      },
    };
  }
  if (roll < 0.5) {
    return { type: 'activity.schedule', ref: row.ref };
  }
  if (roll < 0.72) {
    const hour = random.between(6, 20);
    const minutes = random.between(1, 3) * 30;
    // One in ten ends before it begins: refused by the rules, on the member's side already.
    const ends = random.chance(0.1) ? -minutes : minutes;
    const beginsAt = instant(day, hour, 0);
    const endsAt = new Date(Date.parse(beginsAt) + ends * 60_000).toISOString();
    return random.chance(0.08)
      ? { type: 'activity.setTimes', ref: row.ref, beginsAt: null, endsAt: null }
      : { type: 'activity.setTimes', ref: row.ref, beginsAt, endsAt };
  }
  if (roll < 0.86) {
    return random.chance(0.5)
      ? { type: 'activity.edit', ref: row.ref, customLocation: `Corner ${random.between(1, 999)}` }
      : { type: 'activity.edit', ref: row.ref, customDetails: `Bring ${random.between(1, 999)} snacks` };
  }
  return { type: 'activity.remove', ref: row.ref };
}

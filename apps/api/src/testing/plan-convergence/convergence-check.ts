import { isDeepStrictEqual } from 'node:util';
import type { DataSource } from 'typeorm';
import { planDocumentSchema, type PlanOperation } from '@datebook/contracts';
import type { PlanEventRow } from '@datebook/db';
import { planEventLog } from '@datebook/db/testing';
import { liveEntries, planStateFromDocument, type PlanState } from '@datebook/domain';
import type { ApiProcess } from './api-process';
import type { ConvergencePlan } from './convergence-setup';
import type { MemoryQueueStore } from './memory-queue-store';
import type { OpLedger } from './op-ledger';
import type { SimulatedMember } from './simulated-member';

const instant = (value: string | null) => (value === null ? null : new Date(value).toISOString());

/** What two members must agree on: the plan's fields and its live rows, by ref. */
function comparable(state: PlanState) {
  return {
    title: state.title,
    date: state.date,
    status: state.status,
    locked: state.locked,
    version: state.version,
    collaboratorIds: [...state.collaboratorIds].sort(),
    activities: liveEntries(state)
      .map((entry) => ({
        ref: entry.ref,
        activityId: entry.activityId,
        isCustom: entry.isCustom,
        customLocation: entry.customLocation,
        customDetails: entry.customDetails,
        beginsAt: instant(entry.beginsAt),
        endsAt: instant(entry.endsAt),
        status: entry.status,
      }))
      .sort((a, b) => a.ref.localeCompare(b.ref)),
  };
}

function differences(mine: ReturnType<typeof comparable>, theirs: ReturnType<typeof comparable>): string {
  const keys = Object.keys(mine) as Array<keyof typeof mine>;
  return keys
    .filter((key) => !isDeepStrictEqual(mine[key], theirs[key]))
    .map((key) => `${key}: ${JSON.stringify(mine[key])} ≠ ${JSON.stringify(theirs[key])}`)
    .join('; ');
}

async function readDocument(api: ApiProcess, plan: ConvergencePlan) {
  const response = await fetch(`${api.url}/api/plans/${plan.id}`, {
    headers: { authorization: `Bearer ${plan.members[0]!.accessToken}` },
  });
  if (!response.ok) {
    throw new Error(`GET /api/plans/${plan.id} answered ${response.status}`);
  }
  return planDocumentSchema.parse(await response.json());
}

/** The log: versions 1..N without a gap, N the plan's version, no op id twice, none unknown. */
function logProblems(plan: ConvergencePlan, events: PlanEventRow[], version: number, ledger: OpLedger) {
  const problems: string[] = [];
  const versions = events.map((event) => Number(event.version));
  const contiguous = versions.every((value, index) => value === index + 1);
  if (!contiguous || versions.length !== version) {
    problems.push(`plan ${plan.id}: versions ${versions.join(',')} are not 1..${version}`);
  }
  const seen = new Set<string>();
  for (const event of events) {
    if (seen.has(event.op_id)) {
      problems.push(`plan ${plan.id}: op ${event.op_id} applied twice`);
    }
    seen.add(event.op_id);
    const made = ledger.made.get(event.op_id);
    const type = (event.op as PlanOperation).type;
    if (!plan.setupOpIds.has(event.op_id) && (made?.planId !== plan.id || made.type !== type)) {
      problems.push(`plan ${plan.id}: v${event.version} ${type} ${event.op_id} was made by no member`);
    }
  }
  return problems;
}

/** Every accepted op id in the log once, at the version its answer said; no refused one in it. */
function ledgerProblems(plan: ConvergencePlan, events: PlanEventRow[], ledger: OpLedger) {
  const problems: string[] = [];
  const versionOf = new Map(events.map((event) => [event.op_id, Number(event.version)]));
  for (const [opId, version] of ledger.acknowledged) {
    if (ledger.made.get(opId)?.planId !== plan.id) {
      continue;
    }
    const logged = versionOf.get(opId);
    if (logged === undefined) {
      problems.push(`plan ${plan.id}: op ${opId} acknowledged at v${version} is missing from plan_events`);
    } else if (logged !== version) {
      problems.push(`plan ${plan.id}: op ${opId} acknowledged at v${version}, logged at v${logged}`);
    }
  }
  for (const [opId, code] of ledger.refused) {
    if (ledger.made.get(opId)?.planId === plan.id && !ledger.acknowledged.has(opId) && versionOf.has(opId)) {
      problems.push(`plan ${plan.id}: op ${opId} was refused (${code}) yet applied`);
    }
  }
  return problems;
}

async function memberProblems(
  member: SimulatedMember,
  planId: string,
  truth: ReturnType<typeof comparable>,
  store: MemoryQueueStore,
) {
  const problems: string[] = [];
  const snapshot = member.snapshot();
  if (!snapshot?.plan || snapshot.phase !== 'ready') {
    return [`${member.name}: the plan is not open (${snapshot?.phase ?? 'closed'})`];
  }
  if (snapshot.pendingCount > 0 || member.waiting > 0) {
    problems.push(
      `${member.name}: ${snapshot.pendingCount} edits pending, ${member.waiting} unanswered ` +
        `(socket ${member.connected ? 'connected' : 'down'}, ${snapshot.connection})`,
    );
  }
  const stored = await store.pending(planId, member.userId);
  if (stored > 0) {
    problems.push(`${member.name}: ${stored} edits left in the device's store`);
  }
  const mine = comparable(snapshot.plan);
  if (!isDeepStrictEqual(mine, truth)) {
    problems.push(`${member.name} diverged from the database: ${differences(mine, truth)}`);
  }
  return problems;
}

/**
 * Everything that must hold once the run is over: each member's confirmed plan equals the
 * database's (read over REST), nothing is left pending, and the database's log holds every
 * acknowledged op exactly once with versions 1..N. Returns the problems found, none when it converged.
 */
export async function convergenceProblems(input: {
  plans: readonly ConvergencePlan[];
  members: ReadonlyMap<string, readonly SimulatedMember[]>;
  api: ApiProcess;
  db: DataSource;
  store: MemoryQueueStore;
  ledger: OpLedger;
}): Promise<string[]> {
  const { plans, members, api, db, store, ledger } = input;
  const problems: string[] = [];
  for (const plan of plans) {
    const document = await readDocument(api, plan);
    const truth = comparable(planStateFromDocument(document));
    const log = await planEventLog(db, plan.id);
    problems.push(...logProblems(plan, log, document.version, ledger));
    problems.push(...ledgerProblems(plan, log, ledger));
    for (const member of members.get(plan.id) ?? []) {
      problems.push(...(await memberProblems(member, plan.id, truth, store)));
    }
  }
  return problems;
}

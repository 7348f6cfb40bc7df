import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import {
  planMessages,
  type PlanCatchUp,
  type PlanOpAccepted,
  type PlanOperationInput,
  type PlanOpResult,
} from '@datebook/contracts';
import { useTestApi } from '../testing/use-test-api';
import { applyOp, getPlan, newPlan, sendOp, type PlanMember } from '../testing/test-plans';
import { signedIn, visibilityCast } from '../testing/test-users';

/** One statement the driver sent: on which connection, its text, and its prepared name if any. */
interface Sent {
  client: Client;
  text: string;
  name?: string;
}

/**
 * Every statement node-postgres sends, recorded at the driver (the api runs in this process), so
 * what an operation costs under its plan's lock is counted, not estimated.
 */
function recordStatements() {
  const sent: Sent[] = [];
  const original = Client.prototype.query;
  const spy = jest.spyOn(Client.prototype, 'query').mockImplementation(function (
    this: Client,
    ...args: Parameters<typeof original>
  ) {
    const [config] = args as unknown as [string | { text: string; name?: string }];
    sent.push(
      typeof config === 'string'
        ? { client: this, text: config }
        : { client: this, text: config.text, name: config.name },
    );
    return (original as (...a: unknown[]) => unknown).apply(this, args) as ReturnType<typeof original>;
  });
  return { sent, restore: () => spy.mockRestore() };
}

/**
 * The statements sent while the plan's row lock was held: from the one that took it (FOR UPDATE on
 * planned_dates) to the end of its transaction, on that connection.
 */
function underLock(sent: readonly Sent[]): Sent[] {
  const start = sent.findIndex((statement) =>
    /planned_dates WHERE id = \$1(::bigint)? FOR UPDATE/.test(statement.text),
  );
  if (start < 0) {
    throw new Error(`No statement took the plan's lock:\n${sent.map((s) => s.text.slice(0, 80)).join('\n')}`);
  }
  const client = sent[start]!.client;
  const mine = sent.slice(start).filter((statement) => statement.client === client);
  const end = mine.findIndex((statement) => /^(COMMIT|ROLLBACK)\b/i.test(statement.text.trim()));
  return mine.slice(0, end + 1);
}

describe('what a plan operation costs under its lock', () => {
  const api = useTestApi();
  let recorder: ReturnType<typeof recordStatements> | undefined;
  afterEach(() => recorder?.restore());

  /** Sends `op` and answers the statements it sent under the lock. */
  async function counted(member: PlanMember, planId: string, op: PlanOperationInput, baseVersion = 0) {
    recorder = recordStatements();
    const response = await sendOp(member, planId, op, { baseVersion });
    recorder.restore();
    return { response, statements: underLock(recorder.sent) };
  }

  /** A transaction of "another api process" that holds the plan's row lock until it commits. */
  async function otherProcessLocking(planId: string) {
    const other = api.db.createQueryRunner();
    await other.connect();
    await other.startTransaction();
    await other.query('SELECT 1 FROM planned_dates WHERE id = $1 FOR UPDATE', [planId]);
    return other;
  }

  async function sharedPlan() {
    const owner = await signedIn(api);
    const friend = await signedIn(api);
    await api.data.follow(owner.user.id, friend.user.id);
    const plan = await newPlan(owner, { title: 'Beach day', date: '2030-06-01' });
    return { owner, friend, plan };
  }

  it('sends at most four statements under the lock for every kind of accepted operation, the hot ones prepared', async () => {
    const { owner, friend, plan } = await sharedPlan();
    const activityId = await api.data.newActivity(owner.user.id, { title: 'Pier walk' });
    const ref = randomUUID();
    const linkedRef = randomUUID();
    const ops: PlanOperationInput[] = [
      { type: 'collaborator.invite', userIds: [friend.user.id] },
      { type: 'activity.add', ref, source: { kind: 'custom', customDetails: 'Ice cream' } },
      { type: 'activity.add', ref: linkedRef, source: { kind: 'linked', activityId } },
      { type: 'activity.schedule', ref },
      {
        type: 'activity.setTimes',
        ref: linkedRef,
        beginsAt: '2030-06-01T18:00:00.000Z',
        endsAt: '2030-06-01T19:00:00.000Z',
      },
      { type: 'plan.update', field: 'timeZone', value: 'Asia/Tokyo' },
      { type: 'plan.update', field: 'title', value: 'Pier day' },
      { type: 'activity.edit', ref, customLocation: 'Pier 39' },
      { type: 'activity.remove', ref },
      { type: 'plan.lock', locked: true },
      { type: 'plan.lock', locked: false },
      { type: 'collaborator.remove', userId: friend.user.id },
    ];
    const costs: Array<[string, string[]]> = [];
    for (const op of ops) {
      // A base version behind the plan's makes register ops look for whose change they replace.
      const { response, statements } = await counted(owner, plan.id, op, 1);
      expect({ op: op.type, status: response.statusCode }).toEqual({ op: op.type, status: 201 });
      costs.push([op.type, statements.map((statement) => statement.name ?? statement.text)]);
    }
    // The lock with the state, the writes with the event, COMMIT: both named (planned once per
    // connection), and no other statement while the lock is held.
    expect(costs.filter(([, sent]) => sent.length > 4)).toEqual([]);
    expect(costs).toEqual(
      ops.map((op) => [op.type, ['plan_op_lock', expect.stringMatching(/^plan_op_write_/), 'COMMIT']]),
    );
    const document = await getPlan(owner, plan.id);
    expect(document).toMatchObject({ title: 'Pier day', timeZone: 'Asia/Tokyo', version: ops.length + 1 });
  });

  it('answers a refusal and a replay with two statements under the lock', async () => {
    const { owner, plan } = await sharedPlan();
    const refused = await counted(owner, plan.id, { type: 'activity.schedule', ref: randomUUID() });
    expect(refused.response.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statements.map((s) => s.name ?? s.text)).toEqual(['plan_op_lock', 'COMMIT']);

    const opId = randomUUID();
    await applyOp(owner, plan.id, { type: 'plan.update', field: 'title', value: 'Once' }, { opId });
    recorder = recordStatements();
    const again = await sendOp(
      owner,
      plan.id,
      { type: 'plan.update', field: 'title', value: 'Once' },
      { opId },
    );
    recorder.restore();
    expect(again.json()).toMatchObject({ ok: true, duplicate: true, version: 2 });
    expect(underLock(recorder.sent).map((s) => s.name ?? s.text)).toEqual(['plan_op_lock', 'COMMIT']);
  });

  it('reads the state again when another transaction committed to the plan while it waited for the lock', async () => {
    const { owner, plan } = await sharedPlan();
    const ref = randomUUID();
    await applyOp(owner, plan.id, {
      type: 'activity.add',
      ref,
      source: { kind: 'custom', customDetails: 'Kites' },
    });
    // Another api process removes the row: it holds the lock while this process's operation waits.
    const other = await otherProcessLocking(plan.id);
    await other.query(
      `UPDATE planned_date_activities SET deleted_at = now() WHERE planned_date_id = $1 AND client_ref = $2`,
      [plan.id, ref],
    );
    await other.query(`UPDATE planned_dates SET version = 3 WHERE id = $1`, [plan.id]);
    await other.query(
      `INSERT INTO plan_events (plan_id, version, op_id, actor_id, client_id, op, result)
       VALUES ($1, 3, $2, $3, 'other-process', $4::jsonb, '{}'::jsonb)`,
      [plan.id, randomUUID(), owner.user.id, JSON.stringify({ type: 'activity.remove', ref })],
    );
    recorder = recordStatements();
    const waiting = sendOp(owner, plan.id, { type: 'activity.schedule', ref }, { baseVersion: 2 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await other.commitTransaction();
    await other.release();
    const response = await waiting;
    recorder.restore();

    // Refused as the plan stands after the other commit (the row is gone), not as it was read.
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: { message: planMessages.activityGone } });
    expect(underLock(recorder.sent).map((s) => s.name ?? s.text)).toEqual([
      'plan_op_lock',
      'plan_op_state',
      'COMMIT',
    ]);
    const scheduled = await applyOp(owner, plan.id, { type: 'plan.update', field: 'title', value: 'After' });
    expect(scheduled.version).toBe(4);
  });

  it('applies operations queued behind a busy plan under one lock and one COMMIT, each answered as if alone', async () => {
    const { owner, friend, plan } = await sharedPlan();
    await applyOp(owner, plan.id, { type: 'collaborator.invite', userIds: [friend.user.id] });
    const ref = randomUUID();
    await applyOp(owner, plan.id, {
      type: 'activity.add',
      ref,
      source: { kind: 'custom', customDetails: 'Kites' },
    });
    // Another api process holds the plan's lock: this process's first op waits for it, the rest queue.
    const other = await otherProcessLocking(plan.id);
    recorder = recordStatements();
    const first = sendOp(
      owner,
      plan.id,
      { type: 'plan.update', field: 'title', value: 'First' },
      { baseVersion: 3 },
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const repeated = randomUUID();
    const edit: PlanOperationInput = { type: 'activity.edit', ref, customLocation: 'Pier 39' };
    const queued = Promise.all([
      sendOp(friend, plan.id, { type: 'plan.update', field: 'title', value: 'Second' }, { baseVersion: 3 }),
      sendOp(owner, plan.id, { type: 'activity.schedule', ref: randomUUID() }),
      sendOp(owner, plan.id, edit, { opId: repeated }),
      sendOp(owner, plan.id, edit, { opId: repeated }),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await other.commitTransaction();
    await other.release();
    const [firstResponse, [titled, refused, edited, editedAgain]] = await Promise.all([first, queued]);
    recorder.restore();

    expect(firstResponse.json()).toMatchObject({ ok: true, version: 4 });
    // Each as if it were alone: the friend replaced the owner's title, the schedule of a missing row
    // is refused, and the same op id twice is applied once and answered twice.
    expect(titled.json()).toMatchObject({ ok: true, overwrote: { actorId: owner.user.id } });
    expect(refused.statusCode).toBe(409);
    const answers = [edited.json<PlanOpResult>(), editedAgain.json<PlanOpResult>()];
    expect(answers.filter((answer) => answer.ok && 'duplicate' in answer)).toHaveLength(1);
    expect(new Set(answers.map((answer) => (answer.ok ? answer.version : null))).size).toBe(1);
    expect([titled.json<PlanOpAccepted>().version, edited.json<PlanOpAccepted>().version].sort()).toEqual([
      5, 6,
    ]);
    // Two turns: the op that waited for the other process's lock, then the four that queued.
    const locking = new Set(recorder.sent.filter((s) => s.name === 'plan_op_lock').map((s) => s.client));
    // The other process's COMMIT is left out.
    const named = recorder.sent
      .filter((statement) => locking.has(statement.client))
      .map((statement) => statement.name ?? statement.text.trim());
    expect(named.filter((name) => name === 'plan_op_lock')).toHaveLength(2);
    expect(named.filter((name) => name.startsWith('plan_op_write_'))).toHaveLength(3);
    expect(named.filter((name) => name === 'COMMIT')).toHaveLength(2);
    const document = await getPlan(owner, plan.id);
    expect(document).toMatchObject({ title: 'Second', version: 6 });
    expect(document.activities.find((row) => row.ref === ref)).toMatchObject({ location: 'Pier 39' });
  });

  it('catches a member up in one statement, with linked rows projected for that member and nothing re-read for the others', async () => {
    const { privateAuthor: p, follower: c, member: b } = await visibilityCast(api);
    await api.data.follow(c.user.id, p.user.id);
    await api.data.follow(b.user.id, c.user.id);
    const activityId = await api.data.newActivity(p.user.id, { title: 'Secret spot', budget: '$$$' });
    const plan = await newPlan(b, { title: 'Weekend', date: '2030-06-01' });
    await applyOp(b, plan.id, { type: 'collaborator.invite', userIds: [c.user.id] });
    const linked = randomUUID();
    const custom = randomUUID();
    await applyOp(c, plan.id, { type: 'activity.add', ref: linked, source: { kind: 'linked', activityId } });
    await applyOp(b, plan.id, {
      type: 'activity.add',
      ref: custom,
      source: { kind: 'custom', customDetails: 'Tea' },
    });
    await applyOp(b, plan.id, { type: 'activity.schedule', ref: custom });

    const catchUp = async (member: PlanMember) => {
      recorder = recordStatements();
      const response = await member.request({ method: 'GET', url: `/api/plans/${plan.id}/events?since=2` });
      recorder.restore();
      expect(response.statusCode).toBe(200);
      const catchUpQueries = recorder.sent.filter((statement) => /plan_events/.test(statement.text));
      return { body: response.json<PlanCatchUp>(), statements: catchUpQueries };
    };
    const linkedOf = (body: PlanCatchUp) =>
      'events' in body
        ? body.events.flatMap((event) =>
            event.changes.flatMap((change) => (change.kind === 'addEntry' ? [change.entry.linked] : [])),
          )
        : [];

    const follower = await catchUp(c);
    expect(follower.statements).toHaveLength(1);
    expect(follower.body).toMatchObject({ role: 'collaborator', version: 5 });
    expect('events' in follower.body && follower.body.events.map((event) => event.version)).toEqual([
      3, 4, 5,
    ]);
    expect(linkedOf(follower.body)).toEqual([
      expect.objectContaining({ title: 'Secret spot', budget: '$$$' }),
      null,
    ]);

    const owner = await catchUp(b);
    expect(owner.statements).toHaveLength(1);
    expect(linkedOf(owner.body)).toEqual([
      { title: null, location: null, imageUrl: null, budget: null },
      null,
    ]);
    expect(JSON.stringify(owner.body)).not.toContain('Secret spot');

    const stranger = await signedIn(api);
    const refused = await stranger.request({ method: 'GET', url: `/api/plans/${plan.id}/events?since=2` });
    expect(refused.statusCode).toBe(404);
  });
});

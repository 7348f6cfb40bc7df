import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { messages, planMessages, PLAN_SOCKET_LIMITS, type PlanEvent } from '@datebook/contracts';
import { useTestApi } from '../testing/use-test-api';
import {
  applyOp,
  asPlanSocket,
  getPlan,
  joinPlan,
  newPlan,
  planEventsOf,
  sendOp,
  socketOp,
  type PlanMember,
  type PlanTestSocket,
} from '../testing/test-plans';
import { signedIn } from '../testing/test-users';

describe('plans over the socket', () => {
  const api = useTestApi({ listen: true });
  const connect = async (member: PlanMember): Promise<PlanTestSocket> => {
    return asPlanSocket(await api.connect({ auth: { token: member.session.accessToken } }));
  };

  async function sharedPlan() {
    const owner = await signedIn(api);
    const friend = await signedIn(api);
    await api.data.follow(owner.user.id, friend.user.id);
    const plan = await newPlan(owner, { title: 'Beach day', date: '2030-06-01' });
    await applyOp(owner, plan.id, { type: 'collaborator.invite', userIds: [friend.user.id] });
    return { owner, friend, plan: await getPlan(owner, plan.id) };
  }

  it('lets members join with a catch-up, and refuses strangers and bad plan ids', async () => {
    const { owner, friend, plan } = await sharedPlan();
    const stranger = await signedIn(api);
    const ownerSocket = await connect(owner);
    const snapshot = await joinPlan(ownerSocket, plan.id);
    expect(snapshot).toMatchObject({ ok: true, role: 'owner', version: 2, snapshot: { id: plan.id } });
    const events = await joinPlan(await connect(friend), plan.id, 1);
    expect(events).toMatchObject({ ok: true, role: 'collaborator', version: 2, events: [{ version: 2 }] });
    const current = await joinPlan(ownerSocket, plan.id, 2);
    expect(current).toEqual({ ok: true, role: 'owner', version: 2, events: [] });
    const ahead = await joinPlan(ownerSocket, plan.id, 40);
    expect(ahead).toMatchObject({ ok: true, version: 2, snapshot: { version: 2 } });

    const strangerSocket = await connect(stranger);
    for (const planId of [plan.id, '99999999', 'abc']) {
      const refused = await joinPlan(strangerSocket, planId);
      expect(refused).toMatchObject({
        ok: false,
        error: { code: expect.stringMatching(/NOT_FOUND|VALIDATION_FAILED/) },
      });
    }
    expect(await joinPlan(strangerSocket, plan.id)).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: planMessages.notFound },
    });
    // A stranger not in the room hears nothing of the plan.
    const heard = planEventsOf(strangerSocket, 'plan.event');
    const op = await socketOp(strangerSocket, plan.id, {
      type: 'plan.update',
      field: 'title',
      value: 'Mine',
    });
    expect(op).toEqual({ ok: false, code: 'NOT_FOUND', message: planMessages.notFound });
    await applyOp(owner, plan.id, { type: 'plan.update', field: 'title', value: 'Still ours' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard.received).toEqual([]);
  });

  it('delivers each edit once per socket: the sender by its ack, every other socket (the sender’s other tab too) by the room', async () => {
    const { owner, friend, plan } = await sharedPlan();
    const ownerSocket = await connect(owner);
    const ownerOtherTab = await connect(owner);
    const friendSocket = await connect(friend);
    for (const socket of [ownerSocket, ownerOtherTab, friendSocket]) {
      await joinPlan(socket, plan.id, plan.version);
    }
    const ownerHears = planEventsOf(ownerSocket, 'plan.event');
    const otherTabHears = planEventsOf(ownerOtherTab, 'plan.event');
    const friendHears = planEventsOf(friendSocket, 'plan.event');

    const ref = randomUUID();
    const added = await socketOp(friendSocket, plan.id, {
      type: 'activity.add',
      ref,
      source: { kind: 'custom', customDetails: 'Ice cream' },
    });
    expect(added).toMatchObject({ ok: true, version: 3, event: { version: 3, opId: expect.any(String) } });
    const scheduled = await socketOp(ownerSocket, plan.id, { type: 'activity.schedule', ref });
    expect(scheduled).toMatchObject({
      ok: true,
      version: 4,
      event: { version: 4, op: { type: 'activity.schedule' } },
    });

    const versions = (events: PlanEvent[]) =>
      events.map((event) => [event.version, event.op.type, event.actorId]);
    expect(versions([await otherTabHears.next(), await otherTabHears.next()])).toEqual([
      [3, 'activity.add', friend.user.id],
      [4, 'activity.schedule', owner.user.id],
    ]);
    expect(versions([await ownerHears.next()])).toEqual([[3, 'activity.add', friend.user.id]]);
    expect(versions([await friendHears.next()])).toEqual([[4, 'activity.schedule', owner.user.id]]);
    // Nothing else comes: neither sender hears its own edit from the room.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect([ownerHears.received, otherTabHears.received, friendHears.received]).toEqual([[], [], []]);

    // A retry with the same op id is acknowledged as a duplicate and not applied again.
    const opId = randomUUID();
    const first = await socketOp(ownerSocket, plan.id, { type: 'activity.remove', ref }, { opId });
    const again = await socketOp(ownerSocket, plan.id, { type: 'activity.remove', ref }, { opId });
    expect(first).toMatchObject({ ok: true, version: 5 });
    expect(again).toMatchObject({ ok: true, duplicate: true, version: 5 });
    // A refusal that says the client is behind carries the plan as it stands.
    const gone = await socketOp(ownerSocket, plan.id, { type: 'activity.schedule', ref });
    expect(gone).toMatchObject({ ok: false, code: 'GONE', canonical: { version: 5, activities: [] } });
  });

  it('tells every open list of a status change once: not the sending socket, whose ack tells it', async () => {
    const { owner, friend, plan } = await sharedPlan();
    expect(plan.status).toBe('prepared');
    const [sender, ownerOtherTab, friendSocket] = [
      await connect(owner),
      await connect(owner),
      await connect(friend),
    ];
    await joinPlan(sender, plan.id, plan.version);
    const senderHears = planEventsOf(sender, 'plans.changed');
    const otherTabHears = planEventsOf(ownerOtherTab, 'plans.changed');
    const friendHears = planEventsOf(friendSocket, 'plans.changed');

    const answer = await socketOp(sender, plan.id, { type: 'status.change', to: 'draft' });
    expect(answer).toMatchObject({ ok: true, event: { changes: [{ kind: 'status', to: 'draft' }] } });
    await otherTabHears.next();
    await friendHears.next();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect([senderHears.received, otherTabHears.received, friendHears.received]).toEqual([[], [], []]);
  });

  it('takes a removed collaborator out of the room at once and tells their open editor', async () => {
    const { owner, friend, plan } = await sharedPlan();
    const ownerSocket = await connect(owner);
    const friendSocket = await connect(friend);
    const secondTab = await connect(friend);
    for (const socket of [ownerSocket, friendSocket, secondTab]) {
      await joinPlan(socket, plan.id, plan.version);
    }
    const access = planEventsOf(secondTab, 'plan.access');
    const lists = planEventsOf(friendSocket, 'plans.changed');
    const heard = planEventsOf(friendSocket, 'plan.event');
    await socketOp(ownerSocket, plan.id, { type: 'collaborator.remove', userId: friend.user.id });
    expect(await access.next()).toEqual({ planId: plan.id, revoked: true });
    expect(await lists.next()).toEqual({});
    expect((await heard.next()).op.type).toBe('collaborator.remove');

    await applyOp(owner, plan.id, { type: 'plan.update', field: 'title', value: 'Just me' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard.received).toEqual([]);
    expect(
      await socketOp(friendSocket, plan.id, { type: 'plan.update', field: 'title', value: 'Back' }),
    ).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
    expect(await joinPlan(friendSocket, plan.id)).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });

  it('tells the room when Date Completed published the recap', async () => {
    const { owner, friend, plan } = await sharedPlan();
    const ref = randomUUID();
    await applyOp(owner, plan.id, {
      type: 'activity.add',
      ref,
      source: { kind: 'custom', customDetails: 'Swim' },
    });
    const friendSocket = await connect(friend);
    await joinPlan(friendSocket, plan.id);
    const published = planEventsOf(friendSocket, 'plan.published');
    const answer = await socketOp(await connect(owner), plan.id, {
      type: 'status.change',
      to: 'completed',
      publish: { title: 'Beach day', description: 'Sunny.', photos: { fromActivityRefs: [ref] } },
    });
    expect(answer).toMatchObject({ ok: true });
    const { publishedDateId } = await getPlan(friend, plan.id);
    expect(await published.next()).toEqual({ planId: plan.id, dateId: publishedDateId });
  });

  it('limits operations per socket and refuses malformed and oversized payloads', async () => {
    const owner = await signedIn(api);
    const plan = await newPlan(owner);
    const socket = await connect(owner);
    await joinPlan(socket, plan.id);

    const malformed = [
      { planId: plan.id },
      { planId: plan.id, opId: 'x', clientId: 'tab', baseVersion: 0, op: { type: 'plan.delete' } },
      {
        planId: plan.id,
        opId: randomUUID(),
        clientId: 'tab',
        baseVersion: 0,
        op: { type: 'activity.setTimes', ref: randomUUID(), beginsAt: '10 o’clock', endsAt: null },
      },
      {
        planId: plan.id,
        opId: randomUUID(),
        clientId: 'tab',
        baseVersion: 0,
        op: { type: 'plan.update', field: 'title', value: 'x'.repeat(PLAN_SOCKET_LIMITS.payloadBytes) },
      },
      'not even an object',
    ];
    for (const payload of malformed) {
      const answer = await (
        socket as unknown as { timeout(ms: number): { emitWithAck(e: string, p: unknown): Promise<unknown> } }
      )
        .timeout(5_000)
        .emitWithAck('plan.op', payload);
      expect(answer).toMatchObject({ ok: false, code: 'INVALID' });
    }
    const answers = [];
    for (let i = malformed.length; i < PLAN_SOCKET_LIMITS.opsPerWindow + 2; i += 1) {
      answers.push(
        await socketOp(socket, plan.id, { type: 'plan.update', field: 'title', value: `Title ${i}` }),
      );
    }
    expect(answers.filter((answer) => answer.ok)).toHaveLength(
      PLAN_SOCKET_LIMITS.opsPerWindow - malformed.length,
    );
    expect(answers.at(-1)).toEqual({ ok: false, code: 'RATE_LIMITED', message: messages.errors.rateLimited });
    // The socket stays usable for reads.
    expect(await joinPlan(socket, plan.id)).toMatchObject({ ok: true });
  });

  const storedOps = async (planId: string, opIds: string[]): Promise<number> => {
    const [row] = await api.app
      .get(DataSource)
      .query<Array<{ n: number }>>(
        'SELECT count(*)::int AS n FROM plan_events WHERE plan_id = $1 AND op_id = ANY($2::uuid[])',
        [planId, opIds],
      );
    return row!.n;
  };

  it('applies an op refused for the rate once when it is sent again later', async () => {
    const owner = await signedIn(api);
    const plan = await newPlan(owner);
    const socket = await connect(owner);
    await joinPlan(socket, plan.id);
    for (let i = 0; i < PLAN_SOCKET_LIMITS.opsPerWindow; i += 1) {
      expect(
        await socketOp(socket, plan.id, { type: 'plan.update', field: 'title', value: `Title ${i}` }),
      ).toMatchObject({ ok: true });
    }
    const opId = randomUUID();
    const op = { type: 'plan.update', field: 'title', value: 'The one that waited' } as const;
    expect(await socketOp(socket, plan.id, op, { opId })).toEqual({
      ok: false,
      code: 'RATE_LIMITED',
      message: messages.errors.rateLimited,
    });
    expect(await storedOps(plan.id, [opId])).toBe(0);

    // Later (a new connection has a fresh window), the same op id is applied, and only once.
    const later = await connect(owner);
    const applied = await socketOp(later, plan.id, op, { opId });
    expect(applied).toMatchObject({ ok: true, version: PLAN_SOCKET_LIMITS.opsPerWindow + 2 });
    expect(await socketOp(later, plan.id, op, { opId })).toMatchObject({ ok: true, duplicate: true });
    expect((await sendOp(owner, plan.id, op, { opId })).json()).toMatchObject({ duplicate: true });
    expect(await storedOps(plan.id, [opId])).toBe(1);
    expect((await getPlan(owner, plan.id)).title).toBe('The one that waited');
  });

  it('refuses a removed collaborator’s queued offline edits, over a new socket and over REST', async () => {
    const { owner, friend, plan } = await sharedPlan();
    // Edits the collaborator made offline before the removal, each with its op id.
    const queued = [randomUUID(), randomUUID(), randomUUID()];
    await applyOp(owner, plan.id, { type: 'collaborator.remove', userId: friend.user.id });

    const socket = await connect(friend);
    expect(await joinPlan(socket, plan.id, plan.version)).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    const bySocket = await socketOp(
      socket,
      plan.id,
      { type: 'plan.update', field: 'title', value: 'Offline title' },
      { opId: queued[0], baseVersion: plan.version },
    );
    expect(bySocket).toEqual({ ok: false, code: 'NOT_FOUND', message: planMessages.notFound });
    const added = await socketOp(
      socket,
      plan.id,
      { type: 'activity.add', ref: randomUUID(), source: { kind: 'custom', customDetails: 'Offline row' } },
      { opId: queued[1], baseVersion: plan.version },
    );
    expect(added).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    const byRest = await sendOp(
      friend,
      plan.id,
      { type: 'plan.update', field: 'date', value: '2030-06-02' },
      { opId: queued[2], baseVersion: plan.version },
    );
    expect(byRest.statusCode).toBe(404);

    expect(await storedOps(plan.id, queued)).toBe(0);
    const after = await getPlan(owner, plan.id);
    expect(after).toMatchObject({ title: 'Beach day', date: '2030-06-01', activities: [] });
  });
});

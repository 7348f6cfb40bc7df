import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import {
  messages,
  PLAN_MEMBER_OP_LIMIT,
  type PlanCatchUp,
  type PlanEvent,
  type PlanOperationInput,
} from '@datebook/contracts';
import { createApiApp } from '../app.factory';
import {
  applyOp,
  asPlanSocket,
  getPlan,
  joinPlan,
  joinPlanHidden,
  newPlan,
  planEventsOf,
  presenceWhere,
  presentUsers,
  sendOp,
  setPresence,
  socketOp,
  type PlanMember,
} from '../testing/test-plans';
import { adapterSubscribed } from '../testing/test-sockets';
import { useTestApiCluster } from '../testing/use-test-api-cluster';
import { asSession, newUser, sessionFor } from '../testing/test-users';

const PRESENCE_TTL_MS = 1_500;

/** Two api processes on one database and one Redis, as production runs them. */
describe('plans on two api processes', () => {
  const cluster = useTestApiCluster({
    // Short enough to watch a dead replica's entries lapse and heads arrive within a test.
    PLAN_PRESENCE_TTL_MS: String(PRESENCE_TTL_MS),
    PLAN_PRESENCE_HEARTBEAT_MS: '200',
    PLAN_HEAD_INTERVAL_MS: '300',
  });

  /** A member signed in once, calling api `app`. */
  async function memberOn(app: NestFastifyApplication, userId?: string): Promise<PlanMember> {
    const api = cluster.on(app);
    const user = userId ? { id: userId, username: '' } : await newUser(api);
    const session = await sessionFor(api, { id: user.id, email: '', username: user.username, password: '' });
    return { user, session, request: asSession(api, session) };
  }

  it('applies concurrent operations from both processes with contiguous versions, each delivered everywhere once', async () => {
    const [a, b] = cluster.apps;
    const owner = await memberOn(a);
    const friendOnA = await memberOn(a);
    const friendOnB = await memberOn(b, friendOnA.user.id);
    const ownerOnB = await memberOn(b, owner.user.id);
    await cluster.data.follow(owner.user.id, friendOnA.user.id);
    const plan = await newPlan(owner, { title: 'Road trip', date: '2030-07-01' });
    await applyOp(owner, plan.id, { type: 'collaborator.invite', userIds: [friendOnA.user.id] });

    // The owner listens on A, the collaborator on B.
    const ownerSocket = asPlanSocket(
      await cluster.connect(a, { auth: { token: owner.session.accessToken } }),
    );
    const friendSocket = asPlanSocket(
      await cluster.connect(b, { auth: { token: friendOnB.session.accessToken } }),
    );
    await joinPlan(ownerSocket, plan.id, 2);
    await joinPlan(friendSocket, plan.id, 2);
    const ownerHears = planEventsOf(ownerSocket, 'plan.event');
    const friendHears = planEventsOf(friendSocket, 'plan.event');

    const count = 10;
    const ops = Array.from({ length: count }, (_, i) => {
      const who = [owner, ownerOnB, friendOnA, friendOnB][i % 4]!;
      return sendOp(who, plan.id, {
        type: 'activity.add',
        ref: randomUUID(),
        source: { kind: 'custom', customDetails: `Stop ${i}` },
      });
    });
    // And two over the sockets, one per process.
    const socketOps = [
      socketOp(ownerSocket, plan.id, { type: 'plan.update', field: 'title', value: 'Road trip!' }),
      socketOp(friendSocket, plan.id, { type: 'plan.update', field: 'date', value: '2030-07-02' }),
    ];
    const answers = await Promise.all(ops);
    const socketAnswers = await Promise.all(socketOps);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(count).fill(201));
    expect(socketAnswers.every((answer) => answer.ok)).toBe(true);
    const versions = [
      ...answers.map((answer) => answer.json<{ version: number }>().version),
      ...socketAnswers.map((answer) => (answer.ok ? answer.version : -1)),
    ].sort((x, y) => x - y);
    expect(versions).toEqual(Array.from({ length: count + 2 }, (_, i) => i + 3));

    const [ownVersion, friendVersion] = socketAnswers.map((answer) => (answer.ok ? answer.version : -1));
    const drain = async (hears: typeof ownerHears, expected: number[]): Promise<number[]> => {
      const got: PlanEvent[] = [];
      while (got.length < expected.length) {
        got.push(await hears.next());
      }
      return got.map((event) => event.version).sort((x, y) => x - y);
    };
    // Each socket hears every event once, its own process's and the other's, except its own edit,
    // which its ack carried. Their order across processes is not promised (a process tells its own
    // sockets at once, the other's through Redis): clients apply events in version order and catch
    // up on a gap.
    const ownerExpects = versions.filter((version) => version !== ownVersion);
    const friendExpects = versions.filter((version) => version !== friendVersion);
    expect(await drain(ownerHears, ownerExpects)).toEqual(ownerExpects);
    expect(await drain(friendHears, friendExpects)).toEqual(friendExpects);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect([ownerHears.received, friendHears.received]).toEqual([[], []]);

    const log = await friendOnB.request({ method: 'GET', url: `/api/plans/${plan.id}/events?since=0` });
    const catchUp = log.json<PlanCatchUp>();
    expect('events' in catchUp && catchUp.events.map((event) => event.version)).toEqual(
      Array.from({ length: count + 4 }, (_, i) => i + 1),
    );
  });

  it('limits one member’s operations on one plan across REST, two sockets and both processes', async () => {
    const [a, b] = cluster.apps;
    const owner = await memberOn(a);
    const ownerOnB = await memberOn(b, owner.user.id);
    const friend = await memberOn(b);
    await cluster.data.follow(owner.user.id, friend.user.id);
    const plan = await newPlan(owner, { title: 'Flood' });
    const otherPlan = await newPlan(owner, { title: 'Another' });
    // The invite is the owner's first op on the plan (creating it is not an op on it).
    await applyOp(owner, plan.id, { type: 'collaborator.invite', userIds: [friend.user.id] });
    const socketOnA = asPlanSocket(await cluster.connect(a, { auth: { token: owner.session.accessToken } }));
    const socketOnB = asPlanSocket(
      await cluster.connect(b, { auth: { token: ownerOnB.session.accessToken } }),
    );
    await joinPlan(socketOnA, plan.id);
    await joinPlan(socketOnB, plan.id);
    const title = (take: number): PlanOperationInput => ({
      type: 'plan.update',
      field: 'title',
      value: `Take ${take}`,
    });

    // The rest of the allowance, spread over four doors: REST on each process, a socket on each.
    const doors = [
      (take: number) => sendOp(owner, plan.id, title(take)).then((response) => response.statusCode === 201),
      (take: number) =>
        sendOp(ownerOnB, plan.id, title(take)).then((response) => response.statusCode === 201),
      (take: number) => socketOp(socketOnA, plan.id, title(take)).then((answer) => answer.ok),
      (take: number) => socketOp(socketOnB, plan.id, title(take)).then((answer) => answer.ok),
    ];
    const allowance = PLAN_MEMBER_OP_LIMIT.limit - 1;
    const accepted = await Promise.all(
      Array.from({ length: allowance }, (_, take) => doors[take % doors.length]!(take)),
    );
    expect(accepted.filter(Boolean)).toHaveLength(allowance);

    // Every door is now closed to this member on this plan, with the same words.
    const limited = { ok: false, code: 'RATE_LIMITED', message: messages.errors.rateLimited };
    for (const member of [owner, ownerOnB]) {
      const refused = await sendOp(member, plan.id, title(100));
      expect([refused.statusCode, refused.json<{ error: unknown }>().error]).toEqual([
        429,
        { code: 'RATE_LIMITED', message: messages.errors.rateLimited },
      ]);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await socketOp(socketOnA, plan.id, title(101))).toEqual(limited);
    expect(await socketOp(socketOnB, plan.id, title(102))).toEqual(limited);
    expect((await getPlan(owner, plan.id)).version).toBe(PLAN_MEMBER_OP_LIMIT.limit + 1);

    // Another member of the plan, and the same member on another plan, draw on their own allowance.
    expect((await sendOp(friend, plan.id, title(200))).statusCode).toBe(201);
    expect((await sendOp(ownerOnB, otherPlan.id, title(201))).statusCode).toBe(201);
  });

  it('makes one Date when members on both processes press Date Completed at once', async () => {
    const [a, b] = cluster.apps;
    const owner = await memberOn(a);
    const friend = await memberOn(b);
    await cluster.data.follow(owner.user.id, friend.user.id);
    const plan = await newPlan(owner, { title: 'Museum', date: '2030-08-01' });
    const ref = randomUUID();
    await applyOp(owner, plan.id, {
      type: 'activity.add',
      ref,
      source: { kind: 'custom', customDetails: 'Art' },
    });
    await applyOp(owner, plan.id, { type: 'collaborator.invite', userIds: [friend.user.id] });
    const complete: PlanOperationInput = {
      type: 'status.change',
      to: 'completed',
      publish: { title: 'Museum day', description: 'Fun.', photos: { fromActivityRefs: [ref] } },
    };
    const answers = await Promise.all([
      sendOp(owner, plan.id, complete),
      sendOp(friend, plan.id, complete),
      sendOp(owner, plan.id, complete),
    ]);
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    expect(answers.every((answer) => answer.statusCode < 500)).toBe(true);
    const [row] = await cluster.apps[0]
      .get(DataSource)
      .query<Array<{ n: number }>>('SELECT count(*)::int AS n FROM dates WHERE user_id = ANY($1::uuid[])', [
        [owner.user.id, friend.user.id],
      ]);
    expect(row!.n).toBe(1);
  });

  /** An owner on process A and a collaborator on process B, on one plan. */
  async function planAcrossProcesses() {
    const [a, b] = cluster.apps;
    const owner = await memberOn(a);
    const friend = await memberOn(b);
    await cluster.data.follow(owner.user.id, friend.user.id);
    const plan = await newPlan(owner, { title: 'Picnic', date: '2030-07-01' });
    await applyOp(owner, plan.id, { type: 'collaborator.invite', userIds: [friend.user.id] });
    const connect = async (app: NestFastifyApplication, member: PlanMember) =>
      asPlanSocket(await cluster.connect(app, { auth: { token: member.session.accessToken } }));
    return { owner, friend, planId: plan.id, connect };
  }

  it('shows who has the plan open and where they type, on every process', async () => {
    const [a, b] = cluster.apps;
    const { owner, friend, planId, connect } = await planAcrossProcesses();
    const ownerSocket = await connect(a, owner);
    const ownerSees = planEventsOf(ownerSocket, 'presence.state');
    await joinPlan(ownerSocket, planId);
    expect(presentUsers(await presenceWhere(ownerSees, planId, (m) => m.length === 1))).toEqual([
      owner.user.id,
    ]);

    const friendSocket = await connect(b, friend);
    const friendSees = planEventsOf(friendSocket, 'presence.state');
    await joinPlan(friendSocket, planId);
    const both = [owner.user.id, friend.user.id].sort();
    const ownerList = await presenceWhere(ownerSees, planId, (m) => m.length === 2);
    expect(presentUsers(ownerList)).toEqual(both);
    expect(presentUsers(await presenceWhere(friendSees, planId, (m) => m.length === 2))).toEqual(both);
    // Clients know a socket by a short key, never by its id.
    const keys = ownerList.map((member) => member.key);
    expect(keys).not.toContain(ownerSocket.id);
    expect(keys).not.toContain(friendSocket.id);
    expect(keys.every((key) => key.length === 12)).toBe(true);

    // A focus set on A shows on B.
    const ref = '0190d7a8-7a4e-7c3e-9e6f-1234567890ab';
    setPresence(ownerSocket, { planId, focus: { ref, field: 'time' } });
    const focused = await presenceWhere(friendSees, planId, (m) =>
      m.some((member) => member.userId === owner.user.id && member.focus !== null),
    );
    expect(focused.find((member) => member.userId === owner.user.id)).toMatchObject({
      focus: { ref, field: 'time' },
      name: expect.any(String),
    });

    // Hiding takes the member off every list, and showing brings them back.
    setPresence(friendSocket, { planId, focus: null, hidden: true });
    expect(presentUsers(await presenceWhere(ownerSees, planId, (m) => m.length === 1))).toEqual([
      owner.user.id,
    ]);
    setPresence(friendSocket, { planId, focus: { field: 'title' }, hidden: false });
    expect(await presenceWhere(ownerSees, planId, (m) => m.length === 2)).toContainEqual(
      expect.objectContaining({ userId: friend.user.id, focus: { field: 'title' } }),
    );

    // A stranger's socket, not in the room, cannot put itself on the list.
    const stranger = await memberOn(b);
    const strangerSocket = await connect(b, stranger);
    setPresence(strangerSocket, { planId, focus: { field: 'date' } });

    // A second tab that joins hidden hears the list without being on it.
    const hiddenTab = await connect(a, friend);
    const hiddenSees = planEventsOf(hiddenTab, 'presence.state');
    expect(await joinPlanHidden(hiddenTab, planId)).toMatchObject({ ok: true });
    expect(presentUsers(await presenceWhere(hiddenSees, planId, () => true))).toEqual(both);

    // Closing the socket clears its entry.
    friendSocket.close();
    expect(presentUsers(await presenceWhere(ownerSees, planId, (m) => m.length === 1))).toEqual([
      owner.user.id,
    ]);
    expect(presentUsers(await presenceWhere(hiddenSees, planId, (m) => m.length === 1))).toEqual([
      owner.user.id,
    ]);
  });

  it('drops the entries of a replica that died once they lapse, and of a removed collaborator at once', async () => {
    const [a] = cluster.apps;
    const { owner, friend, planId, connect } = await planAcrossProcesses();
    const ownerSocket = await connect(a, owner);
    const ownerSees = planEventsOf(ownerSocket, 'presence.state');
    await joinPlan(ownerSocket, planId);

    // A third process whose socket joins, and which then stops without cleaning up.
    const doomed = await createApiApp(cluster.env.config);
    await doomed.listen({ port: 0, host: '127.0.0.1' });
    await adapterSubscribed(doomed);
    const doomedSocket = asPlanSocket(
      await cluster.connect(doomed, { auth: { token: friend.session.accessToken } }),
    );
    await joinPlan(doomedSocket, planId);
    await presenceWhere(ownerSees, planId, (m) => m.length === 2);
    const stoppedAt = Date.now();
    await doomed.close();
    // Still listed until the TTL passes, then pruned by a live process's heartbeat.
    expect(presentUsers(await presenceWhere(ownerSees, planId, (m) => m.length === 1))).toEqual([
      owner.user.id,
    ]);
    expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(PRESENCE_TTL_MS - 300);

    const friendSocket = await connect(a, friend);
    await joinPlan(friendSocket, planId);
    await presenceWhere(ownerSees, planId, (m) => m.length === 2);
    await applyOp(owner, planId, { type: 'collaborator.remove', userId: friend.user.id });
    expect(presentUsers(await presenceWhere(ownerSees, planId, (m) => m.length === 1))).toEqual([
      owner.user.id,
    ]);
    // The removed socket's own replica does not bring it back with its heartbeats.
    await new Promise((resolve) => setTimeout(resolve, 600));
    setPresence(friendSocket, { planId, focus: { field: 'title' } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ownerSees.received.filter((state) => state.members.length > 1)).toEqual([]);
  });

  it('tells each room the plan head from every process, so a member behind sees it is behind', async () => {
    const [a, b] = cluster.apps;
    const { owner, friend, planId, connect } = await planAcrossProcesses();
    const ownerSocket = await connect(a, owner);
    const friendSocket = await connect(b, friend);
    const joined = await joinPlan(friendSocket, planId, 2);
    expect(joined).toMatchObject({ ok: true, version: 2 });
    await joinPlan(ownerSocket, planId, 2);
    const friendHeads = planEventsOf(friendSocket, 'plan.head');
    const ownerHeads = planEventsOf(ownerSocket, 'plan.head');
    expect(await friendHeads.next(5_000)).toEqual({ planId, version: 2 });

    // A change the friend's socket misses (it left the room, as if the packet were lost)…
    friendSocket.emit('plan.leave', { planId });
    await applyOp(owner, planId, { type: 'plan.update', field: 'title', value: 'Picnic!' });
    // …shows as a head ahead of its copy once it is back in the room.
    await joinPlan(friendSocket, planId, 2);
    const ahead = async (heads: typeof friendHeads) => {
      for (;;) {
        const head = await heads.next(5_000);
        if (head.planId === planId && head.version > 2) {
          return head;
        }
      }
    };
    expect(await ahead(friendHeads)).toEqual({ planId, version: 3 });
    expect(await ahead(ownerHeads)).toEqual({ planId, version: 3 });

    // Each process tells only its own sockets: one head per interval, not one per process.
    const counted = planEventsOf(ownerSocket, 'plan.head');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(counted.received.length).toBeGreaterThanOrEqual(2);
    expect(counted.received.length).toBeLessThanOrEqual(4);
  });
});

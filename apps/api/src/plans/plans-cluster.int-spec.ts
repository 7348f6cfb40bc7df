import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { PlanCatchUp, PlanEvent, PlanOperationInput } from '@datebook/contracts';
import { createTestEnvironment, type TestEnvironment } from '@datebook/server/testing';
import { createApiApp } from '../app.factory';
import type { TestApi } from '../testing/test-api';
import {
  applyOp,
  asPlanSocket,
  follow,
  joinPlan,
  newPlan,
  planEventsOf,
  sendOp,
  socketOp,
  type PlanMember,
  type PlanTestSocket,
} from '../testing/test-plans';
import { adapterSubscribed, connectSocket, originOf } from '../testing/test-sockets';
import { asSession, newUser, sessionFor } from '../testing/test-users';

/** Two api processes on one database and one Redis, as production runs them. */
describe('plans on two api processes', () => {
  let env: TestEnvironment;
  let apps: [NestFastifyApplication, NestFastifyApplication];
  const sockets: PlanTestSocket[] = [];

  beforeAll(async () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    env = await createTestEnvironment({
      AUTH_JWT_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    });
    apps = [await createApiApp(env.config), await createApiApp(env.config)];
    for (const app of apps) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      await adapterSubscribed(app);
    }
  });
  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await Promise.all(apps.map((app) => app.close()));
    await env.cleanup();
  });

  const asTestApi = (app: NestFastifyApplication): TestApi => ({
    app,
    env,
    request: (options) => app.getHttpAdapter().getInstance().inject(options),
    close: () => app.close(),
  });

  /** A member signed in once, calling api `app`. */
  async function memberOn(app: NestFastifyApplication, userId?: string): Promise<PlanMember> {
    const api = asTestApi(app);
    const user = userId ? { id: userId, username: '' } : await newUser(api);
    const session = await sessionFor(api, { id: user.id, email: '', username: user.username, password: '' });
    return { user, session, request: asSession(api, session) };
  }

  it('applies concurrent operations from both processes with contiguous versions, delivered everywhere in order', async () => {
    const [a, b] = apps;
    const owner = await memberOn(a);
    const friendOnA = await memberOn(a);
    const friendOnB = await memberOn(b, friendOnA.user.id);
    const ownerOnB = await memberOn(b, owner.user.id);
    await follow(asTestApi(a), owner.user.id, friendOnA.user.id);
    const plan = await newPlan(owner, { title: 'Road trip', date: '2030-07-01' });
    await applyOp(owner, plan.id, { type: 'collaborator.invite', userIds: [friendOnA.user.id] });

    // The owner listens on A, the collaborator on B.
    const ownerSocket = asPlanSocket(
      await connectSocket(originOf(a), { auth: { token: owner.session.accessToken } }),
    );
    const friendSocket = asPlanSocket(
      await connectSocket(originOf(b), { auth: { token: friendOnB.session.accessToken } }),
    );
    sockets.push(ownerSocket, friendSocket);
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

    const expected = versions;
    const drain = async (hears: typeof ownerHears): Promise<number[]> => {
      const got: PlanEvent[] = [];
      while (got.length < expected.length) {
        got.push(await hears.next());
      }
      return got.map((event) => event.version);
    };
    // Each socket hears every event, its own process's and the other's, in version order.
    expect(await drain(ownerHears)).toEqual(expected);
    expect(await drain(friendHears)).toEqual(expected);

    const log = await friendOnB.request({ method: 'GET', url: `/api/plans/${plan.id}/events?since=0` });
    const catchUp = log.json<PlanCatchUp>();
    expect('events' in catchUp && catchUp.events.map((event) => event.version)).toEqual(
      Array.from({ length: count + 4 }, (_, i) => i + 1),
    );
  });

  it('makes one Date when members on both processes press Date Completed at once', async () => {
    const [a, b] = apps;
    const owner = await memberOn(a);
    const friend = await memberOn(b);
    await follow(asTestApi(a), owner.user.id, friend.user.id);
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
    const [row] = await apps[0]
      .get(DataSource)
      .query<Array<{ n: number }>>('SELECT count(*)::int AS n FROM dates WHERE user_id = ANY($1::uuid[])', [
        [owner.user.id, friend.user.id],
      ]);
    expect(row!.n).toBe(1);
  });
});

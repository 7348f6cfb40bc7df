import { openTestDatabase, type NewActivityOptions, type TestData } from '@datebook/db/testing';
import { randomUUID } from 'node:crypto';
import { type DataSource, QueryFailedError } from 'typeorm';
import { PLAN_SHARE_TOKEN_PATTERN } from '@datebook/contracts';
import {
  PlanEventsRepository,
  PlanListsRepository,
  PlanShareRepository,
  PlanActivitiesRepository,
  PlanMembersRepository,
  PlanPeopleRepository,
  PlansRepository,
  PostsRepository,
  type PlanFieldChanges,
  type PlanListRow,
  type PlanRowWrite,
} from './repositories';
import { operationWriteSql } from './repositories/plan-op-sql';

let db: DataSource;
let data: TestData;
let close: () => Promise<void>;
let plans: PlansRepository;
let members: PlanMembersRepository;
let people: PlanPeopleRepository;
let activities: PlanActivitiesRepository;
let events: PlanEventsRepository;
let lists: PlanListsRepository;
let share: PlanShareRepository;

beforeAll(async () => {
  ({ db, data, close } = await openTestDatabase('db_plans_repo', 4));
  plans = new PlansRepository(db);
  members = new PlanMembersRepository(db);
  people = new PlanPeopleRepository(db);
  activities = new PlanActivitiesRepository(db);
  events = new PlanEventsRepository(db);
  lists = new PlanListsRepository(db);
  share = new PlanShareRepository(db);
});

afterAll(() => close?.());

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  const rows: T[] = await db.query(sql, params);
  return rows[0]!;
}

/** A member with an avatar named after them; an admin when asked. */
async function newProfile(
  options: { username?: string; displayName?: string | null; isPrivate?: boolean; admin?: boolean } = {},
): Promise<string> {
  const username = options.username ?? `user_${randomUUID().slice(0, 8)}`;
  const member = await data.newMember({
    username,
    displayName: options.displayName,
    isPrivate: options.isPrivate,
    accessType: options.admin ? 'admin' : 'standard',
    avatarKey: `${username}/avatar.jpg`,
  });
  return member.id;
}

const follow = (followerId: string, followingId: string) => data.follow(followerId, followingId);

/** An activity; with `cover`, its first ready photo shows that key (a later one and a processing one follow). */
async function newActivity(
  userId: string,
  {
    cover,
    ...options
  }: Pick<NewActivityOptions, 'title' | 'location' | 'isCustom' | 'budget'> & {
    cover?: string;
  } = {},
): Promise<string> {
  const activityId = await data.newActivity(userId, options);
  if (cover) {
    await data.newPostMedia({ userId, activityId, displayKey: cover, position: 1, status: 'ready' });
    await data.newPostMedia({ userId, activityId, displayKey: 'later.jpg', position: 2, status: 'ready' });
    await data.newPostMedia({ userId, activityId, displayKey: null, position: 0, status: 'processing' });
  }
  return activityId;
}

/**
 * The SQLSTATE and constraint of a failed statement: TypeORM's QueryFailedError wraps the driver's
 * error, and a prepared statement inside a transaction fails with the driver's own.
 */
async function errorCode(promise: Promise<unknown>): Promise<{ code: string; constraint: string }> {
  try {
    await promise;
  } catch (error) {
    const { code, constraint } = (error instanceof QueryFailedError ? error.driverError : error) as {
      code: string;
      constraint: string;
    };
    return { code, constraint };
  }
  throw new Error('expected the statement to fail');
}

const ref = () => randomUUID();

describe('PlansRepository: the statements of an operation', () => {
  /** `lockState` and `writeOperation` at the next version, in one transaction, as an operation sends them. */
  function apply(
    planId: string,
    actor: string,
    rows: PlanRowWrite[],
    fields: PlanFieldChanges = {},
    opId = ref(),
  ) {
    return db.transaction(async (tx) => {
      const locked = await plans
        .in(tx)
        .lockState(planId, { opIds: [opId], baseVersion: null, eventLimit: 0 });
      const version = String(Number(locked!.state.plan.version) + 1);
      const written = await plans.in(tx).writeOperation({
        planId,
        version,
        rows,
        fields,
        event: {
          op_id: opId,
          actor_id: actor,
          client_id: 'tab',
          op: { rows },
          result: { version },
          inverse: null,
        },
      });
      return { version, ...written };
    });
  }

  const state = async (planId: string) =>
    (await db.transaction((tx) =>
      plans.in(tx).lockState(planId, { opIds: [ref()], baseVersion: null, eventLimit: 0 }),
    ))!.state;

  it('creates a plan at version 0, locks and reads it, and writes its fields with the version', async () => {
    const owner = await newProfile();
    const created = await plans.create(owner, { title: 'Picnic day', date: '2025-03-05' });
    expect(created.version).toBe('0');
    expect(created.created_at).toBeInstanceOf(Date);

    const locked = await db.transaction((tx) =>
      plans.in(tx).lockState(created.id, { opIds: [ref()], baseVersion: null, eventLimit: 0 }),
    );
    expect(locked).toEqual({
      replays: [],
      state: {
        plan: expect.objectContaining({
          id: created.id,
          owner_id: owner,
          title: 'Picnic day',
          status: 'draft',
          date: '2025-03-05',
          locked: false,
          version: '0',
          published_date_id: null,
        }),
        entries: [],
        live_entry_count: 0,
        collaborator_ids: [],
      },
      sinceBase: [],
      writers: [],
    });
    expect(
      await db.transaction((tx) =>
        plans.in(tx).lockState('999999999', { opIds: [ref()], baseVersion: null, eventLimit: 0 }),
      ),
    ).toBeUndefined();

    const before = locked!.state.plan.updated_at;
    const titled = await apply(created.id, owner, [], {
      title: 'Beach day',
      date: null,
      status: 'prepared',
      locked: true,
    });
    expect(titled).toEqual({ version: '1', xid: expect.stringMatching(/^\d+$/), updated: [] });
    const updated = (await state(created.id)).plan;
    expect(updated).toMatchObject({
      title: 'Beach day',
      date: null,
      status: 'prepared',
      locked: true,
      version: '1',
    });
    expect(new Date(updated.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(before).getTime());

    // No fields: only the version and updated_at move (an entry or collaborator operation).
    await apply(created.id, owner, []);
    expect((await state(created.id)).plan).toMatchObject({ title: 'Beach day', locked: true, version: '2' });

    expect(await errorCode(apply(created.id, owner, [], { title: 'x'.repeat(81) }))).toEqual({
      code: '23514',
      constraint: 'planned_dates_title_length',
    });
    expect((await state(created.id)).plan.version).toBe('2');
  });

  it('reads a replayed op’s stored answer, and the events and writers after the sender’s base', async () => {
    const owner = await newProfile({ username: 'replay_owner', displayName: 'Sam' });
    const friend = await newProfile({ username: 'replay_friend', displayName: 'Alex' });
    const planId = await data.newPlan(owner, { collaboratorIds: [friend] });
    const opId = ref();
    await apply(planId, owner, [], { title: 'One' }, opId);
    await apply(planId, friend, [], { title: 'Two' });
    await apply(planId, owner, [], { title: 'Three' });

    const locked = await db.transaction((tx) =>
      plans.in(tx).lockState(planId, { opIds: [opId], baseVersion: 1, eventLimit: 1 }),
    );
    expect(locked!.replays).toEqual([
      { op_id: opId, version: '1', actor_id: owner, result: { version: '1' } },
    ]);
    // At most the limit asked for, oldest first, with the profiles of their actors.
    expect(locked!.sinceBase).toEqual([{ version: '2', actor_id: friend, op: { rows: [] } }]);
    expect(locked!.writers).toEqual([
      { id: friend, username: 'replay_friend', display_name: 'Alex', avatar_key: 'replay_friend/avatar.jpg' },
    ]);
    const later = await db.transaction((tx) =>
      plans.in(tx).lockState(planId, { opIds: [ref()], baseVersion: 1, eventLimit: 10 }),
    );
    expect(later!.replays).toEqual([]);
    expect(later!.sinceBase.map((event) => [event.version, event.actor_id])).toEqual([
      ['2', friend],
      ['3', owner],
    ]);
    expect(later!.writers.map((writer) => writer.id).sort()).toEqual([owner, friend].sort());
  });

  it('reads a batch’s replays and its senders’ names with one lock', async () => {
    const owner = await newProfile({ username: 'batch_owner', displayName: 'Sam' });
    const friend = await newProfile({ username: 'batch_friend', displayName: 'Alex' });
    const planId = await data.newPlan(owner, { collaboratorIds: [friend] });
    const first = ref();
    const second = ref();
    await apply(planId, owner, [], { title: 'One' }, first);
    await apply(planId, owner, [], { title: 'Two' }, second);

    const locked = await db.transaction((tx) =>
      plans.in(tx).lockState(planId, {
        opIds: [second, ref(), first],
        baseVersion: null,
        eventLimit: 0,
        senderIds: [friend, friend],
      }),
    );
    expect(locked!.replays.map((row) => [row.op_id, row.version]).sort()).toEqual(
      [
        [first, '1'],
        [second, '2'],
      ].sort(),
    );
    // No events were asked for: the senders alone are named.
    expect(locked!.sinceBase).toEqual([]);
    expect(locked!.writers.map((writer) => writer.display_name)).toEqual(['Alex']);
  });

  it('adds, retimes, edits and tombstones entries, with the CHECKs holding', async () => {
    const owner = await newProfile();
    const activity = await newActivity(owner, {
      title: 'Kayaking',
      location: 'The lake',
      cover: 'k/cover.jpg',
    });
    const { id: planId } = await plans.create(owner, { title: 'Plan', date: null });

    const linkedRef = ref();
    const customRef = ref();
    const custom = (clientRef: string, location: string | null, details: string | null): PlanRowWrite => ({
      kind: 'insertEntry',
      entry: {
        client_ref: clientRef,
        activity_id: null,
        is_custom: true,
        custom_location: location,
        custom_details: details,
      },
    });
    await apply(planId, owner, [
      {
        kind: 'insertEntry',
        entry: {
          client_ref: linkedRef,
          activity_id: activity,
          is_custom: false,
          custom_location: null,
          custom_details: null,
        },
      },
      custom(customRef, 'Home', 'Cook dinner\nPasta'),
    ]);
    const entry = async (clientRef: string) =>
      (await state(planId)).entries.find((row) => row.client_ref === clientRef);
    expect(await entry(linkedRef)).toMatchObject({
      client_ref: linkedRef,
      activity_id: activity,
      is_custom: false,
      status: 'unscheduled',
      begins_at: null,
      ends_at: null,
      deleted_at: null,
      activity_title: 'Kayaking',
      activity_location: 'The lake',
      activity_cover_key: 'k/cover.jpg',
    });
    expect(await errorCode(apply(planId, owner, [custom(customRef, null, null)]))).toEqual({
      code: '23505',
      constraint: 'planned_date_activities_client_ref_key',
    });

    // Both times set: scheduled, derived from the times.
    const retime = (set: Extract<PlanRowWrite, { kind: 'updateEntry' }>['set'], clientRef = customRef) =>
      apply(planId, owner, [{ kind: 'updateEntry', ref: clientRef, set }]);
    expect(
      (await retime({ begins_at: '2025-03-05T09:00:00.000Z', ends_at: '2025-03-05T10:00:00.000Z' })).updated,
    ).toEqual([true]);
    expect(await entry(customRef)).toMatchObject({
      status: 'scheduled',
      begins_at: '2025-03-05T09:00:00.000Z',
      ends_at: '2025-03-05T10:00:00.000Z',
      custom_location: 'Home',
    });
    // One time cleared: unscheduled; the other time is kept as it was.
    await retime({ ends_at: null });
    expect(await entry(customRef)).toMatchObject({
      status: 'unscheduled',
      begins_at: '2025-03-05T09:00:00.000Z',
      ends_at: null,
    });
    // An edit that names no time leaves the status alone.
    await retime({ custom_location: 'Park', custom_details: null });
    expect(await entry(customRef)).toMatchObject({
      status: 'unscheduled',
      custom_location: 'Park',
      custom_details: null,
    });

    expect(
      await errorCode(retime({ begins_at: '2025-03-05T11:00:00.000Z', ends_at: '2025-03-05T10:00:00.000Z' })),
    ).toEqual({ code: '23514', constraint: 'planned_date_activities_end_after_begin' });
    expect(
      await errorCode(retime({ begins_at: '2025-03-05T11:00:00.000Z', status: 'scheduled' }, linkedRef)),
    ).toEqual({ code: '23514', constraint: 'planned_date_activities_scheduled_iff_times' });
    expect(
      await errorCode(
        db.query(
          `INSERT INTO planned_date_activities (planned_date_id, status, begins_at, ends_at)
           VALUES ($1, 'unscheduled', now(), now())`,
          [planId],
        ),
      ),
    ).toEqual({ code: '23514', constraint: 'planned_date_activities_scheduled_iff_times' });

    await apply(planId, owner, [{ kind: 'tombstoneEntry', ref: linkedRef }]);
    // A removed row and an unknown one are not updated: the caller refuses the op as GONE.
    expect((await retime({ begins_at: null }, linkedRef)).updated).toEqual([false]);
    expect((await retime({ begins_at: null }, ref())).updated).toEqual([false]);
    expect(() =>
      operationWriteSql({
        planId,
        version: '9',
        rows: [custom(customRef, null, 'x'), { kind: 'tombstoneEntry', ref: customRef }],
        fields: {},
        event: { op_id: ref(), actor_id: owner, client_id: 'tab', op: {}, result: {}, inverse: null },
      }),
    ).toThrow(/twice/);

    const after = await state(planId);
    expect(after.entries.map((row) => [row.client_ref, row.deleted_at === null])).toEqual([
      [customRef, true],
      [linkedRef, false],
    ]);
    expect(after.live_entry_count).toBe(1);
    expect(after.entries[1]!.deleted_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('knows roles, adds and removes collaborators, and deletes a plan with all it holds', async () => {
    const owner = await newProfile();
    const friend = await newProfile();
    const other = await newProfile();
    const stranger = await newProfile();
    const { id: planId } = await plans.create(owner, { title: 'Plan', date: null });

    await apply(planId, owner, [{ kind: 'addCollaborators', userIds: [friend, other, friend] }]);
    // One already there is skipped, not refused.
    await apply(planId, owner, [{ kind: 'addCollaborators', userIds: [friend] }]);

    expect(await members.roleOf(planId, owner)).toBe('owner');
    expect(await members.roleOf(planId, friend)).toBe('collaborator');
    expect(await members.roleOf(planId, stranger)).toBeUndefined();
    expect(await members.roleOf('999999999', owner)).toBeUndefined();
    expect(await members.access(planId, stranger)).toEqual({ owner_id: owner, status: 'draft', role: null });
    expect(await members.access('999999999', owner)).toBeUndefined();
    expect((await state(planId)).collaborator_ids.sort()).toEqual([friend, other].sort());

    await apply(planId, owner, [{ kind: 'removeCollaborator', userId: other }]);
    expect(await members.roleOf(planId, other)).toBeUndefined();
    expect((await state(planId)).collaborator_ids).toEqual([friend]);

    await apply(planId, owner, [
      {
        kind: 'insertEntry',
        entry: {
          client_ref: ref(),
          activity_id: null,
          is_custom: true,
          custom_location: null,
          custom_details: 'x',
        },
      },
    ]);
    expect(await plans.deletePlan(planId)).toMatch(/^\d+$/);
    expect(await plans.deletePlan(planId)).toBeUndefined();
    const [left] = await db.query<Array<{ entries: number; collaborators: number; events: number }>>(
      `SELECT (SELECT count(*)::int FROM planned_date_activities WHERE planned_date_id = $1) AS entries,
              (SELECT count(*)::int FROM plan_collaborators WHERE planned_date_id = $1) AS collaborators,
              (SELECT count(*)::int FROM plan_events WHERE plan_id = $1) AS events`,
      [planId],
    );
    expect(left).toEqual({ entries: 0, collaborators: 0, events: 0 });
  });

  it('serialises two operations on one plan: the second reads the state the first committed', async () => {
    const owner = await newProfile();
    const { id: planId } = await plans.create(owner, { title: 'Plan', date: null });
    let releaseFirst!: () => void;
    const firstMayCommit = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstLocked!: () => void;
    const firstHasLock = new Promise<void>((resolve) => (firstLocked = resolve));
    const order: string[] = [];
    const entryRef = ref();
    const event = (opId: string) => ({
      op_id: opId,
      actor_id: owner,
      client_id: 'tab',
      op: {},
      result: {},
      inverse: null,
    });

    const first = db.transaction(async (tx) => {
      const opId = ref();
      const locked = await plans
        .in(tx)
        .lockState(planId, { opIds: [opId], baseVersion: null, eventLimit: 0 });
      firstLocked();
      await firstMayCommit;
      await plans.in(tx).writeOperation({
        planId,
        version: String(Number(locked!.state.plan.version) + 1),
        rows: [
          {
            kind: 'insertEntry',
            entry: {
              client_ref: entryRef,
              activity_id: null,
              is_custom: true,
              custom_location: null,
              custom_details: 'x',
            },
          },
        ],
        fields: { title: 'First' },
        event: event(opId),
      });
      order.push('first commits');
    });
    await firstHasLock;
    const second = db.transaction(async (tx) => {
      const opId = ref();
      const locked = await plans
        .in(tx)
        .lockState(planId, { opIds: [opId], baseVersion: null, eventLimit: 0 });
      // The statement's snapshot predates the first commit; the state is read again under the lock.
      const { plan, entries } = locked!.state;
      order.push(`second locked at version ${plan.version}, title ${plan.title}, ${entries.length} entry`);
      await plans.in(tx).writeOperation({
        planId,
        version: String(Number(plan.version) + 1),
        rows: [],
        fields: { title: 'Second' },
        event: event(opId),
      });
    });
    // The second waits on the row lock while the first holds it.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(order).toEqual([]);
    releaseFirst();
    await Promise.all([first, second]);

    expect(order).toEqual(['first commits', 'second locked at version 1, title First, 1 entry']);
    expect((await state(planId)).plan).toMatchObject({ version: '2', title: 'Second' });
  });
});

describe('PlansRepository.document', () => {
  it('shows a member the plan, its people and live entries; nobody else', async () => {
    const owner = await newProfile({ username: 'DocOwner', displayName: 'Doc Owner' });
    const friend = await newProfile({ username: 'doc_friend' });
    const gone = await newProfile({ username: 'doc_gone' });
    const secretive = await newProfile({ isPrivate: true });
    const stranger = await newProfile();
    await follow(owner, secretive);
    const publicActivity = await newActivity(owner, {
      title: 'Museum',
      location: 'Downtown',
      cover: 'm.jpg',
    });
    const privateActivity = await newActivity(secretive, { title: 'Secret spot', location: 'Hidden' });
    const planId = await data.newPlan(owner, {
      title: 'Doc plan',
      date: '2025-03-05',
      collaboratorIds: [friend, gone],
    });
    await db.query('UPDATE users SET deleted_at = now() WHERE id = $1', [gone]);

    const later = ref();
    const first = ref();
    const removed = ref();
    const hidden = ref();
    // One entry per operation, as members add them: entries added together would share created_at.
    for (const [clientRef, activityId] of [
      [later, publicActivity],
      [first, null],
      [removed, null],
      [hidden, privateActivity],
    ] as const) {
      await data.planOp(planId, owner, {
        rows: [
          {
            kind: 'insertEntry',
            entry: {
              client_ref: clientRef,
              activity_id: activityId,
              is_custom: activityId === null,
              custom_location: activityId === null ? 'Home' : null,
              custom_details: activityId === null ? 'Breakfast' : null,
            },
          },
        ],
      });
    }
    await data.planOp(planId, owner, {
      rows: [
        {
          kind: 'updateEntry',
          ref: later,
          set: { begins_at: '2025-03-05T12:00:00.000Z', ends_at: '2025-03-05T13:00:00.000Z' },
        },
        {
          kind: 'updateEntry',
          ref: first,
          set: { begins_at: '2025-03-05T09:00:00.000Z', ends_at: '2025-03-05T10:00:00.000Z' },
        },
        { kind: 'tombstoneEntry', ref: removed },
      ],
    });

    const document = await members.document(planId, friend);
    expect(document).toMatchObject({
      plan: { id: planId, title: 'Doc plan', date: '2025-03-05', status: 'draft', version: '5' },
      role: 'collaborator',
      owner: {
        id: owner,
        username: 'DocOwner',
        display_name: 'Doc Owner',
        avatar_key: 'DocOwner/avatar.jpg',
      },
      collaborators: [
        {
          id: friend,
          username: 'doc_friend',
          display_name: 'doc_friend',
          avatar_key: 'doc_friend/avatar.jpg',
        },
      ],
    });
    // Timeline order, the removed entry left out; the friend may not see the private author's activity.
    expect(document!.entries.map((entry) => entry.client_ref)).toEqual([first, later, hidden]);
    expect(document!.entries[1]).toMatchObject({
      id: expect.any(String),
      activity_id: publicActivity,
      activity_title: 'Museum',
      activity_location: 'Downtown',
      activity_cover_key: 'm.jpg',
      begins_at: '2025-03-05T12:00:00.000Z',
      deleted_at: null,
    });
    expect(document!.entries[2]).toMatchObject({
      activity_id: privateActivity,
      activity_title: null,
      activity_location: null,
    });

    // The owner follows the private author, so sees that activity.
    const ownView = await members.document(planId, owner);
    expect(ownView!.role).toBe('owner');
    expect(ownView!.entries[2]).toMatchObject({ activity_title: 'Secret spot', activity_location: 'Hidden' });

    expect(await members.document(planId, stranger)).toBeUndefined();
    expect(await members.document('999999999', owner)).toBeUndefined();
  });
});

describe('PlanEventsRepository', () => {
  it('keeps each operation’s event, finds one by op id, refuses an op id twice, and catches a member up', async () => {
    const owner = await newProfile();
    const friend = await newProfile();
    const stranger = await newProfile();
    const planId = await data.newPlan(owner, { collaboratorIds: [friend] });
    const opIds = [ref(), ref(), ref()];
    for (const [index, opId] of opIds.entries()) {
      const version = await data.planOp(planId, owner, {
        opId,
        op: { type: 'plan.update', field: 'title', value: `T${index}` },
        result: { ok: true, version: index + 1, event: { version: index + 1, changes: [] } },
        inverse: index === 0 ? null : { type: 'plan.update', field: 'title', value: `T${index - 1}` },
      });
      expect(version).toBe(index + 1);
    }

    expect(await events.findByOpId(planId, opIds[1]!)).toMatchObject({
      plan_id: planId,
      version: '2',
      actor_id: owner,
      client_id: 'test-data',
      op: { type: 'plan.update', field: 'title', value: 'T1' },
      result: { ok: true, version: 2 },
      inverse: { value: 'T0' },
      created_at: expect.any(Date),
    });
    expect(await events.findByOpId(planId, ref())).toBeUndefined();
    expect((await events.findByOpId(planId, opIds[0]!))!.inverse).toBeNull();

    const versions = (read: Awaited<ReturnType<typeof events.catchUp>>) =>
      read!.events.map((event) => event.version);
    const all = await events.catchUp(planId, friend, 0, 10);
    expect(all).toMatchObject({ role: 'collaborator', linked: [], people: [] });
    expect(versions(all)).toEqual(['1', '2', '3']);
    expect(all!.events[1]!.result).toEqual({ ok: true, version: 2, event: { version: 2, changes: [] } });
    expect(versions(await events.catchUp(planId, owner, 1, 1))).toEqual(['2']);
    expect(versions(await events.catchUp(planId, owner, 3, 10))).toEqual([]);
    expect(await events.catchUp(planId, stranger, 0, 10)).toEqual({
      role: null,
      events: [],
      linked: [],
      people: [],
    });
    expect(await events.catchUp('999999999', owner, 0, 10)).toBeUndefined();

    expect(await errorCode(data.planOp(planId, owner, { opId: opIds[0] }))).toEqual({
      code: '23505',
      constraint: 'plan_events_op_key',
    });
  });
});

describe('PlanListsRepository', () => {
  let member: string;
  let friend: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    member = await newProfile();
    friend = await newProfile();
    const goneOwner = await newProfile();
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
    const make = async (key: string, ownerId: string, status: string, minutesAgo: number) => {
      const row = await one<{ id: string }>(
        `INSERT INTO planned_dates (owner_id, title, status, updated_at) VALUES ($1, $2, $3, $4) RETURNING id`,
        [ownerId, key, status, at(minutesAgo)],
      );
      ids[key] = row.id;
    };
    // Five own drafts, two with the same updated_at (the id breaks the tie).
    await make('draft1', member, 'draft', 1);
    await make('draft2', member, 'draft', 2);
    await make('draft3a', member, 'draft', 3);
    await make('draft3b', member, 'draft', 3);
    await db.query(
      'UPDATE planned_dates SET updated_at = (SELECT updated_at FROM planned_dates WHERE id = $1) WHERE id = $2',
      [ids.draft3a, ids.draft3b],
    );
    await make('draft4', member, 'draft', 4);
    await make('prepared', member, 'prepared', 5);
    await make('completed', member, 'completed', 7);
    await make('friendPrepared', friend, 'prepared', 6);
    await make('friendDraft', friend, 'draft', 0);
    await make('friendCompleted', friend, 'completed', 8);
    await make('notMine', friend, 'prepared', 0.5);
    await make('goneOwners', goneOwner, 'prepared', 0);
    // Written directly: an operation would move the plans' updated_at, which orders the lists.
    await db.query(
      'INSERT INTO plan_collaborators (planned_date_id, user_id) SELECT unnest($1::bigint[]), $2',
      [[ids.friendPrepared, ids.friendDraft, ids.friendCompleted, ids.goneOwners], member],
    );
    await db.query('UPDATE users SET deleted_at = now() WHERE id = $1', [goneOwner]);
  });

  /** Every page of a list, following the cursor of each page's last row. */
  async function allPages(read: typeof lists.drafts, limit: number): Promise<PlanListRow[][]> {
    const pages: PlanListRow[][] = [];
    let after: { updatedAtMicros: string; id: string } | undefined;
    for (;;) {
      const rows = await read.call(lists, member, { after, limit });
      const page = rows.slice(0, limit);
      pages.push(page);
      if (rows.length <= limit) {
        return pages;
      }
      const last = page[page.length - 1]!;
      after = { updatedAtMicros: last.updated_at_micros, id: last.id };
    }
  }

  it("pages through the member's drafts, newest-updated first", async () => {
    const pages = await allPages(lists.drafts, 2);
    const titles = pages.map((page) => page.map((row) => row.title));
    const tie = Number(ids.draft3a) > Number(ids.draft3b) ? ['draft3a', 'draft3b'] : ['draft3b', 'draft3a'];
    expect(titles).toEqual([['draft1', 'draft2'], tie, ['draft4']]);
    expect(
      pages.flat().every((row) => row.role === 'owner' && row.status === 'draft' && row.owner_id === member),
    ).toBe(true);
  });

  it('pages through shared and completed plans with the member’s role', async () => {
    const pages = await allPages(lists.sharedAndCompleted, 2);
    expect(pages.map((page) => page.map((row) => [row.title, row.role, row.status]))).toEqual([
      [
        ['prepared', 'owner', 'prepared'],
        ['friendPrepared', 'collaborator', 'prepared'],
      ],
      [
        ['completed', 'owner', 'completed'],
        ['friendCompleted', 'collaborator', 'completed'],
      ],
    ]);
    const first = (await lists.sharedAndCompleted(member, { limit: 10 }))[0]!;
    expect(first).toEqual({
      id: ids.prepared,
      title: 'prepared',
      date: null,
      status: 'prepared',
      owner_id: member,
      role: 'owner',
      updated_at: expect.any(Date),
      updated_at_micros: expect.stringMatching(/^\d+$/),
    });
  });

  it('previews the three most recently updated plans of both lists', async () => {
    expect((await lists.preview(member, 3)).map((row) => row.title)).toEqual([
      'draft1',
      'draft2',
      expect.any(String),
    ]);
    const friendsPreview = await lists.preview(friend, 10);
    expect(friendsPreview.map((row) => row.title)).toEqual([
      'friendDraft',
      'notMine',
      'friendPrepared',
      'friendCompleted',
    ]);
  });
});

describe('PlanShareRepository.sharedProjection', () => {
  it('answers not_found, draft, or the projection without collaborators or removed entries', async () => {
    const owner = await newProfile({ username: 'ShareOwner', displayName: 'Share Owner', isPrivate: true });
    const collaborator = await newProfile({
      username: 'share_collaborator',
      displayName: 'Share Collaborator',
    });
    const secretive = await newProfile({ isPrivate: true });
    const visible = await newActivity(collaborator, { title: 'Concert', location: 'Arena', cover: 'c.jpg' });
    const privateActivity = await newActivity(secretive, { title: 'Secret spot', location: 'Hidden' });
    const planId = await data.newPlan(owner, {
      title: 'Shared plan',
      date: '2025-03-05',
      collaboratorIds: [collaborator],
    });
    const token = (await share.shareToken(planId, owner))!;

    expect(await share.sharedProjection('ShareOwner', token)).toEqual({ outcome: 'draft' });
    await data.planOp(planId, owner, { fields: { status: 'prepared' } });

    const linked = ref();
    const custom = ref();
    const removed = ref();
    const entry = (
      clientRef: string,
      activityId: string | null,
      location = 'Home',
      details = 'Dinner\nBring wine',
    ) =>
      ({
        kind: 'insertEntry',
        entry: {
          client_ref: clientRef,
          activity_id: activityId,
          is_custom: activityId === null,
          custom_location: activityId === null ? location : null,
          custom_details: activityId === null ? details : null,
        },
      }) as const;
    for (const row of [
      entry(linked, visible),
      entry(custom, null),
      entry(ref(), privateActivity),
      entry(removed, null, 'Gone place', 'Removed idea'),
    ]) {
      await data.planOp(planId, owner, { rows: [row] });
    }
    await data.planOp(planId, owner, {
      rows: [
        {
          kind: 'updateEntry',
          ref: custom,
          set: { begins_at: '2025-03-05T18:00:00.000Z', ends_at: '2025-03-05T19:00:00.000Z' },
        },
        { kind: 'tombstoneEntry', ref: removed },
      ],
    });

    const projection = await share.sharedProjection('shareowner', token);
    expect(projection).toEqual({
      outcome: 'ok',
      plan: {
        title: 'Shared plan',
        date: '2025-03-05',
        time_zone: 'UTC',
        status: 'prepared',
        owner_username: 'ShareOwner',
        owner_display_name: 'Share Owner',
        owner_avatar_key: 'ShareOwner/avatar.jpg',
        owner_is_private: true,
        owner_access_type: 'standard',
        entries: [
          {
            is_custom: true,
            activity_title: null,
            custom_details: 'Dinner\nBring wine',
            custom_location: 'Home',
            location: 'Home',
            begins_at: '2025-03-05T18:00:00.000Z',
            ends_at: '2025-03-05T19:00:00.000Z',
            cover_key: null,
          },
          {
            is_custom: false,
            activity_title: 'Concert',
            custom_details: null,
            custom_location: null,
            location: 'Arena',
            begins_at: null,
            ends_at: null,
            cover_key: 'c.jpg',
          },
          // A private author's activity shows nothing of it.
          {
            is_custom: false,
            activity_title: null,
            custom_details: null,
            custom_location: null,
            location: null,
            begins_at: null,
            ends_at: null,
            cover_key: null,
          },
        ],
      },
    });
    const text = JSON.stringify(projection);
    for (const leak of [
      collaborator,
      'share_collaborator',
      'Share Collaborator',
      'Removed idea',
      'Gone place',
      'Secret spot',
      'Hidden',
    ]) {
      expect(text).not.toContain(leak);
    }

    expect(await share.sharedProjection('someone_else', token)).toEqual({ outcome: 'not_found' });
    expect(await share.sharedProjection('share_collaborator', token)).toEqual({ outcome: 'not_found' });
    for (const notAToken of [planId, '999999999', 'abc', `${token}A`, 'A'.repeat(43)]) {
      expect(await share.sharedProjection('ShareOwner', notAToken)).toEqual({ outcome: 'not_found' });
    }

    await data.planOp(planId, owner, { fields: { status: 'completed' } });
    expect((await share.sharedProjection('ShareOwner', token)).outcome).toBe('ok');
  });

  it("hides a deleted account's and an admin's plans", async () => {
    const deleted = await newProfile({ username: 'share_deleted' });
    const admin = await newProfile({ username: 'share_admin', admin: true });
    for (const [owner, username] of [
      [deleted, 'share_deleted'],
      [admin, 'share_admin'],
    ] as const) {
      const id = await data.newPlan(owner);
      await data.planOp(id, owner, { fields: { status: 'prepared' } });
      const token = (await share.shareToken(id, owner))!;
      expect((await share.sharedProjection(username, token)).outcome).toBe(
        username === 'share_admin' ? 'not_found' : 'ok',
      );
      if (owner === deleted) {
        await db.query('UPDATE users SET deleted_at = now() WHERE id = $1', [deleted]);
        expect(await share.sharedProjection(username, token)).toEqual({ outcome: 'not_found' });
      }
    }
  });
});

describe('PlanShareRepository tokens', () => {
  it('gives the token to the owner and the collaborators only, and a reset by the owner only', async () => {
    const owner = await newProfile();
    const collaborator = await newProfile();
    const stranger = await newProfile();
    const planId = await data.newPlan(owner, { title: 'Tokens', collaboratorIds: [collaborator] });
    const token = await share.shareToken(planId, owner);
    expect(token).toMatch(PLAN_SHARE_TOKEN_PATTERN);
    expect(await share.shareToken(planId, collaborator)).toBe(token);
    expect(await share.shareToken(planId, stranger)).toBeUndefined();
    expect(await share.shareToken('999999999', owner)).toBeUndefined();

    expect(await share.resetShareToken(planId, collaborator)).toBeUndefined();
    expect(await share.shareToken(planId, owner)).toBe(token);
    const fresh = await share.resetShareToken(planId, owner);
    expect(fresh).toMatch(PLAN_SHARE_TOKEN_PATTERN);
    expect(fresh).not.toBe(token);
    expect(await share.shareToken(planId, collaborator)).toBe(fresh);
  });
});

describe('collaborator choices', () => {
  it('offers the standard, live profiles the owner follows, marked when invited, by name', async () => {
    const owner = await newProfile();
    const zed = await newProfile({ username: 'zed_choice', displayName: 'Zed' });
    const amy = await newProfile({ username: 'amy_choice', displayName: null });
    const bob = await newProfile({ username: 'bob_choice', displayName: 'bob' });
    const admin = await newProfile({ admin: true });
    const deleted = await newProfile();
    const unfollowed = await newProfile();
    for (const followed of [zed, amy, bob, admin, deleted]) {
      await follow(owner, followed);
    }
    await follow(unfollowed, owner);
    await db.query('UPDATE users SET deleted_at = now() WHERE id = $1', [deleted]);
    const planId = await data.newPlan(owner, { collaboratorIds: [bob] });

    expect(await people.followedProfiles(owner, planId, 10)).toEqual([
      {
        id: amy,
        username: 'amy_choice',
        display_name: null,
        avatar_key: 'amy_choice/avatar.jpg',
        invited: false,
      },
      {
        id: bob,
        username: 'bob_choice',
        display_name: 'bob',
        avatar_key: 'bob_choice/avatar.jpg',
        invited: true,
      },
      {
        id: zed,
        username: 'zed_choice',
        display_name: 'Zed',
        avatar_key: 'zed_choice/avatar.jpg',
        invited: false,
      },
    ]);
    expect((await people.followedProfiles(owner, planId, 2)).map((row) => row.id)).toEqual([amy, bob]);
    // Someone else's plan id marks nobody as invited.
    const otherPlan = await data.newPlan(zed, { collaboratorIds: [amy] });
    expect((await people.followedProfiles(owner, otherPlan, 10)).some((row) => row.invited)).toBe(false);

    expect(
      (await people.invitable(owner, [zed, amy, admin, deleted, unfollowed, owner, zed])).sort(),
    ).toEqual([zed, amy].sort());
    expect(await people.invitable(owner, [])).toEqual([]);
  });
});

describe('PlansRepository.activityForPlan', () => {
  it('lets an actor link only an activity they may see', async () => {
    const actor = await newProfile();
    const secretive = await newProfile({ isPrivate: true });
    const followedSecretive = await newProfile({ isPrivate: true });
    const other = await newProfile();
    await follow(actor, followedSecretive);
    const open = await newActivity(other, { title: 'Hike', location: 'Hills', cover: 'h.jpg', budget: '$' });
    const hidden = await newActivity(secretive, { title: 'Secret', budget: '$$$' });
    const followedHidden = await newActivity(followedSecretive, { title: 'Followed secret' });
    const othersCustom = await newActivity(other, { title: 'Their custom', isCustom: true });
    const ownCustom = await newActivity(actor, { title: 'My custom', isCustom: true });

    expect(await activities.activityForPlan(actor, open)).toEqual({
      id: open,
      user_id: other,
      is_custom: false,
      visible: true,
      title: 'Hike',
      location: 'Hills',
      budget: '$',
      cover_key: 'h.jpg',
    });
    expect(await activities.activityForPlan(actor, hidden)).toMatchObject({
      visible: false,
      title: null,
      location: null,
      budget: null,
      cover_key: null,
    });
    expect(await activities.activityForPlan(actor, followedHidden)).toMatchObject({
      visible: true,
      title: 'Followed secret',
    });
    expect(await activities.activityForPlan(actor, othersCustom)).toMatchObject({
      visible: false,
      title: null,
    });
    expect(await activities.activityForPlan(actor, ownCustom)).toMatchObject({
      visible: true,
      is_custom: true,
      title: 'My custom',
    });
    expect(await activities.activityForPlan(actor, '999999999')).toBeUndefined();
  });
});

describe('a plan’s recap', () => {
  it('is visible to the plan’s owner and collaborators, and a private one to nobody else', async () => {
    const owner = await newProfile();
    const collaborator = await newProfile();
    const follower = await newProfile();
    const stranger = await newProfile();
    await follow(follower, owner);
    await follow(owner, collaborator);
    const posts = new PostsRepository(db);
    const planId = await data.newPlan(owner, {
      title: 'Recap plan',
      date: '2025-03-05',
      collaboratorIds: [collaborator],
    });

    const dateId = await db.transaction(async (tx) => {
      const id = await posts.in(tx).insertDate(owner, {
        title: 'Our recap',
        description: '',
        tags: [],
        activityIds: [],
        media: [],
        visibilityPublic: false,
        allowComments: true,
      });
      const opId = ref();
      await plans.in(tx).lockState(planId, { opIds: [opId], baseVersion: null, eventLimit: 0 });
      await plans.in(tx).writeOperation({
        planId,
        version: '1',
        rows: [],
        fields: { status: 'completed', published_date_id: id },
        event: { op_id: opId, actor_id: owner, client_id: 'tab', op: {}, result: {}, inverse: null },
      });
      return id;
    });

    expect(await posts.findDate(owner, dateId)).toBeDefined();
    expect(await posts.findDate(collaborator, dateId)).toBeDefined();
    expect(await posts.findDate(stranger, dateId)).toBeUndefined();
    expect(await posts.findDate(follower, dateId)).toBeUndefined();
    expect(await posts.findDate(null, dateId)).toBeUndefined();
    expect(
      (await posts.listByAuthor('date', collaborator, owner, { limit: 10 })).map((row) => row.id),
    ).toEqual([dateId]);
    expect(await posts.listByAuthor('date', follower, owner, { limit: 10 })).toEqual([]);

    // A removed collaborator loses it; an ordinary private date is not shown to collaborators.
    await data.planOp(planId, owner, { rows: [{ kind: 'removeCollaborator', userId: collaborator }] });
    expect(await posts.findDate(collaborator, dateId)).toBeUndefined();
    await data.planOp(planId, owner, { rows: [{ kind: 'addCollaborators', userIds: [collaborator] }] });
    const ordinary = await data.newDate(owner, { title: 'Private', isPublic: false });
    expect(await posts.findDate(collaborator, ordinary)).toBeUndefined();
    expect(await posts.findDate(collaborator, dateId)).toBeDefined();
  });
});

import { randomUUID } from 'node:crypto';
import {
  messages,
  PLAN_CREATE_LIMIT,
  PLAN_SHARE_TOKEN_PATTERN,
  planMessages,
  type CollaboratorChoiceList,
  type PlanCatchUp,
  type PlanDocument,
  type PlanList,
  type PlanOpAccepted,
  type DateDetail,
  type PlanOperationInput,
  type PlanShareLink,
  type PostMediaVariants,
  type SharedPlan,
} from '@datebook/contracts';
import { PostMediaRepository } from '@datebook/db';
import { newObjectToken, ObjectStorage, renditionStem } from '@datebook/server';
import { useTestApi } from '../testing/use-test-api';
import {
  applyOp,
  getPlan,
  newPlan,
  preparedPlan,
  sendOp,
  shareToken,
  type PlanMember,
} from '../testing/test-plans';
import { uploadFile } from '../testing/media-uploads';
import { signedIn } from '../testing/test-users';

describe('plans over REST', () => {
  const api = useTestApi();
  const member = (): Promise<PlanMember> => signedIn(api);
  const errorOf = (response: { json: () => unknown }) =>
    (response.json() as { error: { code: string; message: string } }).error;

  /** An owner with a plan and a collaborator they follow, invited (which prepares the plan). */
  async function sharedPlan(): Promise<{ owner: PlanMember; friend: PlanMember; plan: PlanDocument }> {
    const owner = await member();
    const friend = await member();
    await api.data.follow(owner.user.id, friend.user.id);
    const plan = await newPlan(owner, { title: 'Beach day', date: '2030-06-01' });
    await applyOp(owner, plan.id, { type: 'collaborator.invite', userIds: [friend.user.id] });
    return { owner, friend, plan: await getPlan(owner, plan.id) };
  }

  describe('creating', () => {
    it('makes a draft at version 1, with its create event, and a retry returns the same plan', async () => {
      const owner = await member();
      const opId = randomUUID();
      const first = await newPlan(owner, { title: '  Picnic  ', date: '2030-01-02', opId });
      expect(first).toMatchObject({
        title: 'Picnic',
        date: '2030-01-02',
        status: 'draft',
        version: 1,
        viewerRole: 'owner',
        ownerId: owner.user.id,
        collaborators: [],
        activities: [],
        locked: false,
        publishedDateId: null,
      });
      const again = await newPlan(owner, { title: 'Other', opId });
      expect(again.id).toBe(first.id);
      const [count] = await api.db.query<Array<{ n: number }>>(
        'SELECT count(*)::int AS n FROM planned_dates WHERE owner_id = $1',
        [owner.user.id],
      );
      expect(count!.n).toBe(1);
      const events = await owner.request({ method: 'GET', url: `/api/plans/${first.id}/events?since=0` });
      expect(events.json<PlanCatchUp>()).toMatchObject({
        role: 'owner',
        version: 1,
        events: [{ version: 1, op: { type: 'plan.create', title: 'Picnic' } }],
      });
    });

    it('makes one plan when the same create is sent twice at once', async () => {
      const owner = await member();
      const opId = randomUUID();
      const [a, b] = await Promise.all([newPlan(owner, { opId }), newPlan(owner, { opId })]);
      expect(a.id).toBe(b.id);
    });

    it('answers a create replayed after its plan was deleted as gone, and makes no new plan', async () => {
      const owner = await member();
      const opId = randomUUID();
      const plan = await newPlan(owner, { title: 'Picnic', opId });
      await applyOp(owner, plan.id, { type: 'plan.delete' });

      const replay = await owner.request({
        method: 'POST',
        url: '/api/plans',
        payload: { opId, clientId: 'tab', title: 'Picnic', timeZone: 'UTC' },
      });
      expect(replay.statusCode).toBe(409);
      expect(errorOf(replay)).toMatchObject({ code: 'CONFLICT', message: planMessages.createdPlanDeleted });
      const [count] = await api.db.query<Array<{ n: number }>>(
        'SELECT count(*)::int AS n FROM planned_dates WHERE owner_id = $1',
        [owner.user.id],
      );
      expect(count!.n).toBe(0);

      // An op id is the intent of one member: another's with the same id is a plan of its own.
      const other = await member();
      const theirs = await newPlan(other, { title: 'Picnic', opId });
      expect(theirs).toMatchObject({ ownerId: other.user.id, version: 1 });
      expect(theirs.id).not.toBe(plan.id);
    });

    it('asks for a title', async () => {
      const owner = await member();
      const response = await owner.request({
        method: 'POST',
        url: '/api/plans',
        payload: { opId: randomUUID(), clientId: 'tab', title: '   ' },
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe(messages.plans.addTitleBeforeSaving);
    });
  });

  describe('operations', () => {
    it('applies every editing operation in order, numbered by version', async () => {
      const owner = await member();
      const author = await member();
      const activityId = await api.data.newActivity(author.user.id, {
        title: 'Sunset hike',
        location: 'Ridge trail',
        coverKey: `media/${randomUUID()}.jpg`,
      });
      const plan = await newPlan(owner);
      const linked = randomUUID();
      const custom = randomUUID();

      const steps: Array<[Parameters<typeof applyOp>[2], number]> = [
        [{ type: 'plan.update', field: 'title', value: 'Anniversary' }, 2],
        [{ type: 'plan.update', field: 'date', value: '2030-05-04' }, 3],
        [{ type: 'activity.add', ref: linked, source: { kind: 'linked', activityId } }, 4],
        [
          { type: 'activity.add', ref: custom, source: { kind: 'custom', customDetails: 'Dinner\nBook it' } },
          5,
        ],
        [{ type: 'activity.schedule', ref: linked }, 6],
        [
          {
            type: 'activity.setTimes',
            ref: custom,
            beginsAt: '2030-05-04T19:00:00+02:00',
            endsAt: '2030-05-04T21:30:00+02:00',
          },
          7,
        ],
        [{ type: 'activity.edit', ref: custom, customLocation: 'Harbour' }, 8],
      ];
      for (const [op, version] of steps) {
        expect((await applyOp(owner, plan.id, op)).version).toBe(version);
      }
      const document = await getPlan(owner, plan.id);
      expect(document).toMatchObject({ title: 'Anniversary', date: '2030-05-04', version: 8 });
      const byRef = new Map(document.activities.map((row) => [row.ref, row]));
      expect(byRef.get(linked)).toMatchObject({
        activityId,
        isCustom: false,
        title: 'Sunset hike',
        location: 'Ridge trail',
        status: 'scheduled',
        durationMinutes: 60,
      });
      expect(byRef.get(linked)!.imageUrl).toEqual(expect.any(String));
      expect(byRef.get(custom)).toMatchObject({
        title: 'Dinner',
        location: 'Harbour',
        customDetails: 'Dinner\nBook it',
        beginsAt: '2030-05-04T17:00:00.000Z',
        endsAt: '2030-05-04T19:30:00.000Z',
        status: 'scheduled',
        durationMinutes: 150,
      });

      // Clearing a time unschedules; removing leaves a tombstone that later ops are told about.
      await applyOp(owner, plan.id, { type: 'activity.setTimes', ref: custom, beginsAt: null, endsAt: null });
      expect((await getPlan(owner, plan.id)).activities.find((row) => row.ref === custom)).toMatchObject({
        status: 'unscheduled',
        beginsAt: null,
      });
      await applyOp(owner, plan.id, { type: 'activity.remove', ref: custom });
      const gone = await sendOp(owner, plan.id, { type: 'activity.remove', ref: custom });
      expect(gone.statusCode).toBe(409);
      expect(errorOf(gone)).toEqual({ code: 'CONFLICT', message: planMessages.activityGone });
      expect((await getPlan(owner, plan.id)).activities.map((row) => row.ref)).toEqual([linked]);

      const events = await owner.request({ method: 'GET', url: `/api/plans/${plan.id}/events?since=7` });
      const catchUp = events.json<PlanCatchUp>();
      expect('events' in catchUp && catchUp.events.map((event) => event.version)).toEqual([8, 9, 10]);
    });

    it('refuses what the rules refuse, with their words, and changes nothing', async () => {
      const owner = await member();
      const plan = await newPlan(owner, { title: 'Plan', date: null });
      const ref = randomUUID();
      await applyOp(owner, plan.id, {
        type: 'activity.add',
        ref,
        source: { kind: 'custom', customDetails: 'x' },
      });

      const cases: Array<[Parameters<typeof sendOp>[2], number, string]> = [
        [
          {
            type: 'activity.setTimes',
            ref,
            beginsAt: '2030-01-01T10:00:00Z',
            endsAt: '2030-01-01T09:00:00Z',
          },
          400,
          messages.plans.endBeforeBegin,
        ],
        [{ type: 'status.change', to: 'prepared' }, 400, planMessages.prepareNeedsDate],
        [{ type: 'plan.lock', locked: true }, 400, planMessages.lockNeedsPrepared],
        [
          { type: 'activity.add', ref, source: { kind: 'custom', customDetails: 'y' } },
          400,
          planMessages.duplicateRef,
        ],
        [{ type: 'activity.schedule', ref: randomUUID() }, 409, planMessages.activityGone],
        [{ type: 'collaborator.invite', userIds: [randomUUID()] }, 400, planMessages.inviteFollowedOnly],
        [{ type: 'collaborator.invite', userIds: [' ', owner.user.id] }, 400, planMessages.inviteNobody],
        [{ type: 'collaborator.remove', userId: randomUUID() }, 409, planMessages.collaboratorGone],
        [{ type: 'plan.create', title: 'Again' }, 400, planMessages.alreadyCreated],
        [{ type: 'status.change', to: 'draft' }, 400, planMessages.alreadyDraft],
        [
          { type: 'activity.setTimes', ref, beginsAt: 'tomorrow', endsAt: null },
          400,
          planMessages.invalidTime,
        ],
        [{ type: 'plan.update', field: 'timeZone', value: 'Mars/Base' }, 400, planMessages.invalidTimeZone],
      ];
      for (const [op, status, message] of cases) {
        const response = await sendOp(owner, plan.id, op);
        expect([op.type, response.statusCode, errorOf(response).message]).toEqual([op.type, status, message]);
      }
      expect((await getPlan(owner, plan.id)).version).toBe(2);
    });

    it('refuses an activity the actor may not see, and one that does not exist', async () => {
      const owner = await member();
      const secretive = await signedIn(api, { isPrivate: true });
      const hidden = await api.data.newActivity(secretive.user.id);
      const custom = await api.data.newActivity(owner.user.id, { isCustom: true });
      const someoneElsesCustom = await api.data.newActivity(secretive.user.id, { isCustom: true });
      const plan = await newPlan(owner);
      for (const activityId of [hidden, someoneElsesCustom, '999999999']) {
        const response = await sendOp(owner, plan.id, {
          type: 'activity.add',
          ref: randomUUID(),
          source: { kind: 'linked', activityId },
        });
        expect(response.statusCode).toBe(400);
        expect(errorOf(response).message).toBe(planMessages.activityNotFound);
      }
      // One's own custom activity may be linked.
      await applyOp(owner, plan.id, {
        type: 'activity.add',
        ref: randomUUID(),
        source: { kind: 'linked', activityId: custom },
      });
    });

    it('reports whose newer change of the same register an op replaced', async () => {
      const { owner, friend, plan } = await sharedPlan();
      await applyOp(friend, plan.id, { type: 'plan.update', field: 'title', value: 'Friend’s title' });
      const mine = await applyOp(
        owner,
        plan.id,
        { type: 'plan.update', field: 'title', value: 'My title' },
        { baseVersion: plan.version },
      );
      expect(mine).toMatchObject({ ok: true, overwrote: { actorId: friend.user.id } });
      const other = await applyOp(
        owner,
        plan.id,
        { type: 'plan.update', field: 'date', value: '2030-06-02' },
        { baseVersion: plan.version },
      );
      expect(other).not.toHaveProperty('overwrote');
    });

    it('tells a replaced change once: replacing one’s own newer value replaces nobody’s', async () => {
      const { owner, friend, plan } = await sharedPlan();
      const title = (value: string) => ({ type: 'plan.update', field: 'title', value }) as const;
      // The owner last saw the title at plan.version (a field they typed in hid what came after).
      await applyOp(friend, plan.id, title('Friend’s title'));
      const first = await applyOp(owner, plan.id, title('Mine'), { baseVersion: plan.version });
      const again = await applyOp(owner, plan.id, title('Mine again'), { baseVersion: plan.version });
      const later = await applyOp(friend, plan.id, title('Friend’s again'), { baseVersion: again.version });

      expect(first).toMatchObject({ overwrote: { actorId: friend.user.id } });
      expect(again).not.toHaveProperty('overwrote');
      expect(later).not.toHaveProperty('overwrote');
    });

    it('answers a replayed op id with the first result and applies nothing', async () => {
      const owner = await member();
      const plan = await newPlan(owner);
      const opId = randomUUID();
      const op: PlanOperationInput = {
        type: 'activity.add',
        ref: randomUUID(),
        source: { kind: 'custom', customDetails: 'x' },
      };
      const first = await applyOp(owner, plan.id, op, { opId });
      const again = await applyOp(owner, plan.id, op, { opId });
      expect(again).toEqual({ ok: true, duplicate: true, version: first.version, event: first.event });
      const [a, b] = await Promise.all([
        sendOp(
          owner,
          plan.id,
          { type: 'plan.update', field: 'title', value: 'Twice' },
          { opId: randomUUID() },
        ),
        sendOp(owner, plan.id, { type: 'plan.update', field: 'title', value: 'Once' }, { opId }),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      expect(b.json<PlanOpAccepted>()).toMatchObject({ duplicate: true, version: first.version });
      expect((await getPlan(owner, plan.id)).version).toBe(3);
    });

    it('keeps a locked title and date, and a completed plan, as they are', async () => {
      const owner = await member();
      const plan = await preparedPlan(owner);
      await applyOp(owner, plan.id, { type: 'plan.lock', locked: true });
      const locked = await sendOp(owner, plan.id, { type: 'plan.update', field: 'title', value: 'New' });
      expect(locked.statusCode).toBe(409);
      expect(errorOf(locked).message).toBe(planMessages.locked);
      // Revert to Draft unlocks.
      await applyOp(owner, plan.id, { type: 'status.change', to: 'draft' });
      expect((await getPlan(owner, plan.id)).locked).toBe(false);
    });
  });

  describe('who may do what', () => {
    it('lets a collaborator edit, but only the owner lock, invite, remove and delete', async () => {
      const { owner, friend, plan } = await sharedPlan();
      expect(plan.status).toBe('prepared');
      expect(plan.collaborators.map((person) => person.id)).toEqual([friend.user.id]);
      expect((await getPlan(friend, plan.id)).viewerRole).toBe('collaborator');
      await applyOp(friend, plan.id, { type: 'plan.update', field: 'title', value: 'Both of us' });

      const ownerOnly: Array<[Parameters<typeof sendOp>[2], string]> = [
        [{ type: 'plan.lock', locked: true }, planMessages.onlyOwnerCanLock],
        [{ type: 'collaborator.invite', userIds: [owner.user.id] }, planMessages.onlyOwnerCanInvite],
        [
          { type: 'collaborator.remove', userId: friend.user.id },
          planMessages.onlyOwnerCanRemoveCollaborators,
        ],
        [{ type: 'plan.delete' }, messages.plans.onlyOwnerCanDelete],
      ];
      for (const [op, message] of ownerOnly) {
        const response = await sendOp(friend, plan.id, op);
        expect([op.type, response.statusCode, errorOf(response).message]).toEqual([op.type, 403, message]);
      }
      const choices = await friend.request({
        method: 'GET',
        url: `/api/plans/${plan.id}/collaborator-choices`,
      });
      expect(choices.statusCode).toBe(403);
    });

    it('answers strangers, visitors, removed collaborators and bad ids as if the plan did not exist', async () => {
      const { owner, friend, plan } = await sharedPlan();
      const stranger = await member();
      await applyOp(owner, plan.id, { type: 'collaborator.remove', userId: friend.user.id });
      for (const someone of [stranger, friend]) {
        for (const response of [
          await someone.request({ method: 'GET', url: `/api/plans/${plan.id}` }),
          await someone.request({ method: 'GET', url: `/api/plans/${plan.id}/events?since=0` }),
          await someone.request({ method: 'GET', url: `/api/plans/${plan.id}/collaborator-choices` }),
          await sendOp(someone, plan.id, { type: 'plan.update', field: 'title', value: 'Mine now' }),
        ]) {
          expect(response.statusCode).toBe(404);
          expect(errorOf(response)).toEqual({ code: 'NOT_FOUND', message: planMessages.notFound });
        }
      }
      for (const id of ['0', 'abc', '99999999999', '1e3', '-1', '123456789012345678901234']) {
        const response = await owner.request({ method: 'GET', url: `/api/plans/${id}` });
        expect([id, response.statusCode]).toEqual([id, 404]);
        expect((await sendOp(owner, id, { type: 'plan.delete' })).statusCode).toBe(404);
      }
      const visitor = await api.request({ method: 'GET', url: `/api/plans/${plan.id}` });
      expect(visitor.statusCode).toBe(401);
      const visitorOp = await api.request({ method: 'POST', url: `/api/plans/${plan.id}/ops`, payload: {} });
      expect(visitorOp.statusCode).toBe(401);
    });

    it('invites only followed, non-admin people, trimmed and without repeats, and offers only them', async () => {
      const owner = await member();
      const friend = await member();
      const admin = await signedIn(api, { accessType: 'admin' });
      const notFollowed = await member();
      await api.data.follow(owner.user.id, friend.user.id);
      await api.data.follow(owner.user.id, admin.user.id);
      const plan = await newPlan(owner);
      const before = await owner.request({
        method: 'GET',
        url: `/api/plans/${plan.id}/collaborator-choices`,
      });
      expect(before.json<CollaboratorChoiceList>().items).toEqual([
        expect.objectContaining({ id: friend.user.id, invited: false }),
      ]);
      for (const ids of [[admin.user.id], [notFollowed.user.id], [friend.user.id, notFollowed.user.id]]) {
        const response = await sendOp(owner, plan.id, { type: 'collaborator.invite', userIds: ids });
        expect(errorOf(response).message).toBe(planMessages.inviteFollowedOnly);
      }
      const invited = await applyOp(owner, plan.id, {
        type: 'collaborator.invite',
        userIds: [` ${friend.user.id} `, friend.user.id, '', owner.user.id],
      });
      expect(invited.event.changes).toEqual([
        { kind: 'addCollaborators', userIds: [friend.user.id] },
        { kind: 'status', to: 'prepared' },
      ]);
      expect(invited.event.people).toEqual([expect.objectContaining({ id: friend.user.id })]);
      const after = await owner.request({ method: 'GET', url: `/api/plans/${plan.id}/collaborator-choices` });
      expect(after.json<CollaboratorChoiceList>().items).toEqual([
        expect.objectContaining({ id: friend.user.id, invited: true }),
      ]);
    });

    it('lets the owner delete a plan; its rows and events go with it', async () => {
      const owner = await member();
      const plan = await newPlan(owner);
      await applyOp(owner, plan.id, { type: 'plan.delete' });
      expect((await owner.request({ method: 'GET', url: `/api/plans/${plan.id}` })).statusCode).toBe(404);
      const [left] = await api.db.query<Array<{ n: number }>>(
        'SELECT count(*)::int AS n FROM plan_events WHERE plan_id = $1',
        [plan.id],
      );
      expect(left!.n).toBe(0);
    });
  });

  describe('completion', () => {
    const publish = {
      title: 'Our date',
      description: 'It was lovely.',
      photos: { fromActivityRefs: [] as string[] },
    };

    it('publishes one private recap, seen by the plan’s people only, and leaves the plan read-only', async () => {
      const { owner, friend, plan } = await sharedPlan();
      const stranger = await member();
      const activityId = await api.data.newActivity(owner.user.id, { title: 'Kayaking' });
      const ref = randomUUID();
      await applyOp(owner, plan.id, { type: 'activity.add', ref, source: { kind: 'linked', activityId } });
      const done = await applyOp(friend, plan.id, {
        type: 'status.change',
        to: 'completed',
        publish: { ...publish, photos: { fromActivityRefs: [ref] } },
      });
      expect(done.event.changes).toEqual([{ kind: 'status', to: 'completed' }]);
      const completed = await getPlan(owner, plan.id);
      expect(completed).toMatchObject({ status: 'completed', publishedDateId: expect.any(String) });
      const dateId = completed.publishedDateId!;
      const [date] = await api.db.query<
        Array<{ user_id: string; visibility_public: boolean; date_of: string }>
      >('SELECT user_id, visibility_public, date_of::text FROM dates WHERE id = $1', [dateId]);
      expect(date).toEqual({ user_id: friend.user.id, visibility_public: false, date_of: '2030-06-01' });
      const links = await api.db.query('SELECT activity_id FROM dates_activities WHERE date_id = $1', [
        dateId,
      ]);
      expect(links).toEqual([{ activity_id: activityId }]);

      for (const [who, status] of [
        [owner, 200],
        [friend, 200],
        [stranger, 404],
      ] as const) {
        const response = await who.request({ method: 'GET', url: `/api/dates/${dateId}` });
        expect(response.statusCode).toBe(status);
        if (status === 200) {
          // The web app opens a private date only when it is a plan's recap.
          expect(response.json()).toMatchObject({ visibilityPublic: false, isPlanRecap: true });
        }
      }
      expect((await api.request({ method: 'GET', url: `/api/dates/${dateId}` })).statusCode).toBe(404);
      // Their lists too: the author's dates, as the plan's owner and as a stranger see them.
      const listed = async (who: PlanMember) =>
        (await who.request({ method: 'GET', url: `/api/profiles/${friend.user.username}/dates` }))
          .json<{ items: Array<{ id: string }> }>()
          .items.map((item) => item.id);
      expect(await listed(owner)).toContain(dateId);
      expect(await listed(stranger)).not.toContain(dateId);

      const readOnly = await sendOp(owner, plan.id, { type: 'plan.update', field: 'title', value: 'Later' });
      expect(readOnly.statusCode).toBe(409);
      expect(errorOf(readOnly).message).toBe(planMessages.readOnly);
      const deleting = await sendOp(owner, plan.id, { type: 'plan.delete' });
      expect(errorOf(deleting).message).toBe(planMessages.readOnly);
    });

    it('makes one Date when the owner and a collaborator press Date Completed at once', async () => {
      const { owner, friend, plan } = await sharedPlan();
      const ref = randomUUID();
      await applyOp(owner, plan.id, {
        type: 'activity.add',
        ref,
        source: { kind: 'custom', customDetails: 'Walk' },
      });
      const complete: PlanOperationInput = {
        type: 'status.change',
        to: 'completed',
        publish: { ...publish, photos: { fromActivityRefs: [ref] } },
      };
      const answers = await Promise.all([
        sendOp(owner, plan.id, complete),
        sendOp(friend, plan.id, complete),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      const [count] = await api.db.query<Array<{ n: number }>>(
        `SELECT count(*)::int AS n FROM dates WHERE user_id = ANY($1::uuid[])`,
        [[owner.user.id, friend.user.id]],
      );
      expect(count!.n).toBe(1);
    });

    it('refuses a draft, a photo of a removed row and unusable uploads, publishing nothing', async () => {
      const owner = await member();
      const draft = await newPlan(owner, { date: '2030-01-01' });
      const row = randomUUID();
      await applyOp(owner, draft.id, {
        type: 'activity.add',
        ref: row,
        source: { kind: 'custom', customDetails: 'x' },
      });
      const early = await sendOp(owner, draft.id, {
        type: 'status.change',
        to: 'completed',
        publish: { ...publish, photos: { fromActivityRefs: [row] } },
      });
      expect(errorOf(early).message).toBe(planMessages.completeNeedsPrepared);
      const plan = await preparedPlan(owner);
      const ghost = await sendOp(owner, plan.id, {
        type: 'status.change',
        to: 'completed',
        publish: { ...publish, photos: { fromActivityRefs: [randomUUID()] } },
      });
      expect(ghost.statusCode).toBe(409);
      const foreignUpload = await sendOp(owner, plan.id, {
        type: 'status.change',
        to: 'completed',
        publish: { ...publish, photos: { uploadIds: [randomUUID()] } },
      });
      expect(foreignUpload.statusCode).toBe(400);
      const noPhoto = await sendOp(owner, plan.id, {
        type: 'status.change',
        to: 'completed',
        publish: { ...publish, photos: {} },
      });
      expect(noPhoto.statusCode).toBe(400);
      expect(errorOf(noPhoto).message).toBe(messages.posts.imageRequired);
      expect((await getPlan(owner, plan.id)).status).toBe('prepared');
      const [count] = await api.db.query<Array<{ n: number }>>(
        'SELECT count(*)::int AS n FROM dates WHERE user_id = $1',
        [owner.user.id],
      );
      expect(count!.n).toBe(0);
    });
  });

  describe('completion with photos from the plan’s activities', () => {
    const publish = { title: 'Our date', description: 'It was lovely.' };
    const token = () => newObjectToken();
    /** A ready item of an activity, as the worker leaves it (only the row: the api copies no bytes). */
    async function readyMedia(
      authorId: string,
      activityId: string,
      item: { type: 'photo' | 'video'; position: number },
    ): Promise<{
      variants: PostMediaVariants;
      width: number;
      height: number;
      placeholder: string;
      thumbhash: string;
    }> {
      const stem = `${authorId}/activity-media/${token()}`;
      const placeholder = `data:image/jpeg;base64,${token()}`;
      const thumbhash = token();
      const variants: PostMediaVariants =
        item.type === 'photo'
          ? {
              key: `${stem}-1080.jpg`,
              images: [320, 640, 1080].map((size) => ({
                size,
                key: `${stem}-${size}.jpg`,
                width: size,
                height: Math.round((size * 2) / 3),
              })),
              placeholder,
              poster: null,
            }
          : {
              key: `${stem}-video.mp4`,
              images: [],
              placeholder,
              poster: { key: `${stem}-poster.jpg`, width: 640, height: 480 },
            };
      const [width, height] = item.type === 'photo' ? [1080, 720] : [320, 240];
      await api.db.query(
        `INSERT INTO post_media (user_id, activity_id, media_type, display_key, storage_key, position, status,
                variants, width, height, placeholder, thumbhash)
         VALUES ($1, $2, $3, $4, $5, $6, 'ready', $7, $8, $9, $10, $11)`,
        [
          authorId,
          activityId,
          item.type,
          variants.key,
          item.type === 'photo' ? `${authorId}/activity-media/${token()}/shot.jpg` : variants.key,
          item.position,
          JSON.stringify(variants),
          width,
          height,
          placeholder,
          thumbhash,
        ],
      );
      return { variants, width, height, placeholder, thumbhash };
    }

    /** A new photo of kind `date`, stored through its presigned PUT; its upload id. */
    async function uploadedDatePhoto(who: PlanMember): Promise<string> {
      const bytes = Buffer.from('a photo of the evening');
      const file = { kind: 'date', fileName: 'evening.jpg', contentType: 'image/jpeg' } as const;
      return (await uploadFile(who.request, file, bytes)).uploadId;
    }

    interface DateMediaRow {
      id: string;
      user_id: string;
      position: number;
      status: string;
      storage_key: string;
      upload_id: string | null;
      display_key: string | null;
      variants: PostMediaVariants;
      width: number | null;
      height: number | null;
      placeholder: string | null;
      thumbhash: string | null;
    }

    const copiedEvents = async (postMediaIds: string[]) =>
      api.db.query<Array<{ payload: { postMediaId: string; sourceKeys: string[] } }>>(
        `SELECT payload FROM outbox WHERE event_type = 'post-media.copied'
            AND payload ->> 'postMediaId' = ANY($1::text[]) ORDER BY id`,
        [postMediaIds],
      );

    it('gives the Date its own copies of the picked covers, after the uploads, in the Date’s transaction', async () => {
      const { owner, friend, plan } = await sharedPlan();
      // A private member only the owner follows: the publisher (friend) may not see their activity.
      const hidden = await member();
      await api.db.query('UPDATE profiles SET is_private = true WHERE id = $1', [hidden.user.id]);
      await api.data.follow(owner.user.id, hidden.user.id);

      const picnic = await api.data.newActivity(owner.user.id, { title: 'Picnic' });
      const picnicCover = await readyMedia(owner.user.id, picnic, { type: 'photo', position: 0 });
      await readyMedia(owner.user.id, picnic, { type: 'photo', position: 1 });
      const kayak = await api.data.newActivity(friend.user.id, { title: 'Kayaking' });
      const kayakCover = await readyMedia(friend.user.id, kayak, { type: 'video', position: 0 });
      const secret = await api.data.newActivity(hidden.user.id, { title: 'Secret spot' });
      await readyMedia(hidden.user.id, secret, { type: 'photo', position: 0 });

      const refs = {
        picnic: randomUUID(),
        picnicAgain: randomUUID(),
        kayak: randomUUID(),
        secret: randomUUID(),
      };
      const custom = randomUUID();
      for (const [ref, activityId] of [
        [refs.picnic, picnic],
        [refs.picnicAgain, picnic],
        [refs.kayak, kayak],
        [refs.secret, secret],
      ] as const) {
        await applyOp(owner, plan.id, { type: 'activity.add', ref, source: { kind: 'linked', activityId } });
      }
      await applyOp(owner, plan.id, {
        type: 'activity.add',
        ref: custom,
        source: { kind: 'custom', customDetails: 'Walk home' },
      });
      const uploadId = await uploadedDatePhoto(friend);
      const complete: PlanOperationInput = {
        type: 'status.change',
        to: 'completed',
        publish: {
          ...publish,
          photos: {
            uploadIds: [uploadId],
            fromActivityRefs: [refs.kayak, refs.picnic, refs.secret, custom, refs.picnicAgain],
          },
        },
      };
      const copiesOf = (userId: string) =>
        api.db.query<DateMediaRow[]>(
          `SELECT id, user_id, position, status, storage_key, upload_id, display_key, variants, width, height,
                  placeholder, thumbhash
             FROM post_media WHERE user_id = $1 AND date_id IS NOT NULL ORDER BY position`,
          [userId],
        );

      // A completion refused inside its transaction (here: linking the activities, after the copies
      // were written) leaves no Date, no copy and no copy event.
      const copiesBefore = await api.db.query<Array<{ n: number }>>(
        `SELECT count(*)::int AS n FROM outbox WHERE event_type = 'post-media.copied'`,
      );
      await api.db.query(`
        CREATE FUNCTION refuse_recap_link() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.activity_id = ${Number(picnic)} THEN
            RAISE EXCEPTION 'refused for the test' USING ERRCODE = 'check_violation';
          END IF;
          RETURN NEW;
        END $$;
        CREATE TRIGGER refuse_recap_link BEFORE INSERT ON dates_activities
          FOR EACH ROW EXECUTE FUNCTION refuse_recap_link();`);
      try {
        const refused = await sendOp(friend, plan.id, complete);
        expect(refused.statusCode).toBe(400);
        expect(errorOf(refused).message).toBe(messages.errors.validation);
      } finally {
        await api.db.query(`DROP TRIGGER refuse_recap_link ON dates_activities;
                        DROP FUNCTION refuse_recap_link();`);
      }
      expect(await copiesOf(friend.user.id)).toEqual([]);
      expect(
        await api.db.query<Array<{ n: number }>>(
          `SELECT count(*)::int AS n FROM outbox WHERE event_type = 'post-media.copied'`,
        ),
      ).toEqual(copiesBefore);
      expect((await getPlan(owner, plan.id)).status).toBe('prepared');

      await applyOp(friend, plan.id, complete);
      const dateId = (await getPlan(owner, plan.id)).publishedDateId!;
      const rows = await copiesOf(friend.user.id);
      // The upload first; then one copy per distinct cover the publisher may see, in the order picked:
      // the secret spot's is hidden from them, the custom row has none, the picnic's comes once.
      expect(rows.map((row) => [row.position, row.status, row.upload_id !== null])).toEqual([
        [0, 'processing', true],
        [1, 'processing', false],
        [2, 'processing', false],
      ]);
      const [, kayakCopy, picnicCopy] = rows as [DateMediaRow, DateMediaRow, DateMediaRow];
      const sourceKeys = [picnicCover, kayakCover].flatMap(({ variants }) => [
        variants.key,
        ...variants.images.map((image) => image.key),
        ...(variants.poster ? [variants.poster.key] : []),
      ]);
      for (const copy of [kayakCopy, picnicCopy]) {
        // The publisher's own, under a fresh random token (decision 37), naming none of the source's keys.
        expect(copy.user_id).toBe(friend.user.id);
        expect(copy.storage_key).toMatch(
          new RegExp(`^${friend.user.id}/date-media/[A-Za-z0-9_-]{22}/photo\\.jpg$`),
        );
        const stem = renditionStem(friend.user.id, 'date', copy.storage_key);
        for (const key of [copy.variants.key, ...copy.variants.images.map((image) => image.key)]) {
          expect(key.startsWith(`${stem}-`)).toBe(true);
          expect(sourceKeys).not.toContain(key);
        }
        expect(copy.display_key).toBeNull();
      }
      expect(kayakCopy.storage_key).not.toBe(picnicCopy.storage_key);
      // A video's cover is its poster: the copy is a photo of it.
      const kayakStem = renditionStem(friend.user.id, 'date', kayakCopy.storage_key);
      expect(kayakCopy).toMatchObject({
        width: 640,
        height: 480,
        placeholder: kayakCover.placeholder,
        thumbhash: kayakCover.thumbhash,
        variants: {
          key: `${kayakStem}-poster.jpg`,
          images: [{ size: 640, key: `${kayakStem}-poster.jpg`, width: 640, height: 480 }],
          placeholder: kayakCover.variants.placeholder,
          poster: null,
        },
      });
      const picnicStem = renditionStem(friend.user.id, 'date', picnicCopy.storage_key);
      expect(picnicCopy).toMatchObject({
        width: picnicCover.width,
        height: picnicCover.height,
        placeholder: picnicCover.placeholder,
        thumbhash: picnicCover.thumbhash,
        variants: {
          key: `${picnicStem}-1080.jpg`,
          images: picnicCover.variants.images.map((image) => ({
            ...image,
            key: `${picnicStem}-${image.size}.jpg`,
          })),
          poster: null,
        },
      });
      // One copy event each, carrying the source objects for the worker.
      expect((await copiedEvents([kayakCopy.id, picnicCopy.id])).map((row) => row.payload)).toEqual([
        { postMediaId: kayakCopy.id, sourceKeys: [kayakCover.variants.poster!.key] },
        {
          postMediaId: picnicCopy.id,
          sourceKeys: [
            ...new Set([picnicCover.variants.key, ...picnicCover.variants.images.map((i) => i.key)]),
          ],
        },
      ]);

      // Until the worker has copied them, the Date shows them processing, with no URL.
      const page = async (who: PlanMember) => {
        const response = await who.request({ method: 'GET', url: `/api/dates/${dateId}` });
        expect(response.statusCode).toBe(200);
        return response.json<DateDetail>();
      };
      expect((await page(friend)).media.map((item) => [item.status, item.url])).toEqual([
        ['processing', null],
        ['processing', null],
        ['processing', null],
      ]);
      // The worker's settle (its copy of the objects is tested in apps/worker): then the page shows it.
      const postMedia = api.app.get(PostMediaRepository);
      expect(await postMedia.markCopied(picnicCopy.id)).toBe(picnicCopy.variants.key);
      await postMedia.refreshPostKeys('date', dateId);
      const storage = api.app.get(ObjectStorage);
      for (const who of [friend, owner]) {
        const shown = (await page(who)).media.find((item) => item.id === picnicCopy.id);
        expect(shown).toMatchObject({
          type: 'photo',
          status: 'ready',
          position: 2,
          url: storage.readUrl(picnicCopy.variants.key),
          sources: picnicCopy.variants.images.map((image) => ({
            width: image.width,
            url: storage.readUrl(image.key),
          })),
          width: picnicCover.width,
          height: picnicCover.height,
          placeholder: picnicCover.placeholder,
        });
      }
    });
  });

  describe('lists', () => {
    it('shows own drafts, and non-draft plans owned or shared, with roles, newest first, in pages', async () => {
      const owner = await member();
      const friend = await member();
      await api.data.follow(owner.user.id, friend.user.id);
      const draft = await newPlan(owner, { title: 'Draft one' });
      const shared = await newPlan(owner, { title: 'Shared one' });
      await applyOp(owner, shared.id, { type: 'collaborator.invite', userIds: [friend.user.id] });
      const theirDraft = await newPlan(friend, { title: 'Their draft' });

      const list = async (who: PlanMember, query: string) =>
        (await who.request({ method: 'GET', url: `/api/plans?${query}` })).json<PlanList>();
      expect((await list(owner, 'list=drafts')).items.map((item) => item.id)).toEqual([draft.id]);
      expect((await list(owner, 'list=shared')).items).toEqual([
        expect.objectContaining({ id: shared.id, role: 'owner', status: 'prepared' }),
      ]);
      expect((await list(friend, 'list=shared')).items).toEqual([
        expect.objectContaining({ id: shared.id, role: 'collaborator' }),
      ]);
      const everything = await list(friend, 'list=all');
      expect(everything.items.map((item) => item.id)).toEqual([theirDraft.id, shared.id]);

      const first = await list(owner, 'list=all&limit=1');
      expect(first.items.map((item) => item.id)).toEqual([shared.id]);
      const second = await list(owner, `list=all&limit=1&cursor=${first.nextCursor}`);
      expect(second).toEqual({ items: [expect.objectContaining({ id: draft.id })], nextCursor: null });
      const bad = await owner.request({ method: 'GET', url: '/api/plans?cursor=bm9wZQ' });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('the share link', () => {
    const visit = (url: string) => api.request({ method: 'GET', url });
    const notFoundBody = async () => (await visit(`/api/plans/shared/nobody/${'A'.repeat(43)}`)).body;

    it('shows a prepared plan to anyone with the link, and only what the owner means to show', async () => {
      const owner = await signedIn(api, { isPrivate: true, displayName: 'Robin' });
      const friend = await member();
      await api.data.follow(owner.user.id, friend.user.id);
      const secretAuthor = await signedIn(api, { isPrivate: true });
      const hidden = await api.data.newActivity(secretAuthor.user.id, {
        title: 'Secret spot',
        location: 'Hidden cove',
      });
      await api.data.follow(owner.user.id, secretAuthor.user.id);
      const plan = await preparedPlan(owner);
      await applyOp(owner, plan.id, {
        type: 'activity.add',
        ref: randomUUID(),
        source: { kind: 'linked', activityId: hidden },
      });
      await applyOp(owner, plan.id, { type: 'collaborator.invite', userIds: [friend.user.id] });
      const token = await shareToken(owner, plan.id);

      const response = await visit(`/api/plans/shared/${owner.user.username.toUpperCase()}/${token}`);
      expect(response.statusCode).toBe(200);
      const shared = response.json<SharedPlan>();
      expect(shared).toEqual({
        title: 'Date night',
        date: '2030-03-05',
        timeZone: 'UTC',
        status: 'prepared',
        owner: { username: owner.user.username, displayName: 'Robin', avatarUrl: null },
        timeline: [
          expect.objectContaining({ title: 'Dinner at Luigi’s', location: 'Main Street 5', imageUrl: null }),
          expect.objectContaining({ title: messages.plans.plannedActivity, location: null, imageUrl: null }),
        ],
      });
      const body = response.body;
      for (const secret of [
        'code 4411',
        friend.user.id,
        friend.user.username,
        'Secret spot',
        'Hidden cove',
        owner.user.id,
      ]) {
        expect(body).not.toContain(secret);
      }
    });

    it('gives the link’s token to the owner and the collaborators, and to nobody else', async () => {
      const { owner, friend, plan } = await sharedPlan();
      const stranger = await member();
      const token = await shareToken(owner, plan.id);
      expect(token).toMatch(PLAN_SHARE_TOKEN_PATTERN);
      expect(await shareToken(friend, plan.id)).toBe(token);

      // A stranger hears what a missing plan answers; a visitor must sign in.
      const theirs = await stranger.request({ method: 'GET', url: `/api/plans/${plan.id}/share-link` });
      const missing = await stranger.request({ method: 'GET', url: '/api/plans/999999999/share-link' });
      expect([theirs.statusCode, theirs.body]).toEqual([404, missing.body]);
      expect(errorOf(theirs).message).toBe(planMessages.notFound);
      expect((await visit(`/api/plans/${plan.id}/share-link`)).statusCode).toBe(401);
      // Nothing a non-member receives carries it.
      expect((await visit(`/api/plans/shared/${owner.user.username}/${token}`)).body).not.toContain(token);
    });

    it('gives every plan its own token, with 32 random bytes', async () => {
      const owner = await member();
      const tokens = await Promise.all(
        Array.from({ length: 5 }, async () => shareToken(owner, (await newPlan(owner)).id)),
      );
      expect(new Set(tokens).size).toBe(5);
      for (const token of tokens) {
        expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      }
    });

    it('opens nothing by plan id, and answers every link without a current token alike', async () => {
      const owner = await member();
      const other = await member();
      const draft = await newPlan(owner);
      const prepared = await preparedPlan(owner);
      const token = await shareToken(owner, prepared.id);
      const expected = await notFoundBody();
      expect(JSON.parse(expected)).toEqual({
        error: { code: 'NOT_FOUND', message: messages.plans.sharedNotFound },
      });
      const links = [
        // The numeric ids, of a prepared plan, of a draft and of no plan: one answer.
        `/api/plans/shared/${owner.user.username}/${prepared.id}`,
        `/api/plans/shared/${owner.user.username}/${draft.id}`,
        `/api/plans/shared/${owner.user.username}/999999999`,
        // A valid token under another member's name, a well-formed token no plan holds, junk.
        `/api/plans/shared/${other.user.username}/${token}`,
        `/api/plans/shared/${owner.user.username}/${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
        `/api/plans/shared/${owner.user.username}/not-a-token`,
      ];
      for (const url of links) {
        const response = await visit(url);
        expect([url, response.statusCode, response.body]).toEqual([url, 404, expected]);
      }
    });

    it('tells the holder of a draft’s link that it is not shared yet', async () => {
      const owner = await member();
      const plan = await preparedPlan(owner);
      const token = await shareToken(owner, plan.id);
      await applyOp(owner, plan.id, { type: 'status.change', to: 'draft' });

      const response = await visit(`/api/plans/shared/${owner.user.username}/${token}`);
      expect([response.statusCode, errorOf(response).message]).toEqual([
        403,
        messages.plans.notAvailableToShare,
      ]);
    });

    it('lets the owner reset the link, which ends the old one for everybody', async () => {
      const { owner, friend, plan } = await sharedPlan();
      const stranger = await member();
      const old = await shareToken(owner, plan.id);
      const reset = (who: PlanMember, id = plan.id) =>
        who.request({ method: 'POST', url: `/api/plans/${id}/share-link/reset` });

      const byFriend = await reset(friend);
      expect([byFriend.statusCode, errorOf(byFriend).message]).toEqual([
        403,
        planMessages.onlyOwnerCanResetShareLink,
      ]);
      const byStranger = await reset(stranger);
      expect([byStranger.statusCode, byStranger.body]).toEqual([
        404,
        (await reset(stranger, '999999999')).body,
      ]);
      expect(await shareToken(owner, plan.id)).toBe(old);

      const byOwner = await reset(owner);
      expect(byOwner.statusCode).toBe(200);
      const fresh = byOwner.json<PlanShareLink>().token;
      expect(fresh).toMatch(PLAN_SHARE_TOKEN_PATTERN);
      expect(fresh).not.toBe(old);
      expect(await shareToken(friend, plan.id)).toBe(fresh);

      const oldLink = await visit(`/api/plans/shared/${owner.user.username}/${old}`);
      expect([oldLink.statusCode, oldLink.body]).toEqual([404, await notFoundBody()]);
      expect((await visit(`/api/plans/shared/${owner.user.username}/${fresh}`)).statusCode).toBe(200);
    });
  });

  it('limits how often one address reads share links, and no other address', async () => {
    const owner = await member();
    const plan = await preparedPlan(owner);
    const { token } = (
      await owner.request({ method: 'GET', url: `/api/plans/${plan.id}/share-link` })
    ).json<PlanShareLink>();
    const url = `/api/plans/shared/${owner.user.username}/${token}`;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 120; attempt += 1) {
      statuses.push((await api.request({ method: 'GET', url, remoteAddress: '198.51.100.7' })).statusCode);
    }
    expect(statuses.every((status) => status === 200)).toBe(true);
    const refused = await api.request({ method: 'GET', url, remoteAddress: '198.51.100.7' });
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).message).toBe(messages.errors.rateLimited);
    expect((await api.request({ method: 'GET', url, remoteAddress: '198.51.100.8' })).statusCode).toBe(200);
  });

  it('limits how many plans one member starts in an hour, without counting a replayed create', async () => {
    const owner = await member();
    const other = await member();
    const first = randomUUID();
    await newPlan(owner, { opId: first });
    for (let made = 1; made < PLAN_CREATE_LIMIT.limit; made += 1) {
      await newPlan(owner);
    }
    // The same create again answers with its plan: a retry is not a new plan.
    const replay = await newPlan(owner, { opId: first });
    expect(replay.title).toBe('Saturday out');
    const refused = await owner.request({
      method: 'POST',
      url: '/api/plans',
      payload: { opId: randomUUID(), clientId: 'test-tab', title: 'One more', date: null, timeZone: 'UTC' },
    });
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).message).toBe(messages.errors.rateLimited);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      (
        await api.db.query<[{ n: string }]>('SELECT count(*) AS n FROM planned_dates WHERE owner_id = $1', [
          owner.user.id,
        ])
      )[0].n,
    ).toBe(String(PLAN_CREATE_LIMIT.limit));
    // Another member's allowance is their own.
    await newPlan(other);
  });

  describe('bad input', () => {
    it('answers malformed and oversized operations with a 4xx, never a 500', async () => {
      const owner = await member();
      const plan = await newPlan(owner);
      const bodies: unknown[] = [
        {},
        { opId: 'nope', clientId: 'tab', baseVersion: 0, op: { type: 'plan.delete' } },
        { opId: randomUUID(), clientId: 'tab', baseVersion: -1, op: { type: 'plan.delete' } },
        { opId: randomUUID(), clientId: 'tab', baseVersion: 0, op: { type: 'plan.explode' } },
        {
          opId: randomUUID(),
          clientId: 'tab',
          baseVersion: 0,
          op: {
            type: 'activity.add',
            ref: randomUUID(),
            source: { kind: 'custom', customDetails: 'x'.repeat(70_000) },
          },
        },
        {
          opId: randomUUID(),
          clientId: 'tab',
          baseVersion: 0,
          op: {
            type: 'activity.setTimes',
            ref: randomUUID(),
            beginsAt: '2030-02-30T10:00:00Z',
            endsAt: null,
          },
        },
        {
          opId: randomUUID(),
          clientId: 'tab',
          baseVersion: 0,
          op: { type: 'collaborator.invite', userIds: Array.from({ length: 50 }, () => randomUUID()) },
        },
      ];
      for (const payload of bodies) {
        const response = await owner.request({
          method: 'POST',
          url: `/api/plans/${plan.id}/ops`,
          payload: payload as object,
        });
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
      }
      expect((await getPlan(owner, plan.id)).version).toBe(1);
    });
  });
});

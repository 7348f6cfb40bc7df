import { randomUUID } from 'node:crypto';
import {
  messages,
  type PlanCatchUp,
  type PlanDocument,
  type PlanEvent,
  type PlanHistory,
  type PlanLinkedActivity,
  type PlanOperationInput,
  type SharedPlan,
} from '@datebook/contracts';
import { ObjectStorage } from '@datebook/server';
import { useTestApi } from '../testing/use-test-api';
import { useTestApiCluster } from '../testing/use-test-api-cluster';
import {
  applyOp,
  asPlanSocket,
  getPlan,
  joinPlan,
  newPlan,
  planEventsOf,
  shareToken,
  socketOp,
  type PlanMember,
  type PlanTestSocket,
} from '../testing/test-plans';
import { signedIn, visibilityCast } from '../testing/test-users';

/*
 * Design: What a member may see. C follows the private member P and adds P's activity to B's plan;
 * B does not follow P. Every way the plan leaves the server shows B only the neutral row, and C the
 * activity with a working photo.
 */
describe('what each member of a plan may see of its linked activities', () => {
  const api = useTestApi({ listen: true });
  const connect = async (member: PlanMember): Promise<PlanTestSocket> =>
    asPlanSocket(await api.connect({ auth: { token: member.session.accessToken } }));

  const neutral: PlanLinkedActivity = { title: null, location: null, imageUrl: null, budget: null };

  /** The linked activity of the event's added row. */
  const linkedOf = (event: PlanEvent | undefined): PlanLinkedActivity | null | undefined =>
    event?.changes.flatMap((change) => (change.kind === 'addEntry' ? [change.entry.linked] : []))[0];

  const readable = async (url: string | null | undefined): Promise<number> =>
    url ? (await fetch(url)).status : 0;

  async function privateActivityInBsPlan() {
    const { privateAuthor: p, follower: c, member: b } = await visibilityCast(api);
    await api.data.follow(c.user.id, p.user.id);
    await api.data.follow(b.user.id, c.user.id);
    const coverKey = `${p.user.id}/activity-media/${randomUUID()}/cover.jpg`;
    await api.app.get(ObjectStorage).put(coverKey, Buffer.from('a private photo'), 'image/jpeg');
    const activityId = await api.data.newActivity(p.user.id, {
      title: 'Secret spot',
      location: 'Hidden cove',
      budget: '$$$',
      coverKey,
    });
    const plan = await newPlan(b, { title: 'Weekend', date: '2030-06-01' });
    await applyOp(b, plan.id, { type: 'collaborator.invite', userIds: [c.user.id] });
    const secrets = ['Secret spot', 'Hidden cove', '$$$', coverKey, 'activity-media'];
    return { p, b, c, activityId, plan: await getPlan(b, plan.id), secrets };
  }

  const expectNothingOf = (secrets: string[], value: unknown) => {
    const text = JSON.stringify(value);
    for (const secret of secrets) {
      expect(text).not.toContain(secret);
    }
  };

  it('shows a non-follower only the neutral row on every path, and the follower the activity', async () => {
    const { b, c, activityId, plan, secrets } = await privateActivityInBsPlan();
    const [bSocket, cSocket, cOtherTab] = [await connect(b), await connect(c), await connect(c)];
    for (const socket of [bSocket, cSocket, cOtherTab]) {
      await joinPlan(socket, plan.id, plan.version);
    }
    const bHears = planEventsOf(bSocket, 'plan.event');
    const cHears = planEventsOf(cOtherTab, 'plan.event');

    const ref = randomUUID();
    const added = await socketOp(cSocket, plan.id, {
      type: 'activity.add',
      ref,
      source: { kind: 'linked', activityId },
    });
    if (!added.ok) {
      throw new Error(`activity.add refused: ${added.message}`);
    }
    const addedVersion = added.version;
    expect(linkedOf(added.event)).toMatchObject({
      title: 'Secret spot',
      location: 'Hidden cove',
      budget: '$$$',
    });
    expect(await readable(linkedOf(added.event)?.imageUrl)).toBe(200);

    // The room push: B's socket hears the neutral row, C's other tab the activity.
    const pushedToB = await bHears.next();
    expect(pushedToB.version).toBe(added.version);
    expect(linkedOf(pushedToB)).toEqual(neutral);
    expectNothingOf(secrets, pushedToB);
    const pushedToC = await cHears.next();
    expect(linkedOf(pushedToC)).toMatchObject({ title: 'Secret spot', budget: '$$$' });
    expect(await readable(linkedOf(pushedToC)?.imageUrl)).toBe(200);
    // Each socket hears the event once.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect([bHears.received, cHears.received]).toEqual([[], []]);

    // The log keeps only ids and values: no rendering made for C.
    const [stored] = await api.db.query<Array<{ result: unknown }>>(
      'SELECT result FROM plan_events WHERE plan_id = $1 AND version = $2',
      [plan.id, added.version],
    );
    expectNothingOf([...secrets, 'X-Amz'], stored);

    await expectEveryPath();
    // A row a member wrote before events were stored bare holds the adder's rendering; it leaks nothing.
    await api.db.query(
      `UPDATE plan_events SET result = jsonb_set(result, '{event,changes,0,entry,linked}', $3::jsonb)
        WHERE plan_id = $1 AND version = $2`,
      [
        plan.id,
        added.version,
        JSON.stringify({
          title: 'Secret spot',
          location: 'Hidden cove',
          imageUrl: `http://127.0.0.1:1/${secrets[3]}?X-Amz-Expires=3600`,
          budget: '$$$',
        }),
      ],
    );
    await expectEveryPath();

    async function expectEveryPath(): Promise<void> {
      const since = addedVersion - 1;
      // Catch-up by plan.join, over a new socket.
      const bJoined = await joinPlan(await connect(b), plan.id, since);
      const cJoined = await joinPlan(await connect(c), plan.id, since);
      const joinedEvents = (joined: typeof bJoined) => (joined.ok && 'events' in joined ? joined.events : []);
      expect(linkedOf(joinedEvents(bJoined)[0])).toEqual(neutral);
      expectNothingOf(secrets, bJoined);
      expect(linkedOf(joinedEvents(cJoined)[0])).toMatchObject({
        title: 'Secret spot',
        location: 'Hidden cove',
      });
      expect(await readable(linkedOf(joinedEvents(cJoined)[0])?.imageUrl)).toBe(200);

      // GET /events.
      const events = async (who: PlanMember) =>
        (
          await who.request({ method: 'GET', url: `/api/plans/${plan.id}/events?since=${since}` })
        ).json<PlanCatchUp>();
      const bEvents = await events(b);
      const cEvents = await events(c);
      expect('events' in bEvents && linkedOf(bEvents.events[0])).toEqual(neutral);
      expectNothingOf(secrets, bEvents);
      expect('events' in cEvents && linkedOf(cEvents.events[0])).toMatchObject({ budget: '$$$' });

      // GET /history: the event and the row's title.
      const history = async (who: PlanMember) =>
        (await who.request({ method: 'GET', url: `/api/plans/${plan.id}/history` })).json<PlanHistory>();
      const bHistory = await history(b);
      expect(linkedOf(bHistory.items.find((event) => event.version === addedVersion))).toEqual(neutral);
      expect(bHistory.titles[ref]).toBe(messages.plans.plannedActivity);
      expectNothingOf(secrets, bHistory);
      const cHistory = await history(c);
      expect(cHistory.titles[ref]).toBe('Secret spot');

      // The snapshot, over the socket and REST.
      const bSnapshot = await joinPlan(await connect(b), plan.id);
      expectNothingOf(secrets, bSnapshot);
      const rowOf = (document: PlanDocument) => document.activities.find((row) => row.ref === ref);
      expect(bSnapshot.ok && 'snapshot' in bSnapshot && rowOf(bSnapshot.snapshot)).toMatchObject({
        title: messages.plans.plannedActivity,
        location: null,
        imageUrl: null,
        linked: neutral,
      });
      const bDocument = await getPlan(b, plan.id);
      expectNothingOf(secrets, bDocument);
      expect(rowOf(await getPlan(c, plan.id))).toMatchObject({ title: 'Secret spot' });

      // The shared page, for a visitor.
      const shared = await api.request({
        method: 'GET',
        url: `/api/plans/shared/${b.user.username}/${await shareToken(b, plan.id)}`,
      });
      expect(shared.json<SharedPlan>().timeline).toEqual([
        expect.objectContaining({ title: messages.plans.plannedActivity, location: null, imageUrl: null }),
      ]);
      expectNothingOf(secrets, shared.json());
    }
  });

  it('answers a replayed add with the actor’s own view, signed now', async () => {
    const { c, activityId, plan } = await privateActivityInBsPlan();
    const op: PlanOperationInput = {
      type: 'activity.add',
      ref: randomUUID(),
      source: { kind: 'linked', activityId },
    };
    const opId = randomUUID();
    await applyOp(c, plan.id, op, { opId });
    const again = await applyOp(c, plan.id, op, { opId });
    expect(again).toMatchObject({ duplicate: true });
    expect(linkedOf(again.event)).toMatchObject({
      title: 'Secret spot',
      location: 'Hidden cove',
      budget: '$$$',
    });
    expect(await readable(linkedOf(again.event)?.imageUrl)).toBe(200);
  });

  describe('a recap’s photos from the plan’s activities', () => {
    /** An activity with a ready photo whose renditions a copy can name. */
    async function withPhoto(authorId: string, title: string): Promise<{ id: string; key: string }> {
      const id = await api.data.newActivity(authorId, { title });
      const key = `${authorId}/activity-media/${randomUUID()}-1080.jpg`;
      await api.data.newPostMedia({
        userId: authorId,
        activityId: id,
        displayKey: key,
        status: 'ready',
        variants: {
          key,
          images: [{ size: 1080, key, width: 1080, height: 720 }],
          placeholder: 'data:image/jpeg;base64,AA',
          poster: null,
        },
      });
      return { id, key };
    }

    /** The source photos the recap of `plan` copies, by their display keys. */
    async function copiedSources(owner: PlanMember, planId: string): Promise<string[]> {
      const dateId = (await getPlan(owner, planId)).publishedDateId;
      const rows = await api.db.query<Array<{ keys: string[] }>>(
        `SELECT o.payload -> 'sourceKeys' AS keys FROM outbox o
           JOIN post_media m ON m.id::text = o.payload ->> 'postMediaId'
          WHERE o.event_type = 'post-media.copied' AND m.date_id = $1 ORDER BY m.position`,
        [dateId],
      );
      return rows.flatMap((row) => row.keys);
    }

    /**
     * B's plan with C (private, followed by B) as collaborator, and one row each of P's (private,
     * followed by C), a public author's, and C's own activity; C completes it.
     */
    async function recap(visibilityPublic: boolean, bFollowsP: boolean) {
      const { privateAuthor: p, publicAuthor, member: b } = await visibilityCast(api);
      const c = await signedIn(api, { isPrivate: true });
      await api.data.follow(c.user.id, p.user.id);
      await api.data.follow(b.user.id, c.user.id);
      if (bFollowsP) {
        await api.data.follow(b.user.id, p.user.id);
      }
      const photos = {
        p: await withPhoto(p.user.id, 'Secret spot'),
        public: await withPhoto(publicAuthor.user.id, 'Picnic'),
        own: await withPhoto(c.user.id, 'Kayaking'),
      };
      const plan = await newPlan(b, { title: 'Lake day', date: '2030-06-01' });
      await applyOp(b, plan.id, { type: 'collaborator.invite', userIds: [c.user.id] });
      const refs = [randomUUID(), randomUUID(), randomUUID()];
      for (const [index, photo] of [photos.p, photos.public, photos.own].entries()) {
        await applyOp(c, plan.id, {
          type: 'activity.add',
          ref: refs[index]!,
          source: { kind: 'linked', activityId: photo.id },
        });
      }
      await applyOp(c, plan.id, {
        type: 'status.change',
        to: 'completed',
        publish: {
          title: 'Our day',
          description: 'Lovely.',
          visibilityPublic,
          photos: { fromActivityRefs: refs },
        },
      });
      return { photos, copied: await copiedSources(b, plan.id) };
    }

    it('copies to a private recap only photos every member may see', async () => {
      const { photos, copied } = await recap(false, false);
      // B does not follow P: P's photo stays out though C, the publisher, may see it.
      expect(copied).toEqual([photos.public.key, photos.own.key]);
    });

    it('copies to a public recap only the publisher’s own and public authors’ photos', async () => {
      // Every member may see P's activity here, but the Date's public audience may not.
      const { photos, copied } = await recap(true, true);
      expect(copied).toEqual([photos.public.key, photos.own.key]);
    });

    it('copies to a private recap a private author’s photo every member may see', async () => {
      const { photos, copied } = await recap(false, true);
      expect(copied).toEqual([photos.p.key, photos.public.key, photos.own.key]);
    });
  });
});

describe('what each member may see, pushed from another api process', () => {
  const cluster = useTestApiCluster();

  it('pushes the neutral row to a non-follower and the activity to the follower through the adapter', async () => {
    const [a, b] = cluster.apps;
    const { privateAuthor: p, follower: c, member: owner } = await visibilityCast(cluster.on(a));
    await cluster.data.follow(c.user.id, p.user.id);
    await cluster.data.follow(owner.user.id, c.user.id);
    const activityId = await cluster.data.newActivity(p.user.id, { title: 'Secret spot', budget: '$$$' });
    const plan = await newPlan(owner, { title: 'Weekend', date: '2030-06-01' });
    const invited = await applyOp(owner, plan.id, { type: 'collaborator.invite', userIds: [c.user.id] });
    // Both listen on the other process; the operation is applied on the first.
    const ownerSocket = asPlanSocket(
      await cluster.connect(b, { auth: { token: owner.session.accessToken } }),
    );
    const cSocket = asPlanSocket(await cluster.connect(b, { auth: { token: c.session.accessToken } }));
    for (const socket of [ownerSocket, cSocket]) {
      await joinPlan(socket, plan.id, invited.version);
    }
    const ownerHears = planEventsOf(ownerSocket, 'plan.event');
    const cHears = planEventsOf(cSocket, 'plan.event');
    const ref = randomUUID();
    await applyOp(c, plan.id, { type: 'activity.add', ref, source: { kind: 'linked', activityId } });

    const linked = (event: PlanEvent) =>
      event.changes.flatMap((change) => (change.kind === 'addEntry' ? [change.entry.linked] : []))[0];
    expect(linked(await ownerHears.next())).toEqual({
      title: null,
      location: null,
      imageUrl: null,
      budget: null,
    });
    expect(linked(await cHears.next())).toMatchObject({ title: 'Secret spot', budget: '$$$' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect([ownerHears.received, cHears.received]).toEqual([[], []]);
  });
});

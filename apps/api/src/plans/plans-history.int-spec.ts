import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import {
  messages,
  type PlanCatchUp,
  type PlanEvent,
  type PlanHistory,
  type PlanLinkedActivity,
} from '@datebook/contracts';
import { describePlanHistory } from '@datebook/domain';
import { ObjectStorage } from '@datebook/server';
import { useTestApi } from '../testing/use-test-api';
import { applyOp, asPlanSocket, getPlan, joinPlan, newPlan, type PlanMember } from '../testing/test-plans';
import { signedIn } from '../testing/test-users';

describe('a plan’s history, its rows’ budgets and its events’ image links', () => {
  const api = useTestApi({ listen: true });
  const history = (member: Pick<PlanMember, 'request'>, planId: string, query = '') =>
    member.request({ method: 'GET', url: `/api/plans/${planId}/history${query}` });

  /** An activity with a cover photo that S3 really holds. */
  async function activityWithCover(authorId: string, title: string, budget: '$$' | 'Free') {
    const coverKey = `media/${randomUUID()}.jpg`;
    await api.app.get(ObjectStorage).put(coverKey, Buffer.from('cover'), 'image/jpeg');
    return api.data.newActivity(authorId, { title, coverKey, budget });
  }

  const linkedOf = (event: PlanEvent): PlanLinkedActivity | null =>
    event.changes.flatMap((change) => (change.kind === 'addEntry' ? [change.entry.linked] : []))[0] ?? null;

  async function readable(url: string | null | undefined): Promise<number> {
    return url ? (await fetch(url)).status : 0;
  }

  it('pages the history newest first, naming every person and row it mentions', async () => {
    const owner = await signedIn(api, { displayName: 'Sam' });
    const friend = await signedIn(api, { displayName: 'Alex' });
    const stranger = await signedIn(api);
    await api.data.follow(owner.user.id, friend.user.id);
    const kayaking = await activityWithCover(owner.user.id, 'Kayaking', '$$');
    const plan = await newPlan(owner, { title: 'Lake day' });
    const [kayakRef, lunchRef] = [randomUUID(), randomUUID()];
    await applyOp(owner, plan.id, { type: 'collaborator.invite', userIds: [friend.user.id] });
    await applyOp(friend, plan.id, {
      type: 'activity.add',
      ref: kayakRef,
      source: { kind: 'linked', activityId: kayaking },
    });
    await applyOp(friend, plan.id, {
      type: 'activity.add',
      ref: lunchRef,
      source: { kind: 'custom', customDetails: 'Lunch\nSandwiches' },
    });
    await applyOp(owner, plan.id, { type: 'activity.remove', ref: kayakRef });
    await applyOp(owner, plan.id, { type: 'collaborator.remove', userId: friend.user.id });

    const first = (await history(owner, plan.id, '?limit=2')).json<PlanHistory>();
    expect(first.items.map((event) => [event.version, event.op.type])).toEqual([
      [6, 'collaborator.remove'],
      [5, 'activity.remove'],
    ]);
    expect(first.nextBefore).toBe(5);
    // The removed collaborator and the removed row are still named.
    expect(first.people).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: owner.user.id, name: 'Sam' }),
        expect.objectContaining({ id: friend.user.id, name: 'Alex' }),
      ]),
    );
    expect(first.titles).toEqual({ [kayakRef]: 'Kayaking' });

    const second = (await history(owner, plan.id, `?before=${first.nextBefore}&limit=2`)).json<PlanHistory>();
    expect(second.items.map((event) => event.version)).toEqual([4, 3]);
    expect(second.people.map((person) => person.id)).toEqual([friend.user.id]);
    expect(second.titles).toEqual({ [kayakRef]: 'Kayaking', [lunchRef]: 'Lunch' });
    expect(second.nextBefore).toBe(3);
    // The stored link expired long ago in real life; the history hands out one that works now.
    expect(await readable(linkedOf(second.items[1]!)?.imageUrl)).toBe(200);

    const last = (await history(owner, plan.id, '?before=3')).json<PlanHistory>();
    expect(last.items.map((event) => event.version)).toEqual([2, 1]);
    expect(last.nextBefore).toBeNull();
    expect(last.people.map((person) => person.id).sort()).toEqual([owner.user.id, friend.user.id].sort());

    // Only members read it; anyone else, a former collaborator included, hears the plan does not exist.
    for (const [who, planId] of [
      [friend, plan.id],
      [stranger, plan.id],
      [owner, 'abc'],
      [owner, '99999999'],
    ] as const) {
      const response = await history(who, planId);
      expect(response.statusCode).toBe(404);
    }
    expect((await history(owner, plan.id, '?limit=101')).statusCode).toBe(400);
    expect((await api.request({ method: 'GET', url: `/api/plans/${plan.id}/history` })).statusCode).toBe(401);
  });

  it('tells an undo as one, and names a member whose account is deleted only as a former member', async () => {
    const owner = await signedIn(api, { displayName: 'Sam' });
    const friend = await signedIn(api, { displayName: 'Alex', avatarKey: `media/${randomUUID()}.jpg` });
    await api.data.follow(owner.user.id, friend.user.id);
    const plan = await newPlan(owner, { title: 'Lake day' });
    const title = (value: string) => ({ type: 'plan.update', field: 'title', value }) as const;
    await applyOp(owner, plan.id, { type: 'collaborator.invite', userIds: [friend.user.id] });
    const rename = await applyOp(friend, plan.id, title('Beach day'));
    const undo = await applyOp(friend, plan.id, title('Lake day'), { undoes: rename.event.opId });
    // Naming someone else's change, or none of this plan's, does not make an undo.
    const notTheirs = await applyOp(owner, plan.id, title('Beach day'), { undoes: rename.event.opId });
    const unknown = await applyOp(owner, plan.id, title('Lake day'), { undoes: randomUUID() });
    expect(undo.event.undoes).toBe(rename.event.opId);
    expect(notTheirs.event).not.toHaveProperty('undoes');
    expect(unknown.event).not.toHaveProperty('undoes');

    const deleted = await friend.request({
      method: 'DELETE',
      url: '/api/auth/user',
      payload: { currentPassword: friend.user.password },
    });
    expect(deleted.statusCode).toBe(200);

    const page = (await history(owner, plan.id)).json<PlanHistory>();
    expect(page.people).toContainEqual({
      id: friend.user.id,
      name: messages.plans.formerMember,
      username: expect.not.stringMatching(friend.user.username),
      avatarUrl: null,
      former: true,
    });
    expect(JSON.stringify(page)).not.toMatch(/Alex/);
    const lines = describePlanHistory(page.items, {
      people: page.people,
      titles: page.titles,
      viewerId: owner.user.id,
      timeZone: 'UTC',
    });
    expect(lines.map((line) => line.text)).toEqual([
      'You renamed the plan to Lake day',
      'You renamed the plan to Beach day',
      'A former member undid the rename, back to Lake day',
      'A former member renamed the plan to Beach day',
      'You invited a former member',
      'You created the plan',
    ]);
  });

  it('answers a plan with only its creation, and nothing before its first version', async () => {
    const owner = await signedIn(api);
    const plan = await newPlan(owner);
    const page = (await history(owner, plan.id)).json<PlanHistory>();
    expect(page).toMatchObject({
      items: [{ version: 1, op: { type: 'plan.create' } }],
      titles: {},
      nextBefore: null,
    });
    expect((await history(owner, plan.id, '?before=1')).json<PlanHistory>()).toEqual({
      items: [],
      people: [],
      titles: {},
      nextBefore: null,
    });
  });

  it('gives each linked row its activity’s budget, in the document and in the adding event', async () => {
    const owner = await signedIn(api);
    const cheap = await api.data.newActivity(owner.user.id, { title: 'Park', budget: 'Free' });
    const dear = await api.data.newActivity(owner.user.id, { title: 'Opera', budget: '$$$' });
    const plan = await newPlan(owner);
    const [parkRef, operaRef, customRef] = [randomUUID(), randomUUID(), randomUUID()];
    const added = await applyOp(owner, plan.id, {
      type: 'activity.add',
      ref: parkRef,
      source: { kind: 'linked', activityId: cheap },
    });
    // The event carries it, so co-editors count a row the moment it is added.
    expect(added.event.changes).toEqual([
      expect.objectContaining({
        kind: 'addEntry',
        entry: expect.objectContaining({ linked: expect.objectContaining({ budget: 'Free' }) }),
      }),
    ]);
    await applyOp(owner, plan.id, {
      type: 'activity.add',
      ref: operaRef,
      source: { kind: 'linked', activityId: dear },
    });
    await applyOp(owner, plan.id, {
      type: 'activity.add',
      ref: customRef,
      source: { kind: 'custom', customDetails: 'Walk' },
    });
    const budgets = async () =>
      new Map((await getPlan(owner, plan.id)).activities.map((row) => [row.ref, row.linked?.budget ?? null]));
    expect(await budgets()).toEqual(
      new Map([
        [parkRef, 'Free'],
        [operaRef, '$$$'],
        [customRef, null],
      ]),
    );
    await api.app.get(DataSource).query('DELETE FROM activities WHERE id = $1', [dear]);
    expect((await budgets()).get(operaRef)).toBeNull();
  });

  it('hands out working image links in catch-up, over REST and the socket, not the stored ones', async () => {
    const owner = await signedIn(api);
    const picnic = await activityWithCover(owner.user.id, 'Picnic', 'Free');
    const plan = await newPlan(owner);
    const ref = randomUUID();
    const added = await applyOp(owner, plan.id, {
      type: 'activity.add',
      ref,
      source: { kind: 'linked', activityId: picnic },
    });
    // What the log holds after an hour: a link whose signature has run out.
    const expired = 'http://127.0.0.1:1/media/expired.jpg?X-Amz-Expires=3600';
    await api.app.get(DataSource).query(
      `UPDATE plan_events SET result = jsonb_set(result, '{event,changes,0,entry,linked,imageUrl}', to_jsonb($3::text))
        WHERE plan_id = $1 AND version = $2`,
      [plan.id, added.version, expired],
    );
    const rest = (
      await owner.request({ method: 'GET', url: `/api/plans/${plan.id}/events?since=1` })
    ).json<PlanCatchUp>();
    const restLink = 'events' in rest ? linkedOf(rest.events[0]!) : null;
    expect(restLink).toMatchObject({ title: 'Picnic' });
    expect(restLink?.imageUrl).not.toBe(expired);
    expect(await readable(restLink?.imageUrl)).toBe(200);

    const socket = asPlanSocket(await api.connect({ auth: { token: owner.session.accessToken } }));
    const joined = await joinPlan(socket, plan.id, 1);
    const socketLink = joined.ok && 'events' in joined ? linkedOf(joined.events[0]!) : null;
    expect(await readable(socketLink?.imageUrl)).toBe(200);
    // The document's row and the events agree on the photo.
    const document = await getPlan(owner, plan.id);
    expect(new URL(document.activities[0]!.imageUrl!).pathname).toBe(new URL(socketLink!.imageUrl!).pathname);
  });
});

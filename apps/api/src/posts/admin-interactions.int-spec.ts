import type { ActivityDetail, CommentList, DateDetail, PostList } from '@datebook/contracts';
import { useTestApi } from '../testing/use-test-api';
import { signedIn } from '../testing/test-users';

type Member = Awaited<ReturnType<typeof signedIn>>;
type Requester = Member['request'];

/** Spec section 6: admins are hidden, so what they like and say is seen and counted by nobody else. */
describe("admins' likes and comments", () => {
  const api = useTestApi();
  const visitor: Requester = (options) => api.request(options);

  const setAccess = (member: Member, accessType: 'admin' | 'standard') =>
    api.db.query('UPDATE profiles SET access_type = $2 WHERE id = $1', [member.user.id, accessType]);

  it('leaves an admin’s like out of every count, and counts it again once they are a member', async () => {
    const [author, fan, admin] = [
      await signedIn(api),
      await signedIn(api),
      await signedIn(api, { accessType: 'admin' }),
    ];
    const activity = await api.data.newActivity(author.user.id, {
      title: 'Picnic',
      description: 'Bring a blanket.',
    });
    const like = (as: Requester) => as({ method: 'PUT', url: `/api/activities/${activity}/like` });
    const seenBy = async (as: Requester) =>
      (await as({ method: 'GET', url: `/api/activities/${activity}` })).json<ActivityDetail>().likeCount;
    const inAuthorsList = async () =>
      (
        await visitor({ method: 'GET', url: `/api/profiles/${author.user.username}/activities` })
      ).json<PostList>().items[0]!.likeCount;

    expect((await like(fan.request)).json()).toEqual({ liked: true, likeCount: 1 });
    expect((await like(admin.request)).json()).toEqual({ liked: true, likeCount: 1 });
    expect([await seenBy(author.request), await seenBy(fan.request), await seenBy(visitor)]).toEqual([
      1, 1, 1,
    ]);
    expect(await inAuthorsList()).toBe(1);

    await setAccess(admin, 'standard');
    expect(await seenBy(visitor)).toBe(2);
    await setAccess(admin, 'admin');
    expect(await seenBy(visitor)).toBe(1);
    expect(
      (await admin.request({ method: 'DELETE', url: `/api/activities/${activity}/like` })).json(),
    ).toEqual({
      liked: false,
      likeCount: 1,
    });

    await like(admin.request);
    // The admin account goes with its likes; the count, which never had them, stays.
    await api.db.query('DELETE FROM profiles WHERE id = $1', [admin.user.id]);
    expect(await seenBy(visitor)).toBe(1);
  });

  it('shows an admin’s comment to its author only and never counts it', async () => {
    const [author, fan, admin] = [
      await signedIn(api),
      await signedIn(api),
      await signedIn(api, { accessType: 'admin' }),
    ];
    const date = await api.data.newDate(author.user.id, { title: 'Museum night', description: 'Late.' });
    const url = `/api/dates/${date}/comments`;
    const add = async (as: Requester, body: string) =>
      (await as({ method: 'POST', url, payload: { body } })).json<{ id: string }>().id;
    const bodies = async (as: Requester) =>
      (await as({ method: 'GET', url })).json<CommentList>().items.map((comment) => comment.body);
    const count = async () =>
      (await visitor({ method: 'GET', url: `/api/dates/${date}` })).json<DateDetail>().commentCount;

    await add(fan.request, 'Lovely');
    const adminComment = await add(admin.request, 'Checked by an admin');
    for (const as of [visitor, fan.request, author.request]) {
      expect(await bodies(as)).toEqual(['Lovely']);
    }
    expect(await bodies(admin.request)).toEqual(['Lovely', 'Checked by an admin']);
    expect(await count()).toBe(1);
    // The post's owner may remove comments on it, but this one does not exist for them.
    expect(
      (await author.request({ method: 'DELETE', url: `/api/comments/${adminComment}` })).statusCode,
    ).toBe(404);

    await setAccess(admin, 'standard');
    expect(await bodies(visitor)).toEqual(['Lovely', 'Checked by an admin']);
    expect(await count()).toBe(2);
    await setAccess(admin, 'admin');
    expect(await count()).toBe(1);

    expect((await admin.request({ method: 'DELETE', url: `/api/comments/${adminComment}` })).statusCode).toBe(
      200,
    );
    expect(await count()).toBe(1);
    await add(admin.request, 'Once more');
    await api.db.query('DELETE FROM profiles WHERE id = $1', [admin.user.id]);
    expect(await count()).toBe(1);
    expect(await bodies(visitor)).toEqual(['Lovely']);
  });
});

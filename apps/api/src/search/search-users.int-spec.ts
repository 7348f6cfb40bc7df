import type { UserSearchPage, UserSearchResult } from '@datebook/contracts';
import { SearchIndexRepository } from '@datebook/db';
import type { Requester } from '../testing/test-api';
import { useTestApi } from '../testing/use-test-api';
import { newUser, signedIn, type NewUserOptions } from '../testing/test-users';

/* Each test searches for its own names, so the tests share one database. */
describe('search: users', () => {
  const api = useTestApi();
  let index: SearchIndexRepository;
  const visitor: Requester = (options) => api.request(options);

  beforeAll(() => {
    index = new SearchIndexRepository(api.db);
  });

  /** A member, indexed as the worker would index them. */
  async function member(options: NewUserOptions) {
    const user = await newUser(api, options);
    await index.indexProfile(user.id);
    return user;
  }

  async function searchAll(as: Requester, q: string, limit = 50): Promise<UserSearchResult[]> {
    const found: UserSearchResult[] = [];
    let cursor: string | null = null;
    do {
      const response = await as({
        method: 'GET',
        url: '/api/search/users',
        query: { q, limit: String(limit), ...(cursor ? { cursor } : {}) },
      });
      expect(response.statusCode).toBe(200);
      const page: UserSearchPage = response.json<UserSearchPage>();
      expect(page.items.length).toBeLessThanOrEqual(limit);
      found.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return found;
  }
  const usernames = async (as: Requester, q: string) =>
    (await searchAll(as, q)).map((u) => u.username).sort();

  it('finds members by username or display name, never oneself or an admin; private ones flagged', async () => {
    const open = await member({ username: 'heron_open', displayName: 'Open Heron' });
    const hidden = await member({ username: 'heron_private', displayName: 'Quiet Bird', isPrivate: true });
    await member({ username: 'heron_admin', accessType: 'admin' });
    await member({ username: 'wader', displayName: 'Grey Heron' });
    const self = await signedIn(api, { username: 'heron_self' });
    await index.indexProfile(self.user.id);

    expect(await usernames(self.request, 'HERON')).toEqual(['heron_open', 'heron_private', 'wader']);
    expect(await usernames(visitor, 'heron')).toEqual(['heron_open', 'heron_private', 'heron_self', 'wader']);
    expect(await usernames(visitor, 'quiet')).toEqual(['heron_private']);
    const flags = (await searchAll(visitor, 'heron_')).map((u) => [u.id, u.isPrivate]);
    expect(flags).toEqual(
      expect.arrayContaining([
        [open.id, false],
        [hidden.id, true],
      ]),
    );
    // A blank query finds nobody.
    expect(await searchAll(visitor, '   ')).toEqual([]);
  });

  it('tolerates a misspelled name and ranks an exact name first', async () => {
    await member({ username: 'bartholomew_k', displayName: 'Bart' });
    await member({ username: 'kingfisher', displayName: 'Kingfisher Fan' });
    await member({ username: 'kingfisher_2', displayName: 'Another Kingfisher' });
    expect(await usernames(visitor, 'bartolomew')).toEqual(['bartholomew_k']);
    expect((await searchAll(visitor, 'kingfisher')).map((u) => u.username)[0]).toBe('kingfisher');
  });

  it('finds a misspelled name through the vocabulary of names, a swap of letters first', async () => {
    await member({ username: 'reader_one', displayName: 'Olivia Marsh' });
    await member({ username: 'olivia_fan' });
    await member({ username: 'reader_two', displayName: 'Olive Reed' });
    // "olivai" is too far from "olivia" for the word similarity alone, and trigrams alone rank
    // "olive" closer: a swap of two letters is one slip, so Olivia is the name meant.
    expect(await usernames(visitor, 'olivai')).toEqual(['olivia_fan', 'reader_one']);
    expect(await usernames(visitor, 'OLIVAI marsh')).toEqual(['olivia_fan', 'reader_one']);
    // A display name's other words are in the vocabulary too.
    expect(await usernames(visitor, 'marhs')).toEqual(['reader_one']);
    // Five letters allow one slip; two that are not a swap find nobody.
    await member({ username: 'brindle_cat', displayName: 'Magda' });
    expect(await usernames(visitor, 'magad')).toEqual(['brindle_cat']);
    expect(await usernames(visitor, 'magbe')).toEqual([]);
    // A word some name spells exactly is not widened to its neighbours.
    await member({ username: 'plain_olivai' });
    expect(await usernames(visitor, 'olivai')).toEqual(['plain_olivai']);
    // Longer than any name may be: nobody, and no look at every member by similarity.
    expect(await usernames(visitor, `olivia ${'x'.repeat(44)}`)).toEqual([]);
  });

  it('keeps admins out and private members flagged when found by a misspelling', async () => {
    await member({ username: 'rosalind_admin', displayName: 'Rosalind Admin', accessType: 'admin' });
    const shy = await member({ username: 'rosalind_shy', isPrivate: true });
    const self = await signedIn(api, { username: 'rosalind_self' });
    await index.indexProfile(self.user.id);
    const found = await searchAll(self.request, 'rosalnid');
    expect(found.map((u) => [u.id, u.isPrivate, u.followerCount])).toEqual([[shy.id, true, null]]);
  });

  it('counts followers (never admins) and says whether the searcher follows each', async () => {
    const searcher = await signedIn(api);
    const popular = await member({ username: 'osprey_popular' });
    const other = await member({ username: 'osprey_other' });
    const fan = await newUser(api);
    const admin = await newUser(api, { accessType: 'admin' });
    await api.data.follow(searcher.user.id, popular.id);
    await api.data.follow(fan.id, popular.id);
    await api.data.follow(admin.id, popular.id);
    await api.data.follow(fan.id, other.id);

    const seen = async (as: Requester) =>
      (await searchAll(as, 'osprey'))
        .map((u) => ({ username: u.username, followerCount: u.followerCount, isFollowing: u.isFollowing }))
        .sort((a, b) => a.username.localeCompare(b.username));
    expect(await seen(searcher.request)).toEqual([
      { username: 'osprey_other', followerCount: 1, isFollowing: false },
      { username: 'osprey_popular', followerCount: 2, isFollowing: true },
    ]);
    expect(await seen(visitor)).toEqual([
      { username: 'osprey_other', followerCount: 1, isFollowing: false },
      { username: 'osprey_popular', followerCount: 2, isFollowing: false },
    ]);
  });

  it("shows a private member's follower count only to their followers", async () => {
    const quiet = await member({ username: 'grebe_quiet', isPrivate: true });
    const follower = await signedIn(api);
    const stranger = await signedIn(api);
    await api.data.follow(follower.user.id, quiet.id);

    const countSeenBy = async (as: Requester) => (await searchAll(as, 'grebe_quiet'))[0]?.followerCount;
    expect(await countSeenBy(follower.request)).toBe(1);
    expect(await countSeenBy(stranger.request)).toBeNull();
    expect(await countSeenBy(visitor)).toBeNull();
  });

  it("says whether the searcher's follow request waits, until the member approves it", async () => {
    const shy = await signedIn(api, { username: 'egret_shy', isPrivate: true });
    await index.indexProfile(shy.user.id);
    await member({ username: 'egret_open' });
    const fan = await signedIn(api);
    const stranger = await signedIn(api);
    const asked = await fan.request({ method: 'PUT', url: '/api/follows/egret_shy' });
    expect(asked.json()).toMatchObject({ following: false, requested: true });

    const seenBy = async (as: Requester) =>
      (await searchAll(as, 'egret_'))
        .map((u) => [u.username, u.isFollowing, u.requested, u.followerCount])
        .sort();
    expect(await seenBy(fan.request)).toEqual([
      ['egret_open', false, false, 0],
      ['egret_shy', false, true, null],
    ]);
    for (const other of [stranger.request, visitor]) {
      expect(await seenBy(other)).toEqual([
        ['egret_open', false, false, 0],
        ['egret_shy', false, false, null],
      ]);
    }

    const approved = await shy.request({
      method: 'POST',
      url: `/api/follow-requests/${fan.user.username}/approve`,
    });
    expect(approved.statusCode).toBe(200);
    expect(await seenBy(fan.request)).toEqual([
      ['egret_open', false, false, 0],
      ['egret_shy', true, false, 1],
    ]);
  });

  it('no longer shows a request once it is withdrawn or declined', async () => {
    const shy = await signedIn(api, { username: 'stilt_shy', isPrivate: true });
    await index.indexProfile(shy.user.id);
    const fan = await signedIn(api);
    const requested = async () => (await searchAll(fan.request, 'stilt_shy'))[0]?.requested;

    await fan.request({ method: 'PUT', url: '/api/follows/stilt_shy' });
    expect(await requested()).toBe(true);
    await fan.request({ method: 'DELETE', url: '/api/follows/stilt_shy' });
    expect(await requested()).toBe(false);
    await fan.request({ method: 'PUT', url: '/api/follows/stilt_shy' });
    const declined = await shy.request({
      method: 'POST',
      url: `/api/follow-requests/${fan.user.username}/decline`,
    });
    expect(declined.statusCode).toBe(200);
    expect(await requested()).toBe(false);
  });

  it('checks the live profile, so an index that lags behind never shows an admin or a deleted account', async () => {
    const made = await member({ username: 'plover_made_admin' });
    const gone = await member({ username: 'plover_gone' });
    await member({ username: 'plover_stays' });
    await api.db.query(`UPDATE profiles SET access_type = 'admin' WHERE id = $1`, [made.id]);
    await api.db.query('UPDATE users SET deleted_at = now() WHERE id = $1', [gone.id]);
    expect(await usernames(visitor, 'plover')).toEqual(['plover_stays']);
  });

  it('pages by cursor without repeats or gaps', async () => {
    for (let i = 0; i < 7; i += 1) {
      await member({ username: `puffin_${i}`, displayName: i % 2 === 0 ? 'Puffin' : `Puffin fan ${i}` });
    }
    const all = (await searchAll(visitor, 'puffin')).map((u) => u.username);
    expect([...all].sort()).toEqual(Array.from({ length: 7 }, (_, i) => `puffin_${i}`));
    for (const limit of [1, 2, 3]) {
      expect((await searchAll(visitor, 'puffin', limit)).map((u) => u.username)).toEqual(all);
    }
  });
});

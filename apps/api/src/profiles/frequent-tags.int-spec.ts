import type { Profile } from '@datebook/contracts';
import type { Requester } from '../testing/test-api';
import { useTestApi } from '../testing/use-test-api';
import { newUser, signedIn } from '../testing/test-users';

/* Frequent Tags as the author popup and the profile page read them (issue 24). */
describe('profiles: frequent tags', () => {
  const api = useTestApi();

  const frequentTags = async (username: string, as: Requester = (options) => api.request(options)) => {
    const response = await as({ method: 'GET', url: `/api/profiles/${username}` });
    expect(response.statusCode).toBe(200);
    return response.json<Profile>().frequentTags;
  };

  it("are the member's most used tags of their posts others may see, most used first", async () => {
    const author = await newUser(api);
    await api.data.newActivity(author.id, { tags: ['picnic', 'outdoor'] });
    await api.data.newActivity(author.id, { tags: ['picnic', 'sunset'] });
    await api.data.newDate(author.id, { tags: ['picnic', 'outdoor'] });
    // Only their author sees these: their tags say nothing to anyone else.
    await api.data.newActivity(author.id, { tags: ['secret'], isCustom: true });
    await api.data.newDate(author.id, { tags: ['hidden'], isPublic: false });

    expect(await frequentTags(author.username)).toEqual(['picnic', 'outdoor', 'sunset']);
  });

  it('keep tags the profile stores, and stay hidden on a private profile', async () => {
    const chosen = await newUser(api);
    await api.data.newActivity(chosen.id, { tags: ['picnic'] });
    await api.db.query(`UPDATE profiles SET frequent_tags = '{museums}' WHERE id = $1`, [chosen.id]);
    expect(await frequentTags(chosen.username)).toEqual(['museums']);

    const shy = await newUser(api, { isPrivate: true });
    await api.data.newActivity(shy.id, { tags: ['picnic'] });
    const stranger = await signedIn(api);
    expect(await frequentTags(shy.username, stranger.request)).toBeNull();

    const quiet = await newUser(api);
    expect(await frequentTags(quiet.username)).toEqual([]);
  });
});

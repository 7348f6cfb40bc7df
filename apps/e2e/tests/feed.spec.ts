import { randomBytes } from 'node:crypto';
import { expect, test } from './support/member-test';
import { asMember } from './support/api-members';
import { logIn, newMember, registerMember } from './support/members';

/** Titles no other test or run has used, so each test finds exactly its own posts. */
const uniqueTitle = (what: string) => `${what} ${randomBytes(4).toString('hex')}`;

test.describe('the home feed', () => {
  test('a new member follows two people and sees their posts on Following', async ({ page, request }) => {
    const reader = await asMember(request, await registerMember(request, newMember('reader')));
    const first = await asMember(request, await registerMember(request, newMember('first')));
    const second = await asMember(request, await registerMember(request, newMember('second')));
    const stranger = await asMember(request, await registerMember(request, newMember('stranger')));
    const firstTitle = uniqueTitle('Lantern walk');
    const secondTitle = uniqueTitle('Rooftop tapas');
    const strangerTitle = uniqueTitle('Kayak trip');
    await first.publishActivity(firstTitle);
    await second.publishActivity(secondTitle);
    await stranger.publishActivity(strangerTitle);
    await reader.follow(first.member.username);
    await reader.follow(second.member.username);

    await logIn(page, reader.member, '/?tab=following');
    const following = page.getByRole('list', { name: 'Following' });
    await expect(page.getByRole('tab', { name: 'Following' })).toHaveAttribute('aria-selected', 'true');
    // Newest first: the second author published last.
    await expect(following.getByRole('article').first()).toContainText(secondTitle);
    const firstCard = following.getByRole('article').filter({ hasText: firstTitle });
    await expect(firstCard).toBeVisible();
    await expect(firstCard.getByText('Following', { exact: true })).toBeVisible();
    await expect(following.getByRole('article').filter({ hasText: strangerTitle })).toHaveCount(0);

    // The card opens the post's popup.
    await firstCard.getByRole('button', { name: firstTitle }).click();
    await expect(page.getByRole('dialog').getByRole('heading', { name: firstTitle })).toBeVisible();
  });

  test("For You shows others' posts but never the member's own", async ({ page, request }) => {
    const member = await asMember(request, await registerMember(request, newMember('foryou')));
    const other = await asMember(request, await registerMember(request, newMember('other')));
    const ownTitle = uniqueTitle('My own picnic');
    const otherTitle = uniqueTitle('Stargazing');
    await member.publishActivity(ownTitle);
    await other.publishActivity(otherTitle);
    // Fresh posts of people one follows are lifted, so the new post ranks on the first page however
    // many posts other tests have published.
    await member.follow(other.member.username);

    await logIn(page, member.member, '/?tab=for-you');
    const forYou = page.getByRole('list', { name: 'For You' });
    // The ranking is computed in the background: the new post arrives within a few refreshes.
    await expect(async () => {
      await page.reload();
      await expect(forYou.getByRole('article').filter({ hasText: otherTitle })).toBeVisible({
        timeout: 2_000,
      });
    }).toPass({ timeout: 30_000 });
    await expect(forYou.getByRole('article').filter({ hasText: ownTitle })).toHaveCount(0);
  });

  test('an empty Following feed leads to Explore @mobile', async ({ page, request }) => {
    const member = await registerMember(request, newMember('lonely'));
    await logIn(page, member, '/?tab=following');

    await expect(page.getByText('No posts from people you follow')).toBeVisible();
    await page.getByRole('link', { name: 'Go to Explore' }).click();
    await expect(page).toHaveURL(/\/explore$/);
  });
});

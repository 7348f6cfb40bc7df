import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './support/member-test';
import { asMember } from './support/api-members';
import { logIn, newMember, registerMember } from './support/members';

/** A title no other test or run has used, so the test finds exactly its own post. */
const uniqueTitle = (what: string) => `${what} ${randomBytes(4).toString('hex')}`;

interface SearchPage {
  items: unknown[];
}

const storedSearch = (page: Page) =>
  page.evaluate(() => ({
    query: localStorage.getItem('searchQuery'),
    filters: JSON.parse(localStorage.getItem('searchFilters') ?? 'null') as Record<string, string> | null,
  }));

test.describe('Explore', () => {
  test('a category goes to /search, which searches with that category applied', async ({ page, request }) => {
    const author = await asMember(request, await registerMember(request, newMember('outdoorsy')));
    const word = `z${randomBytes(4).toString('hex')}`;
    await author.publishActivity(`Trail ${word}`, { categorySlug: 'outdoors' });
    await author.publishActivity(`Museum ${word}`, { categorySlug: 'arts-culture' });
    // Both findable first: the worker indexes a post a moment after it is published.
    await expect
      .poll(
        async () =>
          ((await (await request.get(`/api/search/activities?q=${word}`)).json()) as SearchPage).items.length,
        {
          timeout: 30_000,
        },
      )
      .toBe(2);

    await page.goto('/explore');
    await page.getByRole('searchbox', { name: 'Search' }).fill(word);
    await page.getByRole('list', { name: 'Categories' }).getByRole('button', { name: 'Outdoors' }).click();

    await expect(page).toHaveURL(/\/search$/);
    const stored = await storedSearch(page);
    expect(stored.query).toBe(word);
    expect(stored.filters).toMatchObject({ category: 'outdoors', budget: 'Any', mood: 'Any', time: 'Any' });
    // The search ran with the category: the outdoor activity only, and no Users tab.
    await expect(page.getByText(`Trail ${word}`).first()).toBeVisible();
    await expect(page.getByText(`Museum ${word}`)).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Users' })).toHaveCount(0);
  });

  test('Enter stores the words and the filters, and goes to /search @mobile', async ({ page }) => {
    await page.goto('/explore');
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByLabel('Budget').selectOption('Free');
    const box = page.getByRole('searchbox', { name: 'Search' });

    await box.fill('   ');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/explore$/);

    await box.fill('picnic');
    await box.press('Enter');

    await expect(page).toHaveURL(/\/search$/);
    const stored = await storedSearch(page);
    expect(stored.query).toBe('picnic');
    expect(stored.filters).toMatchObject({ budget: 'Free', category: 'Any' });
  });

  test("a visitor's Explore cards are read-only", async ({ page, request }) => {
    const author = await asMember(request, await registerMember(request, newMember('explorer')));
    const title = uniqueTitle('Tide pools');
    await author.publishActivity(title);

    await page.goto('/explore');
    await expect(page.getByRole('heading', { name: 'Popular Creators' })).toBeVisible();
    // Newest first: the activity just published is on the first page.
    const card = page
      .getByRole('list', { name: 'Explore Activities' })
      .getByRole('article')
      .filter({ hasText: title });
    await expect(card).toBeVisible();
    await expect(card.getByRole('button', { name: /^Like/ })).toHaveCount(0);
    await expect(card.getByRole('button', { name: /^Comments/ })).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Share' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Save' })).toHaveCount(0);

    // Read-only still opens the post.
    await card.getByRole('button', { name: title }).click();
    await expect(page.getByRole('dialog').getByRole('heading', { name: title })).toBeVisible();
  });

  test('a member follows a suggested creator', async ({ page, request }) => {
    const member = await asMember(request, await registerMember(request, newMember('newcomer')));
    const friend = await asMember(request, await registerMember(request, newMember('friend')));
    const creator = await registerMember(request, newMember('creator'));
    // The people one follows point the way: the creator whom the member's friend follows is suggested first.
    await member.follow(friend.member.username);
    await friend.follow(creator.username);

    await logIn(page, member.member, '/explore');
    const suggestions = page.getByRole('region', { name: 'Suggested Creators to Follow' });
    const row = suggestions.getByRole('article').filter({ hasText: `@${creator.username}` });
    await expect(row).toBeVisible();
    await expect(row).toContainText('1 follower');
    await expect(
      suggestions.getByRole('article').filter({ hasText: `@${friend.member.username}` }),
    ).toHaveCount(0);

    await row.getByRole('button', { name: /^Follow\b/ }).click();

    await expect(row.getByRole('button', { name: /^Following\b/ })).toBeVisible();
    await expect(row).toContainText('2 followers');

    // The follow is real: the creator's profile says so.
    await row.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/profile/${creator.username}$`));
    await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();
  });
});

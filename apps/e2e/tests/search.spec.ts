import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './support/member-test';
import { asMember } from './support/api-members';
import { logIn, newMember, registerMember } from './support/members';

/** A word no other test or run has used, so a search finds exactly this test's posts. */
const uniqueWord = () => `z${randomBytes(4).toString('hex')}`;

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search' });

/**
 * Searches for `words` on the Activities tab until `title` shows: a new post becomes searchable
 * once the worker has indexed it, a moment after it is published.
 */
async function searchUntilFound(page: Page, words: string, title: string) {
  await searchBox(page).fill(words);
  await page.getByRole('tab', { name: 'Activities' }).click();
  const results = page.getByRole('list', { name: 'Activities' });
  await expect(async () => {
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(results.getByRole('article').filter({ hasText: title })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  return results;
}

test.describe('Search', () => {
  test('a misspelled title still finds the post, and its author opens in a popup', async ({
    page,
    request,
  }) => {
    const author = await asMember(request, await registerMember(request, newMember('picnicker')));
    const word = uniqueWord();
    const title = `Picnic ${word}`;
    await author.publishActivity(title);
    const reader = await registerMember(request, newMember('searcher'));

    await logIn(page, reader, '/search');
    const results = await searchUntilFound(page, `picnik ${word}`, title);

    const card = results.getByRole('article').filter({ hasText: title });
    await expect(card.getByRole('button', { name: 'Save' })).toBeVisible();
    await card.getByRole('link', { name: author.member.username }).click();
    const popup = page.getByRole('dialog');
    await expect(popup.getByRole('link', { name: 'View Profile' })).toBeVisible();
    await expect(popup.getByText('0 followers')).toBeVisible();
    await popup.getByRole('button', { name: /^Follow / }).click();
    await expect(popup.getByText('1 follower', { exact: true })).toBeVisible();
    await expect(popup.getByRole('button', { name: /^Following / })).toBeVisible();
  });

  test("'Load More Results' brings the next page while the last one was full", async ({ page, request }) => {
    const author = await asMember(request, await registerMember(request, newMember('prolific')));
    const word = uniqueWord();
    for (let n = 1; n <= 11; n += 1) {
      await author.publishActivity(`Lantern walk ${word} ${n}`);
    }
    // All eleven indexed first, so the first page is full and the second holds the rest.
    await expect
      .poll(
        async () => {
          const response = await request.get(`/api/search/activities?q=${word}&limit=50`);
          return ((await response.json()) as { items: unknown[] }).items.length;
        },
        { timeout: 30_000 },
      )
      .toBe(11);

    await page.goto('/search');
    await searchBox(page).fill(word);
    await page.getByRole('tab', { name: 'Activities' }).click();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const results = page.getByRole('list', { name: 'Activities' });
    await expect(results.getByRole('article')).toHaveCount(10);

    await page.getByRole('button', { name: 'Load More Results' }).click();

    await expect(results.getByRole('article')).toHaveCount(11);
    await expect(page.getByRole('button', { name: 'Load More Results' })).toHaveCount(0);
  });

  test("a visitor's result cards are read-only @mobile", async ({ page, request }) => {
    const author = await asMember(request, await registerMember(request, newMember('visible')));
    const word = uniqueWord();
    const title = `Tide pools ${word}`;
    await author.publishActivity(title);

    await page.goto('/search');
    const results = await searchUntilFound(page, word, title);

    const card = results.getByRole('article').filter({ hasText: title });
    await expect(card.getByRole('button', { name: /Like|Save|Share|Comments/ })).toHaveCount(0);
    await card.getByRole('button', { name: title }).click();
    await expect(page.getByRole('dialog').getByRole('heading', { name: title })).toBeVisible();
  });

  test('nothing found shows the empty state, and a chip runs its search', async ({ page }) => {
    await page.goto('/search');
    await searchBox(page).fill(uniqueWord());
    await page.getByRole('button', { name: 'Search', exact: true }).click();

    await expect(page.getByRole('heading', { name: 'No results found' })).toBeVisible();
    await expect(page.getByText('Try different keywords or filters.')).toBeVisible();

    await page.getByRole('button', { name: 'Outdoor Activities' }).click();

    await expect(page.getByRole('tab', { name: 'Activities' })).toHaveAttribute('aria-selected', 'true');
    await expect(searchBox(page)).toHaveValue('outdoor');
    const stored = await page.evaluate(() => localStorage.getItem('searchQuery'));
    expect(stored).toBe('outdoor');
  });
});

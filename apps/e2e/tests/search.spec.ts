import { randomBytes, randomInt } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/member-test';
import { asMember } from './support/api-members';
import { logIn, newMember, registerMember } from './support/members';

/** A word no other test or run has used, so a search finds exactly this test's posts. */
const uniqueWord = () => `z${randomBytes(4).toString('hex')}`;

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search' });

/** Six different letters: a first name no other run has, so a misspelling of it means one member. */
function uniqueName(): string {
  const letters = [...'bcdfghjklmnpqrstvwxz'];
  const picked: string[] = [];
  while (picked.length < 6) {
    const [letter] = letters.splice(randomInt(letters.length), 1);
    picked.push(letter!);
  }
  picked[1] = 'a';
  picked[4] = 'e';
  return picked.join('');
}

/** Signs up through the api, no confirmation and no profile edit after it. */
async function signUpOnly(request: APIRequestContext, username: string) {
  const response = await request.post('/api/auth/signup', {
    data: {
      email: `${username}@example.com`,
      username,
      password: `pw-${randomBytes(6).toString('hex')}`,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Searches Users for `words` until a tile for `username` shows (the worker indexes a moment later). */
async function searchUsersUntilFound(page: Page, words: string, username: string) {
  await page.getByRole('tab', { name: 'Users' }).click();
  await searchBox(page).fill(words);
  const tile = page
    .getByRole('list', { name: 'Users' })
    .getByRole('article')
    .filter({ hasText: `@${username}` });
  await expect(async () => {
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(tile).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  return tile;
}

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

  test('a member is in Users right after sign-up, by their exact username', async ({ page, request }) => {
    const username = `joined_${randomBytes(5).toString('hex')}`;
    await signUpOnly(request, username);

    await page.goto('/search');
    const tile = await searchUsersUntilFound(page, username, username);
    await expect(tile.getByText('0 followers')).toBeVisible();
  });

  test("a misspelled name finds the member ('olivai' finds 'olivia')", async ({ page, request }) => {
    const name = uniqueName();
    const username = `${name}_${randomInt(1_000_000)}`;
    await signUpOnly(request, username);
    // The last two letters swapped: too far for the names' own trigram match, one slip for the vocabulary.
    const misspelled = `${name.slice(0, 4)}${name[5]}${name[4]}`;

    await page.goto('/search');
    await searchUsersUntilFound(page, misspelled, username);
  });

  test("a category tapped on Explore shows as its chip on /search, and the chip's × removes it", async ({
    page,
  }) => {
    await page.goto('/explore');
    await page.getByRole('list', { name: 'Categories' }).getByRole('button', { name: 'Outdoors' }).click();

    await expect(page).toHaveURL(/\/search$/);
    const chip = page.getByRole('button', { name: 'Remove filter Category: Outdoors' });
    await expect(chip).toBeVisible();
    await expect(chip).toHaveText('Category: Outdoors');
    await expect(page.getByRole('button', { name: /^Filters/ })).toHaveText('Filters1 chosen');
    await expect(page.getByRole('tab', { name: 'Users' })).toHaveCount(0);

    await chip.click();

    await expect(page.getByRole('list', { name: 'Active filters' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Filters/ })).toHaveText('Filters');
    await expect(page.getByRole('tab', { name: 'Users' })).toBeVisible();
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

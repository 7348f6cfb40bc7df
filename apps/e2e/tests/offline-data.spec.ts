import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { messages, planLiveMessages } from '@datebook/contracts';
import { expect, test } from './support/member-test';
import { asMember } from './support/api-members';
import { seedPreparedPlan } from './support/api-plans';
import { controlNetwork } from './support/live-network';
import { logIn, newMember, registerMember } from './support/members';

/** A word no other test or run has used, so a search finds exactly this test's post. */
const uniqueWord = () => `z${randomBytes(4).toString('hex')}`;

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search' });

/** Waits until the worker has indexed `word`, so the screen's search can only fail for the network. */
async function waitUntilSearchable(request: APIRequestContext, word: string) {
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/search/activities?q=${word}`);
        return ((await response.json()) as { items: unknown[] }).items.length;
      },
      { timeout: 30_000 },
    )
    .toBe(1);
}

/**
 * How many queries the app keeps for reading offline, per member id, as the page's IndexedDB holds
 * them (none when the store is empty or not made yet).
 */
function keptOffline(page: Page): Promise<Record<string, number>> {
  return page.evaluate(
    () =>
      new Promise<Record<string, number>>((resolve, reject) => {
        const opening = indexedDB.open('datebook-offline');
        opening.onerror = () => reject(opening.error ?? new Error('IndexedDB would not open'));
        opening.onsuccess = () => {
          const database = opening.result;
          if (!database.objectStoreNames.contains('queries')) {
            resolve({});
            return;
          }
          const store = database.transaction('queries').objectStore('queries');
          const keys = store.getAllKeys();
          const values = store.getAll();
          values.onsuccess = () =>
            resolve(
              Object.fromEntries(
                keys.result.map((key, index) => [
                  key as string,
                  (values.result[index] as { state: { queries: unknown[] } }).state.queries.length,
                ]),
              ),
            );
        };
      }),
  );
}

/** The comments on an activity as the api has them: what was really sent, however often. */
async function commentBodies(request: APIRequestContext, activityId: string): Promise<string[]> {
  const response = await request.get(`/api/activities/${activityId}/comments`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { items: Array<{ body: string }> }).items.map((item) => item.body);
}

test.describe('Offline data', () => {
  test('an offline search says it failed, not that nothing was found, and finds once back', async ({
    page,
    request,
  }) => {
    const author = await asMember(request, await registerMember(request, newMember('findable')));
    const word = uniqueWord();
    const title = `Lantern picnic ${word}`;
    await author.publishActivity(title);
    await waitUntilSearchable(request, word);

    await page.goto('/search');
    await searchBox(page).fill(word);
    await page.getByRole('tab', { name: 'Activities' }).click();
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Search', exact: true }).click();

    await expect(page.getByText(messages.loads.failedSearch)).toBeVisible();
    await expect(page.getByText(messages.empty.searchTitle)).toHaveCount(0);

    // Back online, the failed search runs again by itself.
    await page.context().setOffline(false);
    const results = page.getByRole('list', { name: 'Activities' });
    await expect(results.getByRole('article').filter({ hasText: title })).toBeVisible();
  });

  test("a search the api never answered offers 'Try again', which finds", async ({ page, request }) => {
    const author = await asMember(request, await registerMember(request, newMember('retried')));
    const word = uniqueWord();
    const title = `Rooftop tea ${word}`;
    await author.publishActivity(title);
    await waitUntilSearchable(request, word);
    // The device says it is online, but the request dies on the way (a dead café Wi-Fi).
    await page.route('**/api/search/**', (route) => route.abort('connectionreset'));

    await page.goto('/search');
    await searchBox(page).fill(word);
    await page.getByRole('tab', { name: 'Activities' }).click();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    // Three retries back off over seven seconds before the search gives up.
    await expect(page.getByText(messages.loads.failedSearch)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(messages.empty.searchTitle)).toHaveCount(0);

    await page.unroute('**/api/search/**');
    await page.getByRole('button', { name: 'Try again' }).click();

    await expect(
      page.getByRole('list', { name: 'Activities' }).getByRole('article').filter({ hasText: title }),
    ).toBeVisible();
  });

  test('a comment made offline says it will be sent, and is sent once when back', async ({
    page,
    request,
  }) => {
    const author = await asMember(request, await registerMember(request, newMember('host')));
    const activityId = await author.publishActivity(`Harbour swim ${uniqueWord()}`);
    const fan = await registerMember(request, newMember('swimmer'));
    const network = await controlNetwork(page.context());
    await logIn(page, fan, `/activity/${activityId}`);
    await expect(page.getByRole('heading', { name: 'Comments (0)' })).toBeVisible();

    await network.offline();
    await page.getByLabel('Add a comment').fill('See you at the pier!');
    await page.getByRole('button', { name: 'Post comment' }).click();

    const queued = page.getByRole('status').filter({ hasText: messages.queued.whenOnline });
    await expect(queued).toBeVisible();
    expect(await commentBodies(request, activityId)).toEqual([]);

    await network.online();
    await expect(queued).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();
    await expect(page.getByText('See you at the pier!')).toHaveCount(1);
    expect(await commentBodies(request, activityId)).toEqual(['See you at the pier!']);
    // Nothing is left to send it again: after a reload it is still there once.
    await page.reload();
    await expect(page.getByText('See you at the pier!')).toHaveCount(1);
    expect(await commentBodies(request, activityId)).toEqual(['See you at the pier!']);
  });

  test(
    'a plan reloaded offline opens from its snapshot, takes an edit, and the co-editor gets it once',
    { tag: '@pwa' },
    async ({ page, otherPage, request }) => {
      const [owner, collaborator] = await Promise.all([
        registerMember(request, newMember('reloadera')),
        registerMember(request, newMember('reloaderb')),
      ]);
      const { id: planId } = await seedPreparedPlan(request, owner, {
        title: 'Picnic plans',
        date: '2026-12-05',
        rows: [],
        collaborator,
      });
      const network = await controlNetwork(otherPage.context());
      await Promise.all([
        logIn(page, owner, `/plan?id=${planId}`),
        logIn(otherPage, collaborator, `/plan?id=${planId}`),
      ]);
      const title = (of: Page) => of.getByLabel('Title', { exact: true });
      await expect(title(otherPage)).toHaveValue('Picnic plans');
      await otherPage.waitForFunction(() => navigator.serviceWorker.controller !== null);

      await network.offline();
      await otherPage.reload();

      // The shell from the service worker, the member known from last time, the plan from IndexedDB.
      await expect(title(otherPage)).toHaveValue('Picnic plans');
      await title(otherPage).fill('Beach day');
      await title(otherPage).press('Enter');
      const waiting = otherPage.getByRole('status').filter({ hasText: planLiveMessages.offline });
      await expect(waiting).toContainText(planLiveMessages.waiting(1));
      await expect(title(page)).toHaveValue('Picnic plans');

      await network.online();

      await expect(title(page)).toHaveValue('Beach day', { timeout: 15_000 });
      await expect(waiting).toBeHidden({ timeout: 15_000 });
      await page.getByRole('button', { name: planLiveMessages.history, exact: true }).click();
      const history = page.getByRole('dialog', { name: planLiveMessages.history });
      await expect(history.getByText(/renamed the plan to Beach day/)).toHaveCount(1);
    },
  );

  test(
    'the own profile and saved posts read from the device after an offline reload, until sign-out',
    { tag: '@pwa' },
    async ({ page, request }) => {
      const author = await asMember(request, await registerMember(request, newMember('saveable')));
      const title = `Night market ${uniqueWord()}`;
      const activityId = await author.publishActivity(title);
      const reader = await registerMember(request, newMember('keeper'));
      const signIn = await request.post('/api/auth/token', {
        data: { email: reader.email, password: reader.password },
      });
      const { accessToken, user } = (await signIn.json()) as { accessToken: string; user: { id: string } };
      const saved = await request.put(`/api/saves/activity/${activityId}`, {
        headers: { Authorization: `Bearer ${accessToken}` },
      });
      expect(saved.status(), await saved.text()).toBe(200);

      await logIn(page, reader, '/saved/posts');
      const savedPosts = page.getByRole('list', { name: 'Saved Posts' });
      await expect(savedPosts.getByText(title)).toBeVisible();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      // Kept a moment after they load: the own profile (the header reads it) and the saved posts.
      await expect.poll(async () => (await keptOffline(page))[user.id] ?? 0).toBeGreaterThanOrEqual(2);
      expect(Object.keys(await keptOffline(page))).toEqual([user.id]);

      await page.context().setOffline(true);
      await page.reload();
      await expect(savedPosts.getByText(title)).toBeVisible();
      await page.goto('/account');
      await expect(page.getByText(`@${reader.username}`)).toBeVisible();
      await expect(page.getByText(messages.collections.unableToLoadProfile)).toHaveCount(0);

      await page.context().setOffline(false);
      await page.reload();
      await page.getByRole('button', { name: 'Log Out' }).click();
      await expect(page).toHaveURL(/\/login/);
      await expect.poll(() => keptOffline(page)).toEqual({});
    },
  );
});

import { expect, test } from '@playwright/test';
import { messages } from '@datebook/contracts';

test.describe('not found', () => {
  test('an unknown path shows the not-found page, whose link goes home', async ({ page }) => {
    await page.goto('/no/such/page');

    await expect(page.getByRole('heading', { name: messages.pages.notFoundTitle })).toBeVisible();
    await page.getByRole('link', { name: messages.pages.goHome }).click();

    // Home is the member feed: a visitor arriving there is asked to log in.
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  });

  test('a date whose id is not a number is not found', async ({ page }) => {
    await page.goto('/date/abc');

    await expect(page.getByRole('heading', { name: messages.pages.notFoundTitle })).toBeVisible();
  });
});

test.describe('a screen whose code is gone', () => {
  // What a stale tab meets after a deploy: the screen's code it asks for is gone.
  const exploreChunk = '**/assets/explore-page-*.js';

  test('says so inside the app instead of the error page, and reloading recovers', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    await page.route(exploreChunk, (route) => route.abort());

    await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Explore' }).click();

    await expect(page.getByRole('heading', { name: messages.connection.pageUnavailable })).toBeVisible();
    await expect(page.getByText(messages.pages.unexpectedError)).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Primary' })).toBeVisible();

    await page.unroute(exploreChunk);
    await page.getByRole('button', { name: messages.connection.reload }).click();
    await expect(page.getByRole('heading', { name: 'Explore', exact: true })).toBeVisible();
  });
});

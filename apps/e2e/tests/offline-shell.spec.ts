import { expect, test } from '@playwright/test';
import { messages } from '@datebook/contracts';

test.describe('offline, with the service worker', { tag: '@pwa' }, () => {
  test('opens the app from the cached shell after an offline reload, screens not visited included', async ({
    page,
    context,
  }) => {
    await page.goto('/explore');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    await context.setOffline(true);
    await page.reload();

    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Explore', exact: true })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: messages.connection.offline })).toBeVisible();

    // Every screen's code was precached with the shell: one never opened loads offline too.
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Sign Up' }).click();
    await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByText(messages.connection.offline)).toBeHidden();
  });
});

test.describe('offline, before the screen is on the device', () => {
  test('says the screen needs a connection inside the app, then shows it once back, without a reload', async ({
    page,
    context,
  }) => {
    // Service workers are blocked in this project: as on a first visit before the worker has
    // installed, only the code already loaded is on the device.
    await page.goto('/explore');
    await expect(page.getByRole('heading', { name: 'Explore', exact: true })).toBeVisible();
    await page.evaluate(() => {
      (window as { sameDocument?: boolean }).sameDocument = true;
    });

    await context.setOffline(true);
    await expect(page.getByRole('status').filter({ hasText: messages.connection.offline })).toBeVisible();
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Log In' }).click();

    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { name: messages.connection.pageNeedsConnection })).toBeVisible();
    await expect(page.getByText(messages.pages.unexpectedError)).toBeHidden();
    // The frame stays: header and navigation.
    await expect(page.getByRole('navigation', { name: 'Primary' })).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log In' })).toHaveCSS(
      'background-color',
      'rgb(225, 29, 72)',
    );
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });
});

import { expect, test } from '@playwright/test';
import { messages } from '@datebook/contracts';
import { APP_VERSION } from './support/app-version';

test.describe('a visitor on a desktop', () => {
  test('has Explore, Log In and Sign Up in the top bar, and no Home, Saved or bottom bar', async ({
    page,
  }) => {
    await page.goto('/explore');

    const primary = page.getByRole('navigation', { name: 'Primary' });
    await expect(primary.getByRole('link')).toHaveText(['Explore']);
    const account = page.getByRole('navigation', { name: 'Account' });
    await expect(account.getByRole('link')).toHaveText(['Log In', 'Sign Up']);
    await expect(
      page.getByRole('navigation', { name: 'Bottom navigation', includeHidden: true }),
    ).toBeHidden();

    await account.getByRole('link', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL('/signup');
    await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();

    await primary.getByRole('link', { name: 'Explore' }).click();
    await expect(page).toHaveURL('/explore');
    await expect(page.getByRole('heading', { name: 'Explore', exact: true })).toBeVisible();
  });

  test('sees the version and the newsletter, feedback and notifications icons in the header', async ({
    page,
  }) => {
    await page.goto('/explore');

    const header = page.getByRole('banner');
    await expect(header.getByText(`v${APP_VERSION}`, { exact: true })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Newsletter signup' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Send feedback' })).toBeVisible();

    await header.getByRole('link', { name: 'Notifications' }).click();
    await expect(page).toHaveURL('/notifications');
    await expect(page.getByText(messages.pages.comingSoon)).toBeVisible();
  });

  test('reaches the password reset and sign-up screens from log in', async ({ page }) => {
    await page.goto('/login');

    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL('/forgot-password');
    await page.goBack();
    await page.getByRole('main').getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL('/signup');
  });
});

test.describe('a visitor on a phone', () => {
  test('has Explore and Log In in the bottom bar, and no top bar', { tag: '@mobile' }, async ({ page }) => {
    await page.goto('/explore');

    const bottom = page.getByRole('navigation', { name: 'Bottom navigation' });
    await expect(bottom.getByRole('link')).toHaveText(['Explore', 'Log In']);
    await expect(page.getByRole('navigation', { name: 'Primary', includeHidden: true })).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Account', includeHidden: true })).toBeHidden();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Newsletter signup' })).toBeVisible();

    await bottom.getByRole('link', { name: 'Log In' }).tap();
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot password?' })).toBeVisible();

    await bottom.getByRole('link', { name: 'Explore' }).tap();
    await expect(page.getByRole('heading', { name: 'Explore', exact: true })).toBeVisible();
  });
});

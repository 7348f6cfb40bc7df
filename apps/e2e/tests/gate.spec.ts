import { expect, test } from '@playwright/test';
import { messages } from '@datebook/contracts';
import { ACCESS_CODE } from './support/access-code';
import { FRESH_STATE } from './support/storage-states';

test.use({ storageState: FRESH_STATE });

test.describe('access-code gate', () => {
  test('a wrong code shows the api error and keeps the gate closed', async ({ page }) => {
    await page.goto('/explore');
    await expect(page.getByRole('heading', { name: 'Datebook' })).toBeVisible();

    await page.getByLabel('Access code').fill('not-the-code');
    await page.getByRole('button', { name: 'Enter' }).click();

    await expect(page.getByText(messages.gate.invalidCode)).toBeVisible();
    await expect(page.getByLabel('Access code')).toHaveValue('not-the-code');
    await page.reload();
    await expect(page.getByLabel('Access code')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Explore', exact: true })).toHaveCount(0);
  });

  test('the right code opens the app, and the grant survives a reload', async ({ page }) => {
    await page.goto('/explore');

    await page.getByLabel('Access code').fill(ACCESS_CODE);
    await page.getByRole('button', { name: 'Enter' }).click();

    await expect(page.getByRole('heading', { name: 'Explore', exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Explore', exact: true })).toBeVisible();
    await expect(page.getByLabel('Access code')).toHaveCount(0);
  });

  test('a shared plan opens without the code', async ({ page }) => {
    await page.goto('/plan/shared/someone/1');

    await expect(page.getByRole('heading', { name: 'Shared plan' })).toBeVisible();
    await expect(page.getByLabel('Access code')).toHaveCount(0);
  });
});

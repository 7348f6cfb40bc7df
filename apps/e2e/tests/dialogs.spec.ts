import { expect, test, type Page } from '@playwright/test';
import { messages } from '@datebook/contracts';
import { FRESH_STATE } from './support/storage-states';
import { uniqueEmail } from './support/unique-email';

async function openFromHeader(page: Page, button: string, dialogName: string) {
  await page.getByRole('banner').getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('newsletter signup', () => {
  test('thanks a new address and refuses it the second time, keeping the dialog', async ({ page }) => {
    const email = uniqueEmail('newsletter');
    await page.goto('/explore');

    let dialog = await openFromHeader(page, 'Newsletter signup', 'Newsletter signup');
    await dialog.getByLabel('Name').fill('Ada Lovelace');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Sign up' }).click();

    await expect(
      page.getByRole('status').filter({ hasText: messages.forms.newsletterSuccess }),
    ).toBeVisible();
    await expect(dialog).toBeHidden();

    // Addresses are stored lowercased, so the same address in capitals is a duplicate too.
    dialog = await openFromHeader(page, 'Newsletter signup', 'Newsletter signup');
    await dialog.getByLabel('Email').fill(email.toUpperCase());
    await dialog.getByRole('button', { name: 'Sign up' }).click();

    await expect(page.getByRole('alert')).toContainText(messages.forms.newsletterDuplicate);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Email')).toHaveValue(email.toUpperCase());
  });

  test('closes on Escape and gives focus back to the header button', async ({ page }) => {
    await page.goto('/explore');

    const dialog = await openFromHeader(page, 'Newsletter signup', 'Newsletter signup');
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await page.keyboard.press('Escape');

    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Newsletter signup' })).toBeFocused();
  });
});

test.describe('feedback', () => {
  test('keeps what was typed when details are missing, then thanks', async ({ page }) => {
    await page.goto('/explore');

    const dialog = await openFromHeader(page, 'Send feedback', 'Send feedback');
    await dialog.getByLabel('Type').selectOption('Recommendation');
    await dialog.getByLabel('Email').fill(uniqueEmail('feedback'));
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();

    await expect(dialog.getByText(messages.forms.feedbackDetailsRequired)).toBeVisible();
    await expect(dialog.getByLabel('Type')).toHaveValue('Recommendation');
    await expect(dialog.getByLabel('Details')).toBeFocused();

    await dialog.getByLabel('Details').fill('A filter for rainy-day ideas would help.');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();

    await expect(page.getByRole('status').filter({ hasText: messages.forms.feedbackSuccess })).toBeVisible();
    await expect(dialog).toBeHidden();
  });
});

test.describe('early access', () => {
  test.use({ storageState: FRESH_STATE });

  test('is requested from the gate once, and a second request is refused', async ({ page }) => {
    const email = uniqueEmail('early-access');
    await page.goto('/');

    await page.getByRole('button', { name: 'Request early access' }).click();
    let dialog = page.getByRole('dialog', { name: 'Request early access' });
    await dialog.getByLabel('Name').fill('Grace Hopper');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Request access' }).click();

    await expect(
      page.getByRole('status').filter({ hasText: messages.forms.earlyAccessSuccess }),
    ).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Request early access' }).click();
    dialog = page.getByRole('dialog', { name: 'Request early access' });
    await dialog.getByLabel('Name').fill('Grace Hopper');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Request access' }).click();

    await expect(page.getByRole('alert')).toContainText(messages.forms.earlyAccessDuplicate);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Name')).toHaveValue('Grace Hopper');
    await expect(dialog.getByLabel('Email')).toHaveValue(email);
  });
});

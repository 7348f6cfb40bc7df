import { messages } from '@datebook/contracts';
import { expect, test } from './support/member-test';
import { logIn, newMember, registerMember } from './support/members';
import { nextTotpCode, totpCode } from './support/totp';

test.describe('two-step verification', () => {
  test('enrols an authenticator app, then logging in asks for its code', async ({ page, request }) => {
    // The second code must come from the next 30-second step: each code works only once.
    test.setTimeout(90_000);
    const member = await registerMember(request, newMember('mfa'));
    await logIn(page, member, '/account');

    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByRole('button', { name: 'Set up authenticator app' }).click();
    await expect(settings.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = ((await settings.getByText(/^Setup key:/).textContent()) ?? '')
      .replace('Setup key:', '')
      .trim();

    // A code with its first digit changed: not what the app shows.
    const wrongCode = totpCode(secret).replace(/^\d/, (digit) => String((Number(digit) + 5) % 10));
    await settings.getByLabel('Code from the app').fill(wrongCode);
    await settings.getByRole('button', { name: 'Verify' }).click();
    await expect(settings.getByText(messages.auth.mfaCodeInvalid)).toBeVisible();

    const enrolmentCode = totpCode(secret);
    await settings.getByLabel('Code from the app').fill(enrolmentCode);
    await settings.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Two-step verification is on.' })).toBeVisible();
    await expect(settings.getByRole('list', { name: 'Authenticator apps' })).toContainText(
      'Authenticator app',
    );
    await settings.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.goto('/login?redirect=%2Faccount');
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Log In' }).click();

    const code = page.getByLabel('Authentication code');
    await expect(code).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeHidden();
    await code.fill(await nextTotpCode(secret, enrolmentCode));
    await page.getByRole('button', { name: 'Verify' }).click();

    await expect(page).toHaveURL('/account');
    await expect(page.getByRole('heading', { name: member.username, level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  });
});

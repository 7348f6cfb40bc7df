import { messages, REFRESH_COOKIE_NAME, REFRESH_COOKIE_PATH } from '@datebook/contracts';
import { confirmationPath, waitForMail } from './support/maildev';
import { expect, test } from './support/member-test';
import { logIn, newMember, registerMember } from './support/members';
import { everythingScriptsCanRead } from './support/script-readable-state';

test.describe('signing up and logging in', () => {
  test('signs up, confirms through the e-mailed link and logs in', async ({ page }) => {
    const member = newMember('signup');

    await page.goto('/signup');
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Username').fill(member.username);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await expect(page.getByRole('status').filter({ hasText: messages.auth.signUpSuccess })).toBeVisible();
    await expect(page).toHaveURL('/login');

    // Not confirmed yet: the api says so, inline.
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(messages.auth.emailNotConfirmed);

    await page.goto(confirmationPath(await waitForMail(member.email, /Confirm your Datebook account/)));
    await expect(page.getByRole('status').filter({ hasText: messages.auth.emailConfirmed })).toBeVisible();
    await expect(page).toHaveURL('/login');

    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Log In' }).click();

    await expect(page).toHaveURL('/');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'My Account' }).click();
    await expect(page.getByRole('heading', { name: member.username, level: 1 })).toBeVisible();
    await expect(page.getByText(`@${member.username}`)).toBeVisible();
  });

  test('keeps the refresh token out of reach of scripts, and a reload keeps the member signed in', async ({
    page,
    request,
  }) => {
    const member = await registerMember(request, newMember('cookie'));
    await logIn(page, member);

    for (const moment of ['after signing in', 'after a reload']) {
      const cookie = (await page.context().cookies()).find(({ name }) => name === REFRESH_COOKIE_NAME);
      expect(cookie, moment).toMatchObject({
        httpOnly: true,
        secure: true,
        sameSite: 'Strict',
        path: REFRESH_COOKIE_PATH,
      });
      const readable = await page.evaluate(everythingScriptsCanRead);
      expect(readable, moment).not.toContain(cookie!.value);
      await page.reload();
      await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    }
  });

  test('an e-mail that already has an account is refused with the alert', async ({ page, request }) => {
    const member = await registerMember(request, newMember('taken'));

    await page.goto('/signup');
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Username').fill(newMember('other').username);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await expect(
      page.getByRole('alert').filter({ hasText: messages.auth.emailAlreadyRegistered }),
    ).toBeVisible();
    await expect(page).toHaveURL('/signup');
  });

  test('logging in returns to the page that asked for it, and logging out ends the session', async ({
    page,
    request,
  }) => {
    const member = await registerMember(request, newMember('redirect'));

    await page.goto('/saved');
    await expect(page).toHaveURL('/login?redirect=%2Fsaved');
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(`${member.password}-wrong`);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(messages.auth.invalidCredentials);

    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('heading', { name: 'Your Lists' })).toBeVisible();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    await page.reload();
    await expect(
      page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Log In' }),
    ).toBeVisible();
  });
});

test.describe('resetting a forgotten password', () => {
  test('sends the link, sets a new password and logs in with it', async ({ page, request }) => {
    const member = await registerMember(request, newMember('reset'));
    const newPassword = `${member.password}-new`;

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(messages.auth.enterEmail)).toBeVisible();
    await page.getByLabel('Email').fill(member.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(messages.auth.resetLinkSent);

    await page.goto(confirmationPath(await waitForMail(member.email, /Reset your Datebook password/)));
    await expect(page).toHaveURL('/forgot-password');
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(`${newPassword}-typo`);
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(page.getByText(messages.auth.passwordsDoNotMatch)).toBeVisible();

    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(page.getByRole('status').filter({ hasText: messages.auth.passwordUpdated })).toBeVisible();
    await expect(page).toHaveURL('/');

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await logIn(page, { ...member, password: newPassword });
    await expect(page).toHaveURL('/');
  });
});

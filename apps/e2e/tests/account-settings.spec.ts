import { messages } from '@datebook/contracts';
import { confirmationPath, waitForMail } from './support/maildev';
import { expect, test } from './support/member-test';
import { logIn, newMember, registerMember } from './support/members';
import { uniqueEmail } from './support/unique-email';

test.describe('account settings', () => {
  test('a taken username is refused with the alert; a free one is saved', async ({ page, request }) => {
    const member = await registerMember(request, newMember('rename'));
    const other = await registerMember(request, newMember('holder'));
    await logIn(page, member, '/account');
    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    const username = settings.getByLabel('Username');

    await username.fill(other.username.toUpperCase());
    await settings.getByRole('button', { name: 'Save username' }).click();
    await expect(page.getByRole('alert').filter({ hasText: messages.account.usernameTaken })).toBeVisible();

    const renamed = newMember('renamed').username;
    await username.fill(renamed);
    await settings.getByRole('button', { name: 'Save username' }).click();
    await settings.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByText(`@${renamed}`)).toBeVisible();
  });

  test('changes the e-mail address, with the current password, through the link sent to the new one', async ({
    page,
    request,
  }) => {
    const member = await registerMember(request, newMember('email'));
    const newEmail = uniqueEmail('email-new');
    await logIn(page, member, '/account');
    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    const email = settings.getByLabel('Email');
    await expect(email).toHaveValue(member.email);

    await email.fill('');
    await settings.getByRole('button', { name: 'Change email' }).click();
    await expect(page.getByRole('alert').filter({ hasText: messages.account.emailEmpty })).toBeVisible();

    await email.fill(newEmail);
    await settings.getByRole('button', { name: 'Change email' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: messages.auth.currentPasswordRequired }),
    ).toBeVisible();

    await settings.getByLabel('Current password').fill(member.password);
    await settings.getByRole('button', { name: 'Change email' }).click();
    await expect(page.getByRole('status').filter({ hasText: messages.auth.emailChangeSent })).toBeVisible();
    await waitForMail(member.email, /Your Datebook e-mail address is being changed/);

    await page.goto(
      confirmationPath(await waitForMail(newEmail, /Confirm your new Datebook e-mail address/)),
    );
    await expect(page.getByRole('status').filter({ hasText: messages.auth.emailChanged })).toBeVisible();
    await expect(page).toHaveURL('/account');
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(settings.getByLabel('Email')).toHaveValue(newEmail);
  });

  test('sends a password reset link from the account', async ({ page, request }) => {
    const member = await registerMember(request, newMember('acctreset'));
    await logIn(page, member, '/account');
    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });

    await settings.getByRole('button', { name: 'Send password reset' }).click();

    await expect(settings.getByRole('status')).toHaveText(messages.auth.resetLinkSentAccount);
    await waitForMail(member.email, /Reset your Datebook password/);
  });

  test('deletes the account after a confirmation, which signs out for good', async ({ page, request }) => {
    const member = await registerMember(request, newMember('delete'));
    await logIn(page, member, '/account');
    await page.getByRole('button', { name: 'Settings' }).click();
    await page
      .getByRole('dialog', { name: 'Settings' })
      .getByLabel('Your password, to confirm')
      .fill(member.password);
    await page
      .getByRole('dialog', { name: 'Settings' })
      .getByRole('button', { name: 'Delete account' })
      .click();

    const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await page
      .getByRole('dialog', { name: 'Settings' })
      .getByRole('button', { name: 'Delete account' })
      .click();
    await confirm.getByRole('button', { name: 'Delete my account' }).click();

    await expect(page.getByRole('status').filter({ hasText: messages.auth.accountDeleted })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(messages.auth.invalidCredentials);
  });
});

test.describe('my account on a phone', () => {
  test(
    'You in the bottom bar opens the account, which logs out',
    { tag: '@mobile' },
    async ({ page, request }) => {
      const member = await registerMember(request, newMember('phone'));
      await page.goto('/login');
      await page.getByLabel('Email').fill(member.email);
      await page.getByLabel('Password').fill(member.password);
      await page.getByRole('button', { name: 'Log In' }).tap();

      const bottom = page.getByRole('navigation', { name: 'Bottom navigation' });
      await bottom.getByRole('link', { name: 'You' }).tap();
      await expect(page.getByRole('heading', { name: member.username, level: 1 })).toBeVisible();
      await page.getByRole('button', { name: 'Log Out' }).tap();

      await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
      await expect(bottom.getByRole('link')).toHaveText(['Explore', 'Log In']);
    },
  );
});

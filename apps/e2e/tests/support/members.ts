import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { confirmationPath, waitForMail } from './maildev';
import { uniqueEmail } from './unique-email';

export interface Member {
  email: string;
  username: string;
  password: string;
}

/** A member no other test or run has used. Usernames allow 3 to 30 letters, digits, dots, underscores. */
export function newMember(purpose: string): Member {
  return {
    email: uniqueEmail(purpose),
    username: `${purpose.slice(0, 12)}_${randomBytes(5).toString('hex')}`,
    password: `pw-${randomBytes(6).toString('hex')}`,
  };
}

/**
 * Sets up a confirmed member through the api and the mail catcher, for tests about something else:
 * the sign-up screens have their own test.
 */
export async function registerMember(request: APIRequestContext, member: Member): Promise<Member> {
  const signUp = await request.post('/api/auth/signup', { data: member });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const link = new URL(
    confirmationPath(await waitForMail(member.email, /Confirm your Datebook account/)),
    'http://x',
  );
  const verify = await request.post('/api/auth/verify', {
    data: { tokenHash: link.searchParams.get('token_hash'), type: 'signup' },
  });
  expect(verify.status(), await verify.text()).toBe(200);
  return member;
}

/** Logs in through the login screen and waits until the app shows the member signed in. */
export async function logIn(page: Page, member: Member, redirect?: string): Promise<void> {
  await page.goto(redirect ? `/login?${new URLSearchParams({ redirect }).toString()}` : '/login');
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  // Signed in: the account menu on a desktop, the bottom bar's 'You' on a phone.
  const accountMenu = page.getByRole('button', { name: 'Account menu' });
  const bottomBarYou = page
    .getByRole('navigation', { name: 'Bottom navigation' })
    .getByRole('link', { name: 'You' });
  await expect(accountMenu.or(bottomBarYou).filter({ visible: true }).first()).toBeVisible();
}

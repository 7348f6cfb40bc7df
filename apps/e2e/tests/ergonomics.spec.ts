import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { messages, webRoutes, type Session } from '@datebook/contracts';
import { asMember } from './support/api-members';
import { confirmationPath, waitForMail } from './support/maildev';
import { expect, test } from './support/member-test';
import { logIn, newMember, registerMember, type Member } from './support/members';
import { addPhotos, colourPhoto, fillActivityDetails } from './support/posts';
import { smallTargetsInMain } from './support/touch-targets';

// Each test first sets members and posts up through the api, which takes a while on a busy machine.
test.describe.configure({ timeout: 90_000 });

async function commentAs(request: APIRequestContext, member: Member, postId: string, body: string) {
  const signIn = await request.post('/api/auth/token', {
    data: { email: member.email, password: member.password },
  });
  const { accessToken } = (await signIn.json()) as Session;
  const response = await request.post(`/api/activities/${postId}/comments`, {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: { body },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** A member who follows an author with a two-photo post that the member has commented on. */
async function memberWithAFeed(page: Page, request: APIRequestContext) {
  const author = await asMember(request, await registerMember(request, newMember('targetauth')));
  const title = `Kayak at dawn ${randomBytes(3).toString('hex')}`;
  const postId = await author.publishActivity(title, { photos: 2 });
  const member = await registerMember(request, newMember('targets'));
  await (await asMember(request, member)).follow(author.member.username);
  await commentAs(request, member, postId, 'We tried this, lovely.');
  await logIn(page, member);
  return { member, postId, title };
}

const expectFingerSized = async (page: Page, screenName: string) => {
  const small = await smallTargetsInMain(page);
  expect(small, `controls under 44×44 px on ${screenName}`).toEqual([]);
};

const boxesOverlap = async (a: Locator, b: Locator) => {
  const [first, second] = [await a.boundingBox(), await b.boundingBox()];
  expect(first).not.toBeNull();
  expect(second).not.toBeNull();
  return (
    first!.x < second!.x + second!.width &&
    second!.x < first!.x + first!.width &&
    first!.y < second!.y + second!.height &&
    second!.y < first!.y + first!.height
  );
};

test.describe('Touch targets', () => {
  test('every control in the main area of Home, a post page and the account is at least 44×44 px @mobile', async ({
    page,
    request,
  }) => {
    const { postId, title } = await memberWithAFeed(page, request);

    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expectFingerSized(page, 'Home');

    await page.goto(webRoutes.activity(postId));
    await expect(page.getByText('We tried this, lovely.')).toBeVisible();
    await expectFingerSized(page, 'a post page');

    await page.goto(webRoutes.account);
    await expect(page.getByRole('button', { name: 'Change avatar' })).toBeVisible();
    await expectFingerSized(page, '/account');
  });

  test('every control in the main area of /create is at least 44×44 px, for an activity and a date @mobile', async ({
    page,
    request,
  }) => {
    await logIn(page, await registerMember(request, newMember('targetsnew')), webRoutes.create);
    // Filled as a member would: tag and equipment chips, two photos with their tile buttons.
    await fillActivityDetails(page, 'Sunset picnic');
    for (const [field, chip] of [
      ['Tags', 'picnic'],
      ['What you need', 'blanket'],
    ] as const) {
      // The label reads 'Tags (optional)'.
      const input = page.getByRole('textbox', { name: new RegExp(`^${field}`) });
      await input.fill(chip);
      await input.press('Enter');
      await expect(page.getByRole('button', { name: `Remove ${chip}` })).toBeVisible();
    }
    await addPhotos(page, [
      colourPhoto('red.png', 240, 240, [220, 40, 40]),
      colourPhoto('blue.png', 240, 240, [40, 40, 220]),
    ]);
    await expectFingerSized(page, '/create (activity)');

    await page.getByRole('radio', { name: 'Date' }).check();
    await expect(page.getByLabel('Allow comments')).toBeVisible();
    await expectFingerSized(page, '/create (date)');
  });
});

/** Changes the username in Settings, which confirms with a toast while the dialog stays open. */
async function toastOverSettings(page: Page) {
  await page.goto(webRoutes.account);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByLabel('Username').fill(`renamed_${randomBytes(4).toString('hex')}`);
  await dialog.getByRole('button', { name: 'Save username' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Username updated.' });
  await expect(toast).toBeVisible();
  return { dialog, toast };
}

async function toastLeavesDialogControlsFree(page: Page, request: APIRequestContext) {
  await logIn(page, await registerMember(request, newMember('toastdlg')));
  const { dialog, toast } = await toastOverSettings(page);
  // Toasts and the dialog both settle (the dialog makes room above itself) before they are measured.
  await page.waitForTimeout(400);
  expect(await boxesOverlap(toast, dialog.getByRole('button', { name: 'Close' }))).toBe(false);
  expect(await boxesOverlap(toast, dialog.getByRole('heading', { name: 'Settings' }))).toBe(false);
  expect(await boxesOverlap(toast, dialog)).toBe(false);
}

test.describe('Toasts', () => {
  test('sit clear of an open dialog, its title and its Close button', async ({ page, request }) => {
    await toastLeavesDialogControlsFree(page, request);
  });

  test('sit clear of an open dialog on a phone @mobile', async ({ page, request }) => {
    await toastLeavesDialogControlsFree(page, request);
  });

  test('on a page, a toast sits clear of the page title on a phone @mobile', async ({ page, request }) => {
    await logIn(page, await registerMember(request, newMember('toastpage')));
    const { dialog, toast } = await toastOverSettings(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(toast).toBeVisible();
    expect(await boxesOverlap(toast, page.getByRole('main').getByRole('heading', { level: 1 }))).toBe(false);
    expect(await boxesOverlap(toast, page.getByRole('navigation', { name: 'Bottom navigation' }))).toBe(
      false,
    );
  });

  test('clear when the member moves to another screen', async ({ page, request }) => {
    await logIn(page, await registerMember(request, newMember('toastnav')));
    const { dialog, toast } = await toastOverSettings(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    // Read, and then the member goes elsewhere (a toast raised with a navigation travels with it).
    await page.waitForTimeout(1_000);
    await page.getByRole('link', { name: 'Explore' }).first().click();
    await expect(page).toHaveURL(webRoutes.explore);
    await expect(toast).toBeHidden();
  });
});

test.describe('Focus on a new screen', () => {
  test('moves to the new screen’s heading and announces it', async ({ page, request }) => {
    await logIn(page, await registerMember(request, newMember('focusnav')));
    await page.getByRole('link', { name: 'Explore' }).first().click();
    await expect(page).toHaveURL(webRoutes.explore);
    const heading = page.getByRole('main').getByRole('heading', { level: 1 });
    await expect(heading).toBeFocused();
    const title = (await heading.textContent())?.trim() ?? '';
    expect(title).not.toBe('');
    await expect(page.locator('[aria-live="polite"]').filter({ hasText: title })).toHaveCount(1);
  });
});

test.describe('The sign-up confirmation', () => {
  test('stays on the login screen and does not follow the member home @mobile', async ({ page, request }) => {
    const member = newMember('confirmed');
    const signUp = await request.post('/api/auth/signup', { data: member });
    expect(signUp.status(), await signUp.text()).toBe(201);
    await page.goto(confirmationPath(await waitForMail(member.email, /Confirm your Datebook account/)));

    const main = page.getByRole('main');
    // The first load of the app, with the link redeemed, is slow on a busy machine.
    await expect(main.getByRole('status')).toHaveText(messages.auth.emailConfirmed, { timeout: 20_000 });
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Log In' }).click();

    await expect(page).toHaveURL('/');
    await expect(main.getByRole('heading', { name: 'Home', level: 1 })).toBeFocused();
    await expect(page.getByText(messages.auth.emailConfirmed)).toHaveCount(0);
  });
});

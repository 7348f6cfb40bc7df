import { messages } from '@datebook/contracts';
import type { Locator } from '@playwright/test';
import { expect, test } from './support/member-test';
import { logIn, newMember, registerMember } from './support/members';
import { addPhotos, colourPhoto, fillActivityDetails, skipCropsAndPublish } from './support/posts';

const PHONE = { width: 390, height: 844 };

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) {
    throw new Error('Not laid out');
  }
  return found;
}

/** The dialog, or a control inside it, has the focus. */
async function expectFocusIn(dialog: Locator, name: string) {
  await expect(dialog.page().locator('[role="dialog"]:focus-within')).toHaveAccessibleName(name);
}

/** The page's `getComputedStyle`: these tests are typed without the DOM's types. */
interface StyledWindow {
  getComputedStyle(element: unknown): { lineHeight: string };
}

/** How many lines of text the element takes. */
async function lines(locator: Locator): Promise<number> {
  const lineHeight = await locator.evaluate((element) =>
    parseFloat((globalThis as unknown as StyledWindow).getComputedStyle(element).lineHeight),
  );
  return Math.round((await box(locator)).height / lineHeight);
}

/** Logs in on a phone, where the signed-in sign is the bottom bar's You rather than a menu. */

test.describe('dialogs on a phone', () => {
  test(
    'the Following list takes focus, closes on Escape and keeps Unfollow on screen',
    { tag: '@mobile' },
    async ({ page, request }) => {
      const follower = await registerMember(request, newMember('sheet'));
      const followed = await registerMember(request, newMember('sheet_followed'));
      await logIn(page, follower, `/profile/${followed.username}`);
      await page.getByRole('button', { name: 'Follow', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();

      await page.goto('/account');
      const opener = page.getByRole('button', { name: '1 following' });
      await opener.click();
      const following = page.getByRole('dialog', { name: 'Following' });
      await expect(following.getByRole('link', { name: new RegExp(`@${followed.username}`) })).toBeVisible();
      await expectFocusIn(following, 'Following');

      // A bottom sheet as wide as the phone, its Unfollow wholly on screen.
      await expect
        .poll(async () => Math.round((await box(following)).y + (await box(following)).height))
        .toBe(PHONE.height);
      expect(await box(following)).toMatchObject({ x: 0, width: PHONE.width });
      const unfollow = following.getByRole('button', { name: `Unfollow @${followed.username}` });
      await expect(unfollow).toBeInViewport({ ratio: 1 });

      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await expectFocusIn(following, 'Following');
      await page.keyboard.press('Escape');
      await expect(following).toBeHidden();
      await expect(opener).toBeFocused();

      // Unfollowing removes the row that had focus; Escape still closes the list.
      await opener.click();
      await unfollow.click();
      await expect(following.getByText(messages.empty.following)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(following).toBeHidden();
      await expect(page.getByRole('button', { name: '0 following' })).toBeFocused();
    },
  );
});

test.describe('the post popup', () => {
  test('puts the photo beside the details on a desktop, and above them on a phone', async ({
    page,
    request,
  }) => {
    // A post through every step of the create flow first.
    test.setTimeout(90_000);
    const member = await registerMember(request, newMember('popup'));
    await logIn(page, member, '/create');
    await fillActivityDetails(page, 'Lantern walk along the river to the old stone bridge at dusk');
    await addPhotos(page, [colourPhoto('lanterns.png', 300, 200, [240, 180, 40])]);
    await page.getByRole('button', { name: 'Next' }).click();
    await skipCropsAndPublish(page, 1, 1);
    await expect(page.getByRole('status').filter({ hasText: messages.posts.published })).toBeVisible();

    await page
      .getByRole('list', { name: 'Your Activities' })
      .getByRole('button', { name: /Lantern walk/ })
      .click();
    const popup = page.getByRole('dialog', { name: 'Activity' });
    const title = popup.getByRole('heading', { level: 2, name: /Lantern walk/ });
    const photo = popup.getByRole('group', { name: /^Photos of Lantern walk/ });
    const category = popup.locator('dd').filter({ has: page.locator('svg') });
    await expect(title).toBeVisible();
    await expectFocusIn(popup, 'Activity');

    // Desktop: two columns; the title in a few lines, the category (the app's own icon, no emoji) in one.
    await expect
      .poll(async () => (await box(title)).x >= (await box(photo)).x + (await box(photo)).width)
      .toBe(true);
    expect(await lines(title)).toBeLessThanOrEqual(3);
    await expect(category).toHaveCount(1);
    expect(await lines(category)).toBe(1);

    // Phone: the photo above the details, in a sheet as wide as the screen.
    await page.setViewportSize(PHONE);
    await expect
      .poll(async () => (await box(title)).y >= (await box(photo)).y + (await box(photo)).height)
      .toBe(true);
    expect((await box(popup)).width).toBe(PHONE.width);
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
  });
});

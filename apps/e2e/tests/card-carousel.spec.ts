import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { webRoutes } from '@datebook/contracts';
import { expect, test } from './support/member-test';
import { asMember } from './support/api-members';
import { newMember, registerMember } from './support/members';

type Box = { x: number; y: number; width: number; height: number };

const box = async (locator: Locator): Promise<Box> => {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
};

/** The same box to within half a pixel. */
const expectSameBox = (actual: Box, expected: Box) => {
  for (const side of ['x', 'y', 'width', 'height'] as const) {
    expect(actual[side]).toBeCloseTo(expected[side], 0);
  }
};

const expectInside = (inner: Box, outer: Box) => {
  expect(inner.x).toBeGreaterThanOrEqual(outer.x - 0.5);
  expect(inner.y).toBeGreaterThanOrEqual(outer.y - 0.5);
  expect(inner.x + inner.width).toBeLessThanOrEqual(outer.x + outer.width + 0.5);
  expect(inner.y + inner.height).toBeLessThanOrEqual(outer.y + outer.height + 0.5);
};

/**
 * Issue 24: after 'Next photo' the second photo filled only the top of a card's square, and the
 * arrows and dots sat at its bottom left. Only a browser lays out boxes, so this measures them, on
 * a profile's full cards.
 */
async function secondPhotoFillsTheSquare(page: Page, request: APIRequestContext) {
  const author = await asMember(request, await registerMember(request, newMember('carousel')));
  const title = `Two views ${randomBytes(4).toString('hex')}`;
  await author.publishActivity(title, { photos: 2, photoSize: 500 });

  // The worker makes the renditions a moment after publishing; a visitor's page does not poll.
  const carousel = page.getByRole('group', { name: `Photos of ${title}` });
  const first = carousel.getByRole('img', { name: `${title}, 1 of 2`, exact: true });
  await expect(async () => {
    await page.goto(webRoutes.profile(author.member.username));
    await expect(first).toHaveAttribute('src', /activity-media/, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });

  const square = await box(carousel);
  expect(square.width).toBeCloseTo(square.height, 0);
  expectSameBox(await box(first), square);

  await carousel.getByRole('button', { name: 'Next photo' }).click();
  const second = carousel.getByRole('img', { name: `${title}, 2 of 2`, exact: true });
  await expect(second).toHaveAttribute('src', /activity-media/);
  await expect.poll(() => second.evaluate((image: HTMLImageElement) => image.complete)).toBe(true);
  expectSameBox(await box(carousel), square);
  expectSameBox(await box(second), square);
  // Focus on the arrow once scrolled the box itself, moving the photo out of its frame.
  expect(await carousel.evaluate((element) => element.scrollTop)).toBe(0);
  for (const name of ['Previous photo', 'Next photo', 'Show 1 of 2', 'Show 2 of 2']) {
    expectInside(await box(carousel.getByRole('button', { name })), square);
  }
}

test.describe('Card carousel', () => {
  test('the second photo fills the card square, with the arrows and dots inside it', async ({
    page,
    request,
  }) => {
    await secondPhotoFillsTheSquare(page, request);
  });

  test('the second photo fills the card square on a phone @mobile', async ({ page, request }) => {
    await secondPhotoFillsTheSquare(page, request);
  });
});

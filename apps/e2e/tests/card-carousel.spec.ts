import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { webRoutes } from '@datebook/contracts';
import { expect, test } from './support/member-test';
import { asMember, type ApiMember } from './support/api-members';
import { logIn, newMember, registerMember } from './support/members';

type Box = { x: number; y: number; width: number; height: number };

const box = async (locator: Locator): Promise<Box> => {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
};

/** The same box to within half a pixel. */
const sameBox = (actual: Box, expected: Box) =>
  (['x', 'y', 'width', 'height'] as const).every((side) => Math.abs(actual[side] - expected[side]) < 0.5);

const expectSameBox = (actual: Box, expected: Box) => {
  expect(sameBox(actual, expected), `${JSON.stringify(actual)} is ${JSON.stringify(expected)}`).toBe(true);
};

const expectInside = (inner: Box, outer: Box) => {
  expect(inner.x).toBeGreaterThanOrEqual(outer.x - 0.5);
  expect(inner.y).toBeGreaterThanOrEqual(outer.y - 0.5);
  expect(inner.x + inner.width).toBeLessThanOrEqual(outer.x + outer.width + 0.5);
  expect(inner.y + inner.height).toBeLessThanOrEqual(outer.y + outer.height + 0.5);
};

const uniqueTitle = (what: string) => `${what} ${randomBytes(4).toString('hex')}`;

/** An author with a two-photo activity, its renditions made (the worker runs a moment after). */
async function twoPhotoActivity(request: APIRequestContext, photoSize = 500) {
  const author = await asMember(request, await registerMember(request, newMember('carousel')));
  const title = uniqueTitle('Two views');
  const id = await author.publishActivity(title, { photos: 2, photoSize });
  return { author, title, id };
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Opens `path` until the first photo of `title` has its rendition: a visitor's page does not poll. */
async function openWithPhotos(page: Page, path: string, title: string) {
  const first = page.getByRole('img', { name: `${title}, 1 of 2`, exact: true }).first();
  await expect(async () => {
    await page.goto(path);
    await expect(first).toHaveAttribute('src', /activity-media/, { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
}

/**
 * A swipe as the device makes one: a finger dragged right to left on a phone, a sideways wheel (a
 * trackpad) on a desktop.
 */
async function swipeToNext(page: Page, on: Box, touch: boolean) {
  // Above the arrows, which sit beside the track, not on it.
  const y = on.y + on.height * 0.3;
  if (touch) {
    // Raw touches, as a finger sends them; the browser turns them into a scroll and its snapping.
    const cdp = await page.context().newCDPSession(page);
    const steps = 12;
    let at = on.x + on.width * 0.9;
    const step = (on.width * 0.8) / steps;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: at, y }] });
    for (let moved = 0; moved < steps; moved += 1) {
      at -= step;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: at, y }] });
      await page.waitForTimeout(16);
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  } else {
    await page.mouse.move(on.x + on.width / 2, y);
    await page.mouse.wheel(on.width * 0.8, 0);
  }
}

/**
 * Issue 24: after 'Next photo' the second photo filled only the top of a card's square, and the
 * arrows and dots sat at its bottom left. Only a browser lays out boxes, so this measures them, on
 * a profile's full cards: after Next, after a swipe, and that the dots follow the swipe.
 */
async function secondPhotoFillsTheSquare(page: Page, request: APIRequestContext, touch: boolean) {
  const { author, title } = await twoPhotoActivity(request);
  await openWithPhotos(page, webRoutes.profile(author.member.username), title);
  const carousel = page.getByRole('group', { name: `Photos of ${title}` });
  const first = carousel.getByRole('img', { name: `${title}, 1 of 2`, exact: true });
  const second = carousel.getByRole('img', { name: `${title}, 2 of 2`, exact: true });
  const dot = (at: number) => carousel.getByRole('button', { name: `Show ${at} of 2` });
  // Measured together each time: a click may scroll the page, moving the square.
  const fillsTheSquare = async (image: Locator) => sameBox(await box(image), await box(carousel));

  const square = await box(carousel);
  expect(square.width).toBeCloseTo(square.height, 0);
  expectSameBox(await box(first), square);

  await carousel.getByRole('button', { name: 'Next photo' }).click();
  await expect(second).toHaveAttribute('src', /activity-media/);
  await expect.poll(() => second.evaluate((image: HTMLImageElement) => image.complete)).toBe(true);
  await expect.poll(() => fillsTheSquare(second)).toBe(true);
  const afterNext = await box(carousel);
  expect([afterNext.width, afterNext.height]).toEqual([square.width, square.height]);
  await expect(dot(2)).toHaveAttribute('aria-current', 'true');
  // Focus on the arrow once scrolled the box itself, moving the photo out of its frame.
  expect(await carousel.evaluate((element) => element.scrollTop)).toBe(0);
  for (const name of ['Previous photo', 'Next photo', 'Show 1 of 2', 'Show 2 of 2']) {
    expectInside(await box(carousel.getByRole('button', { name })), afterNext);
  }

  // Back to the first, then a swipe: the second photo lands exactly in the square, the dots follow.
  await dot(1).click();
  await expect.poll(() => fillsTheSquare(first)).toBe(true);
  const squareNow = await box(carousel);
  expect(squareNow.width).toBeCloseTo(square.width, 0);
  await swipeToNext(page, squareNow, touch);
  await expect(dot(2)).toHaveAttribute('aria-current', 'true');
  await expect.poll(() => fillsTheSquare(second)).toBe(true);
  // The index followed the swipe, so Next wraps round to the first photo.
  await carousel.getByRole('button', { name: 'Next photo' }).click();
  await expect(dot(1)).toHaveAttribute('aria-current', 'true');
  await expect.poll(() => fillsTheSquare(first)).toBe(true);
}

// Each test waits for the worker's renditions first.
test.describe.configure({ timeout: 90_000 });

/**
 * Issue 24's leftover: a banner card (Saved Posts) did not swipe, its title's stretched link taking
 * every touch, and its dots sat over the title. Measured on a member's Saved Posts.
 */
async function bannerCardSwipes(page: Page, request: APIRequestContext, touch: boolean) {
  const { title, id } = await twoPhotoActivity(request);
  const saver = await registerMember(request, newMember('banner'));
  await (await asMember(request, saver)).saveActivity(id);
  await logIn(page, saver);
  await openWithPhotos(page, webRoutes.savedPosts, title);
  const card = page.getByRole('article').filter({ hasText: title });
  const carousel = card.getByRole('group', { name: `Photos of ${title}` });
  const second = carousel.getByRole('img', { name: `${title}, 2 of 2`, exact: true });
  const dot = (at: number) => carousel.getByRole('button', { name: `Show ${at} of 2` });

  const banner = await box(carousel);
  expect(banner.width / banner.height).toBeCloseTo(16 / 9, 1);
  // Every dot and arrow clear of the title and inside the banner, the title still a whole 44 px target.
  const titleBox = await box(card.getByRole('link', { name: title, exact: true }));
  expect(titleBox.height).toBeGreaterThanOrEqual(44);
  for (const control of [dot(1), dot(2), carousel.getByRole('button', { name: /(Previous|Next) photo/ })]) {
    for (const one of await control.all()) {
      const controlBox = await box(one);
      expect(
        overlaps(controlBox, titleBox),
        `${await one.getAttribute('aria-label')} ${JSON.stringify(controlBox)} over ${JSON.stringify(titleBox)}`,
      ).toBe(false);
      expectInside(controlBox, banner);
    }
  }

  // On the photo between the author row and the title, clear of the arrows: where a thumb swipes.
  const photoArea = {
    x: banner.x + banner.width * 0.15,
    y: banner.y + banner.height * 0.35,
    width: banner.width * 0.7,
    height: banner.height * 0.3,
  };
  await swipeToNext(page, photoArea, touch);
  await expect(dot(2)).toHaveAttribute('aria-current', 'true');
  await expect.poll(async () => sameBox(await box(second), await box(carousel))).toBe(true);
  // The swipe moved the photos, not the page to the post.
  await expect(page).toHaveURL(webRoutes.savedPosts);
}

test.describe('Card carousel', () => {
  test('a banner card swipes to its second photo, its arrows and dots clear of its title, on a phone @mobile', async ({
    page,
    request,
  }) => {
    await bannerCardSwipes(page, request, true);
  });

  test('a banner card swipes to its second photo on a desktop trackpad', async ({ page, request }) => {
    await bannerCardSwipes(page, request, false);
  });

  test("a card's photo offers its WebPs and the browser takes a small one at 390 px @mobile", async ({
    page,
    request,
  }) => {
    // Wide enough a source that every width exists: 320, 640 and 1080.
    const { author, title } = await twoPhotoActivity(request, 1200);
    await openWithPhotos(page, webRoutes.profile(author.member.username), title);
    const photo = page.getByRole('img', { name: `${title}, 1 of 2`, exact: true });
    const webp = photo.locator('xpath=preceding-sibling::source[@type="image/webp"]');
    await expect(webp).toHaveAttribute(
      'srcset',
      /-320\.webp\?[^ ]+ 320w, .+-640\.webp\?[^ ]+ 640w, .+-1080\.webp\?[^ ]+ 1080w$/,
    );
    await expect(photo).toHaveAttribute('srcset', /-320\.jpg\?[^ ]+ 320w, .+ 1080w$/);
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete)).toBe(true);
    // A 390 px screen at one device pixel: the 640 px WebP, not the 1080 px one the page would need.
    expect(await photo.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(/-(320|640)\.webp\?/);
    // The first card on a profile is not a page's largest paint by design: it waits to be near.
    await expect(photo).toHaveAttribute('loading', 'lazy');
  });

  test('the second photo fills the card square after Next and after a swipe, controls inside it', async ({
    page,
    request,
  }) => {
    await secondPhotoFillsTheSquare(page, request, false);
  });

  test('the second photo fills the card square after Next and after a swipe on a phone @mobile', async ({
    page,
    request,
  }) => {
    await secondPhotoFillsTheSquare(page, request, true);
  });

  test('every card of a grid row is as tall as the row, whatever its title', async ({ page, request }) => {
    const author: ApiMember = await asMember(request, await registerMember(request, newMember('grid')));
    const short = uniqueTitle('Tea');
    const long = uniqueTitle('A long walk along the old harbour wall, then chips on the pier');
    await author.publishActivity(short);
    await author.publishActivity(long, { photos: 2 });
    await author.publishActivity(uniqueTitle('Chess in the park'));

    await page.goto(webRoutes.profile(author.member.username));
    const cards = page.getByRole('list', { name: 'Activities' }).getByRole('article');
    await expect(cards).toHaveCount(3);
    const boxes = await Promise.all((await cards.all()).map(box));
    const firstRow = boxes.filter((card) => Math.abs(card.y - boxes[0]!.y) < 0.5);
    expect(firstRow.length).toBeGreaterThanOrEqual(2);
    for (const card of firstRow) {
      expect(card.height).toBeCloseTo(firstRow[0]!.height, 0);
    }
    // The descriptions differ in lines, so the cards are equal only because they stretch to their row.
    const shortText = await box(page.getByText(`All about ${short}.`));
    const longText = await box(page.getByText(`All about ${long}.`));
    expect(longText.height).toBeGreaterThan(shortText.height + 10);
    // Each card fills its grid cell: no hole under it.
    for (const card of await cards.all()) {
      const cell = await box(card.locator('xpath=..'));
      expectSameBox(await box(card), cell);
    }
  });

  test("a card's title, author link and carousel dots are 44 px targets on a phone @mobile", async ({
    page,
    request,
  }) => {
    const { author, title } = await twoPhotoActivity(request);
    await openWithPhotos(page, webRoutes.profile(author.member.username), title);
    const card = page.getByRole('article').filter({ hasText: title });
    const targets = [
      card.getByRole('button', { name: title, exact: true }),
      card.getByRole('link', { name: new RegExp(author.member.username) }),
      card.getByRole('button', { name: 'Show 1 of 2' }),
      card.getByRole('button', { name: 'Show 2 of 2' }),
    ];
    for (const target of targets) {
      const { width, height } = await box(target);
      expect(
        width,
        await target.evaluate((element) => element.outerHTML.slice(0, 80)),
      ).toBeGreaterThanOrEqual(44);
      expect(height).toBeGreaterThanOrEqual(44);
    }
  });
});

/** The post page's photo opens the full-size viewer. */
async function openViewer(page: Page, request: APIRequestContext) {
  const { title, id } = await twoPhotoActivity(request);
  await openWithPhotos(page, webRoutes.activity(id), title);
  const opener = page.getByRole('button', { name: /View full size/ });
  await opener.click();
  const viewer = page.getByRole('dialog', { name: title });
  await expect(viewer).toBeVisible();
  const photo = viewer.getByRole('img', { name: `${title}, 1 of 2`, exact: true });
  await expect(photo).toHaveAttribute('src', /activity-media/);
  return { title, opener, viewer, photo };
}

test.describe('Media viewer', () => {
  test('fills a phone screen, swipes, zooms on a double tap, and gives focus back on Escape @mobile', async ({
    page,
    request,
  }) => {
    const { title, opener, viewer, photo } = await openViewer(page, request);
    const screen = page.viewportSize()!;
    await expect.poll(async () => sameBox(await box(viewer), { x: 0, y: 0, ...screen })).toBe(true);
    // One short line of title, not three bold ones.
    const heading = await box(viewer.getByRole('heading', { name: title }));
    expect(heading.height).toBeLessThan(32);

    // The photo fitted to the screen's width, then zoomed where it is tapped twice.
    const fitted = await box(photo);
    expect(fitted.width).toBeCloseTo(screen.width, 0);
    const centre = { x: fitted.x + fitted.width / 2, y: fitted.y + fitted.height / 2 };
    await page.touchscreen.tap(centre.x, centre.y);
    await page.touchscreen.tap(centre.x, centre.y);
    await expect.poll(async () => (await box(photo)).width).toBeGreaterThan(fitted.width * 2);
    await page.touchscreen.tap(centre.x, centre.y);
    await page.touchscreen.tap(centre.x, centre.y);
    await expect.poll(async () => sameBox(await box(photo), fitted)).toBe(true);

    // A swipe moves to the second photo, fitted the same way.
    await swipeToNext(page, fitted, true);
    const second = viewer.getByRole('img', { name: `${title}, 2 of 2`, exact: true });
    await expect(viewer.getByRole('button', { name: 'Show 2 of 2' })).toHaveAttribute('aria-current', 'true');
    await expect.poll(async () => sameBox(await box(second), fitted)).toBe(true);

    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('is a panel on a neutral ground on a desktop, zooms on a double click, and closes on Escape', async ({
    page,
    request,
  }) => {
    const { opener, viewer, photo } = await openViewer(page, request);
    const panel = await box(viewer);
    const screen = page.viewportSize()!;
    expect(panel.width).toBeLessThan(screen.width);
    expect(await viewer.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
      'rgb(17, 17, 17)',
    );
    // The photo's box is the photo (square here), fitted in the panel: nothing paints beside it.
    const fitted = await box(photo);
    expect(fitted.width).toBeCloseTo(fitted.height, 0);
    expectInside(fitted, panel);
    expect(fitted.height).toBeGreaterThan(panel.height * 0.7);

    await photo.dblclick();
    await expect.poll(async () => (await box(photo)).width).toBeGreaterThan(fitted.width * 2);

    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(opener).toBeFocused();
  });
});

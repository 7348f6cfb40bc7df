import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { webRoutes, type ActivityDetail } from '@datebook/contracts';
import { expect, test } from './support/member-test';
import { asMember, type ApiMember } from './support/api-members';
import { logIn, newMember, registerMember } from './support/members';

const uniqueTitle = (what: string) => `${what} ${randomBytes(4).toString('hex')}`;

/** Every photo file the worker wrote (renditions, WebP and JPEG, live under `{userId}/activity-media/`). */
const PHOTO_FILES = /\/activity-media\/[^?]+\.(jpg|webp)(\?|$)/;

/**
 * Holds back every photo file until released, as a slow network does, so the page is seen as it is
 * before its images arrive. The api's answers pass: the preview comes with them.
 */
async function holdPhotos(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(PHOTO_FILES, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Publishes an activity with photos and waits for the worker: ready, each with its ThumbHash. */
async function processedActivity(request: APIRequestContext, author: ApiMember, title: string) {
  const id = await author.publishActivity(title, { photoSize: 400 });
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/activities/${id}`);
        const post = (await response.json()) as ActivityDetail;
        return post.media.length > 0 && post.media.every((m) => m.status === 'ready' && m.thumbhash);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return id;
}

/** The box a photo is drawn in: it holds the preview and, once decoded, the photo (in its `<picture>`). */
const frameOf = (photo: Locator) =>
  photo.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " media-item--frame ")][1]');

const painted = (image: Locator) =>
  image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0);

async function placeholderBeforeThePhoto(page: Page, request: APIRequestContext) {
  const author = await asMember(request, await registerMember(request, newMember('preview')));
  const title = uniqueTitle('Lantern walk');
  const id = await processedActivity(request, author, title);
  const release = await holdPhotos(page);

  await page.goto(webRoutes.activity(id));
  const photo = page.getByRole('img', { name: `${title}, 1 of 1`, exact: true });
  await expect(photo).toBeAttached({ timeout: 15_000 });
  const frame = frameOf(photo);
  const preview = frame.locator('.media-item__preview');
  // The decoded ThumbHash is painted while the photo itself is still on its way.
  await expect(preview).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect.poll(() => painted(preview)).toBe(true);
  expect(await painted(photo)).toBe(false);
  await expect(frame).not.toHaveClass(/media-item--loaded/);
  const reserved = await frame.boundingBox();
  expect(reserved!.width).toBeGreaterThan(200);
  expect(reserved!.height).toBeCloseTo(reserved!.width, 0);
  // The preview's colours are the photo's (the api helper paints it rgb(200, 120, 80)), not a grey.
  const [r, g, b] = await preview.evaluate((element: HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = element.naturalWidth;
    canvas.height = element.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(element, 0, 0);
    return [...context.getImageData(canvas.width >> 1, canvas.height >> 1, 1, 1).data];
  });
  expect(r! - b!).toBeGreaterThan(60);
  expect(g!).toBeGreaterThan(b!);

  release();
  await expect(frame).toHaveClass(/media-item--loaded/);
  expect(await painted(photo)).toBe(true);
  // The photo took the box it was given: nothing moved.
  expect(await frame.boundingBox()).toEqual(reserved);
}

/** Sums the page's layout shifts (not those right after input) from its first paint on. */
function recordLayoutShifts(page: Page) {
  return page.addInitScript(() => {
    const record = window as unknown as { layoutShift: number };
    record.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; hadRecentInput: boolean }
      >) {
        if (!entry.hadRecentInput) {
          record.layoutShift += entry.value;
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function homeLoadsWithoutShifting(page: Page, request: APIRequestContext) {
  const reader = await asMember(request, await registerMember(request, newMember('shift')));
  const author = await asMember(request, await registerMember(request, newMember('author')));
  const titles = [uniqueTitle('Picnic'), uniqueTitle('Night swim'), uniqueTitle('Gallery')];
  await Promise.all(titles.map((title) => processedActivity(request, author, title)));
  await reader.follow(author.member.username);
  await logIn(page, reader.member);

  await recordLayoutShifts(page);
  const release = await holdPhotos(page);
  await page.goto('/?tab=following');
  const following = page.getByRole('list', { name: 'Following' });
  // The top card, whichever of the three the feed lists first.
  const top = following
    .getByRole('article')
    .first()
    .getByRole('img', { name: /, 1 of 1$/ });
  await expect(top).toBeVisible({ timeout: 15_000 });
  // The card shows its preview while the photos are held back.
  await expect.poll(() => painted(frameOf(top).locator('.media-item__preview'))).toBe(true);
  expect(await painted(top)).toBe(false);

  release();
  await expect(frameOf(top)).toHaveClass(/media-item--loaded/);
  // Let the last fades and any late layout settle before reading the sum.
  await page.waitForTimeout(500);
  const shift = await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
  expect(shift).toBeLessThanOrEqual(0.05);
}

test.describe('Media placeholders', () => {
  // Each test waits for the worker to process its photos first.
  test.describe.configure({ timeout: 90_000 });

  test('a photo’s placeholder is painted in its box before the photo arrives', async ({ page, request }) => {
    await placeholderBeforeThePhoto(page, request);
  });

  test('a photo’s placeholder is painted before the photo arrives on a phone @mobile', async ({
    page,
    request,
  }) => {
    await placeholderBeforeThePhoto(page, request);
  });

  test('Home does not shift while its photos load', async ({ page, request }) => {
    await homeLoadsWithoutShifting(page, request);
  });

  test('Home does not shift while its photos load on a phone @mobile', async ({ page, request }) => {
    await homeLoadsWithoutShifting(page, request);
  });
});

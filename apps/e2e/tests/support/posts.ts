import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { pngImage } from './png';

export interface PhotoFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A plain photo of one colour and size: sizes tell the published photos apart. */
export function colourPhoto(
  name: string,
  width: number,
  height: number,
  rgb: [number, number, number],
): PhotoFile {
  return { name, mimeType: 'image/png', buffer: pngImage(width, height, () => [...rgb, 255]) };
}

/** Picks files with the create form's photo picker. */
export async function addPhotos(page: Page, files: PhotoFile[]): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add photos or videos' }).click();
  await (await chooser).setFiles(files);
  await expect(page.getByRole('listitem', { name: `Photo ${files.length}` })).toBeVisible();
}

/** Fills the required details of an activity on /create. */
export async function fillActivityDetails(page: Page, title: string): Promise<void> {
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill(`All about ${title}.`);
  const category = page.getByLabel('Category');
  await expect(category.locator('option')).not.toHaveCount(1);
  await category.selectOption({ index: 1 });
  await page.getByLabel('Budget').selectOption('Free');
  await page.getByLabel('Time required').selectOption('Under 1 hour');
}

/**
 * On the crop step at photo `from` of `of`: skips that photo and the rest, then publishes from the
 * preview and lands on /account.
 */
export async function skipCropsAndPublish(page: Page, from: number, of: number): Promise<void> {
  for (let step = from; step <= of; step += 1) {
    await expect(page.getByText(`Photo ${step} of ${of}`)).toBeVisible();
    await page.getByRole('button', { name: 'Skip' }).click();
  }
  await expect(page.getByRole('heading', { name: 'Preview', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.waitForURL(/\/account$/, { timeout: 30_000 });
}

interface ListedPost {
  id: string;
  title: string;
}

/** The newest post of a kind on a member's profile, as the api lists it to anyone. */
export async function newestPost(
  request: APIRequestContext,
  username: string,
  kind: 'activities' | 'dates',
): Promise<ListedPost> {
  const response = await request.get(`/api/profiles/${username}/${kind}`);
  expect(response.status(), await response.text()).toBe(200);
  const list = (await response.json()) as { items: ListedPost[] };
  const [post] = list.items;
  expect(post).toBeDefined();
  return post!;
}

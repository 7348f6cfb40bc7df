import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { messages } from '@datebook/contracts';

/** Waits until a service worker controls the page, and returns its script's address. */
async function controllingWorker(page: Page): Promise<string> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');
}

test.describe('the installable app', { tag: '@pwa' }, () => {
  test('names a manifest with the install fields and icons that load', async ({ page, request }) => {
    await page.goto('/explore');

    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestHref).toBe('/manifest.webmanifest');
    const manifestResponse = await request.get(manifestHref!);
    expect(manifestResponse.status()).toBe(200);
    expect(manifestResponse.headers()['content-type']).toContain('application/manifest+json');
    expect(manifestResponse.headers()['cache-control']).toBe('no-cache');
    const manifest = (await manifestResponse.json()) as Record<string, unknown> & {
      icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
    };
    expect(manifest).toMatchObject({
      name: 'Datebook',
      short_name: 'Datebook',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#e11d48',
      background_color: '#faf7f8',
    });
    expect(manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose ?? 'any'}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);

    const appleTouchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    for (const src of [...manifest.icons.map((icon) => icon.src), appleTouchIcon!]) {
      const icon = await request.get(src);
      expect(icon.status(), src).toBe(200);
      expect(icon.headers()['content-type'], src).toBe('image/png');
    }
  });

  test('serves the service worker uncached, with the page policy it works under', async ({ request }) => {
    const worker = await request.get('/sw.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['cache-control']).toBe('no-cache');
    expect(worker.headers()['content-security-policy']).toContain("connect-src 'self'");
    expect(worker.headers()['content-security-policy']).toContain("script-src 'self'");
  });

  test('is controlled by the service worker after a reload', async ({ page }) => {
    await page.goto('/explore');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();

    expect(await controllingWorker(page)).toMatch(/\/sw\.js$/);
    await expect(page.getByRole('heading', { name: 'Explore', exact: true })).toBeVisible();
  });

  test('offers the next deploy with Reload and only switches when tapped', async ({ page }) => {
    await page.goto('/explore');
    await controllingWorker(page);

    // The next deploy, as the server sees it: a service worker whose bytes differ, as the precache
    // list of a new build does. Written where the api serves the build from, and put back after.
    // (Playwright's routing never sees the browser's own fetch of the worker script.)
    const distDir = process.env.E2E_WEB_DIST_DIR;
    if (!distDir) {
      throw new Error('E2E_WEB_DIST_DIR must name the web build the api serves (scripts/test.mjs sets it).');
    }
    const workerFile = join(distDir, 'sw.js');
    const currentWorker = await readFile(workerFile, 'utf8');
    try {
      await writeFile(workerFile, `${currentWorker}\n// the next deploy\n`);
      // A reload is when browsers look for a new worker; the page stays on the version it has.
      await page.reload();
      await page.evaluate(() => {
        (window as { beforeUpdate?: boolean }).beforeUpdate = true;
      });

      const prompt = page.getByRole('status').filter({ hasText: messages.connection.newVersion });
      await expect(prompt).toBeVisible();
      // Nothing switches by itself: the new worker waits for the member.
      expect(
        await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null),
      ).toBe(true);

      await prompt.getByRole('button', { name: messages.connection.reload }).click();

      // The page reloaded (the marker is gone) under the new worker, with nothing left waiting.
      await page.waitForFunction(() => !(window as { beforeUpdate?: boolean }).beforeUpdate);
      await expect(page.getByRole('heading', { name: 'Explore', exact: true })).toBeVisible();
      expect(
        await page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return {
            waiting: registration?.waiting ?? null,
            controlled: navigator.serviceWorker.controller !== null,
          };
        }),
      ).toEqual({ waiting: null, controlled: true });
      await expect(page.getByText(messages.connection.newVersion)).toBeHidden();
    } finally {
      await writeFile(workerFile, currentWorker);
    }
  });
});

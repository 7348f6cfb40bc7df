import { expect, test } from './support/member-test';
import type { Page } from '@playwright/test';
import { ACCESS_CODE } from './support/access-code';
import { logIn, newMember, registerMember } from './support/members';
import {
  addPhotos,
  colourPhoto,
  fillActivityDetails,
  newestPost,
  skipCropsAndPublish,
} from './support/posts';
import { FRESH_STATE } from './support/storage-states';

/**
 * Collects every Content-Security-Policy violation the page's documents report, across navigations:
 * the `securitypolicyviolation` events, and Chromium's console lines for what it refused.
 */
async function cspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (violation: string) => violations.push(violation));
  // A string, run in the page before its own scripts: the e2e project has no DOM types.
  await page.addInitScript(`
    document.addEventListener('securitypolicyviolation', (event) => {
      window.reportCspViolation(event.effectiveDirective + ' refused ' + event.blockedURI);
    });
  `);
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) {
      violations.push(message.text());
    }
  });
  return violations;
}

test.describe('security headers', () => {
  test.describe('at the gate', () => {
    test.use({ storageState: FRESH_STATE });

    test('the page comes with its policy, and the gate opens without a violation', async ({ page }) => {
      const violations = await cspViolations(page);
      const response = await page.goto('/explore');
      const headers = response!.headers();
      expect(headers['content-security-policy']).toMatch(/^default-src 'self'; script-src 'self';/);
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'strict-origin',
        'cross-origin-opener-policy': 'same-origin',
      });

      await page.getByLabel('Access code').fill(ACCESS_CODE);
      await page.getByRole('button', { name: 'Enter' }).click();
      await expect(page.getByRole('heading', { name: 'Explore', exact: true })).toBeVisible();
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
      expect(violations).toEqual([]);
    });
  });

  test('a member uploads a photo and sees it processed, live, without a violation', async ({
    page,
    request,
  }) => {
    // Sign-up, a publish and the worker's processing.
    test.slow();
    const violations = await cspViolations(page);
    const member = await registerMember(request, newMember('csp'));
    await logIn(page, member, '/create');

    // The upload goes straight to the object store (connect-src), the draft shows blob: previews.
    await fillActivityDetails(page, 'Rooftop cinema');
    await addPhotos(page, [colourPhoto('cinema.png', 320, 240, [200, 120, 40])]);
    await expect(page.getByRole('listitem', { name: 'Photo 1' }).locator('img')).toHaveJSProperty(
      'complete',
      true,
    );
    await page.getByRole('button', { name: 'Next' }).click();
    await skipCropsAndPublish(page, 1, 1);

    // The processed renditions arrive over the socket (connect-src ws:) and load from the media
    // origin (img-src).
    const activity = await newestPost(request, member.username, 'activities');
    await page.goto(`/activity/${activity.id}`);
    const photo = page.getByRole('img', { name: 'Rooftop cinema, 1 of 1' });
    await expect(photo).toHaveAttribute('src', /activity-media/, { timeout: 30_000 });
    await expect
      .poll(() => photo.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);

    await page.goto('/account');
    await expect(page.getByRole('tab', { name: 'Your Activities' })).toBeVisible();
    await page.goto(`/profile/${member.username}`);
    await expect(
      page.getByRole('list', { name: 'Activities' }).getByRole('button', { name: 'Rooftop cinema' }),
    ).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('the api docs render under their own policy without a violation', async ({ page }) => {
    const violations = await cspViolations(page);
    const response = await page.goto('/api/docs');
    expect(response!.headers()['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    await expect(page.getByRole('heading', { name: /Datebook API/ })).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('api answers carry the headers too, with a policy that allows nothing', async ({ request }) => {
    const response = await request.get('/api/categories');
    expect(response.status()).toBe(200);
    expect(response.headers()).toMatchObject({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
  });
});

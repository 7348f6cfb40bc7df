import { expect, test } from '@playwright/test';

// The member screens of spec section 2's route table.
const memberPaths = [
  '/saved',
  '/saved/posts',
  '/saved/shared',
  '/saved/planned',
  '/plan',
  '/plan/preview',
  '/account',
  '/create',
  '/create/crop',
  '/create/preview',
  '/someone/collections',
  '/someone/collections/Date%20Night',
];

test.describe('member screens', () => {
  for (const path of memberPaths) {
    test(`${path} sends a visitor to log in, remembering the way back`, async ({ page }) => {
      await page.goto(path);

      await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
      const remembered = new URLSearchParams({ redirect: path }).toString();
      await expect(page).toHaveURL(`/login?${remembered}`);
      await expect(page.getByRole('main').getByRole('link', { name: 'Sign up' })).toHaveAttribute(
        'href',
        `/signup?${remembered}`,
      );
    });
  }

  test('home sends a visitor to log in', async ({ page }) => {
    await page.goto('/');

    await expect(page).toHaveURL('/login');
  });

  test('the admin tools send anyone but an admin home, and so a visitor on to log in', async ({ page }) => {
    await page.goto('/admin/post-tests');

    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  });
});

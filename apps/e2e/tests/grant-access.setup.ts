import { expect, test as setup } from '@playwright/test';
import { ACCESS_CODE } from './support/access-code';
import { GRANTED_STATE } from './support/storage-states';

// Every test except the gate's own starts as a browser that already entered the code, the way a
// user does: through the gate's form, checked by the api.
setup('pass the access-code gate', async ({ page }) => {
  await page.goto('/explore');
  await page.getByLabel('Access code').fill(ACCESS_CODE);
  await page.getByRole('button', { name: 'Enter' }).click();
  await expect(page.getByRole('heading', { name: 'Explore', exact: true })).toBeVisible();
  await page.context().storageState({ path: GRANTED_STATE });
});

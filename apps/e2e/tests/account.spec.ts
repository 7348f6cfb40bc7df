import { messages } from '@datebook/contracts';
import { expect, test } from './support/member-test';
import { logIn, newMember, registerMember } from './support/members';
import { pngImage } from './support/png';

test.describe('my account', () => {
  test('edits the display name and bio, which stay saved after a reload', async ({ page, request }) => {
    const member = await registerMember(request, newMember('edit'));
    await logIn(page, member, '/account');

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await dialog.getByLabel('Display name').fill('Ada Lovelace');
    await dialog.getByLabel('Bio').fill('Picnics, museums and long walks.');
    await dialog.getByRole('button', { name: 'Save' }).click();

    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Ada Lovelace', level: 1 })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Ada Lovelace', level: 1 })).toBeVisible();
    await expect(page.getByText('Picnics, museums and long walks.')).toBeVisible();
    await expect(page.getByText(`@${member.username}`)).toBeVisible();
  });

  test('changes the avatar: picks a photo, crops and zooms it, and every tab shows it without a reload', async ({
    page,
    request,
  }) => {
    const member = await registerMember(request, newMember('avatar'));
    await logIn(page, member, '/account');
    await expect(page.getByRole('status').filter({ hasText: messages.loading.profile })).toBeHidden();
    // Another tab of the same browser: only the live socket can tell it about the new photo.
    const otherTab = await page.context().newPage();
    await otherTab.goto('/explore');
    await expect(otherTab.getByRole('button', { name: 'Account menu' })).toBeVisible();

    await page.getByRole('button', { name: 'Change avatar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Profile photo' });
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Choose a new photo' }).click();
    // A landscape photo with a transparent corner: there is room to drag, and white to fill in.
    const photo = pngImage(480, 320, (x, y) => [x % 256, y % 256, 160, x < 60 && y < 60 ? 0 : 255]);
    await (await chooser).setFiles({ name: 'holiday.png', mimeType: 'image/png', buffer: photo });

    const cropArea = dialog.getByRole('group', { name: 'Crop area' });
    await expect(cropArea).toBeVisible();
    const box = (await cropArea.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 20, { steps: 6 });
    await page.mouse.up();
    await dialog.getByLabel('Zoom').fill('1.5');
    await expect(dialog.getByText('1.5×')).toBeVisible();
    await dialog.getByRole('button', { name: 'Accept' }).click();

    await expect(dialog).toBeHidden();
    const headerAvatar = page.getByRole('button', { name: 'Account menu' }).locator('img');
    await expect(headerAvatar).toHaveAttribute('src', /\/avatar-media\//, { timeout: 15_000 });
    await expect(page.getByRole('main').locator('img').first()).toHaveAttribute('src', /\/avatar-media\//);
    await expect(otherTab.getByRole('button', { name: 'Account menu' }).locator('img')).toHaveAttribute(
      'src',
      /\/avatar-media\//,
    );

    await page.getByRole('button', { name: 'Change avatar' }).click();
    await dialog.getByRole('button', { name: 'View photo' }).click();
    await expect(dialog.getByRole('img', { name: 'Your profile photo' })).toHaveJSProperty('complete', true);
  });

  test('refuses a file that is not an image, inside the dialog', async ({ page, request }) => {
    const member = await registerMember(request, newMember('notimage'));
    await logIn(page, member, '/account');

    await page.getByRole('button', { name: 'Change avatar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Profile photo' });
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Choose a new photo' }).click();
    await (
      await chooser
    ).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });

    await expect(dialog.getByRole('alert')).toHaveText('Only image files can be used as an avatar.');
    await expect(dialog).toBeVisible();
  });
});

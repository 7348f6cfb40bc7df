import { messages } from '@datebook/contracts';
import type { Page } from '@playwright/test';
import { expect, test } from './support/member-test';
import { logIn, newMember, registerMember, type Member } from './support/members';
import {
  addPhotos,
  colourPhoto,
  fillActivityDetails,
  newestPost,
  skipCropsAndPublish,
} from './support/posts';

/** Publishes an activity with one photo through the create flow, as `author` signed in on `page`. */
async function publishActivity(page: Page, author: Member, title: string): Promise<string> {
  await logIn(page, author, '/create');
  await fillActivityDetails(page, title);
  await addPhotos(page, [colourPhoto('cover.png', 240, 240, [40, 140, 200])]);
  await page.getByRole('button', { name: 'Next' }).click();
  await skipCropsAndPublish(page, 1, 1);
  return (await newestPost(page.request, author.username, 'activities')).id;
}

/** Logs in on a phone, where the signed-in sign is the bottom bar's You rather than a menu. */

async function makeProfilePrivate(page: Page): Promise<void> {
  await page.goto('/account');
  await page.getByRole('button', { name: 'Settings' }).click();
  const publicProfile = page
    .getByRole('dialog', { name: 'Settings' })
    .getByRole('switch', { name: 'Public profile' });
  await publicProfile.click();
  await expect(publicProfile).not.toBeChecked();
  await expect(publicProfile).toBeEnabled();
}

test.describe('collections and saves', () => {
  test('saves from a post page and from a card, then sorts the post into a collection that is renamed, given a cover and deleted', async ({
    page,
    otherPage: authorPage,
    request,
  }) => {
    test.slow();
    const author = await registerMember(request, newMember('saveauthor'));
    const saver = await registerMember(request, newMember('saver'));
    const id = await publishActivity(authorPage, author, 'Rooftop cinema');

    // Saved from the post's page: the bookmark turns on once the api has stored it.
    await logIn(page, saver, `/activity/${id}`);
    await expect(page.getByRole('heading', { name: 'Rooftop cinema', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Saved', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // On Saved Posts, its card unsaves and saves again.
    await page.goto('/saved/posts');
    const cards = page.getByRole('list', { name: 'Saved Posts' });
    const card = cards.getByRole('listitem').filter({ hasText: 'Rooftop cinema' });
    const bookmark = card.getByRole('button', { name: 'Save' });
    await expect(bookmark).toHaveAttribute('aria-pressed', 'true');
    await bookmark.click();
    await expect(bookmark).toHaveAttribute('aria-pressed', 'false');
    await bookmark.click();
    await expect(bookmark).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(card).toBeVisible();

    // A new collection from Your Lists.
    await page.goto('/saved');
    await page.getByRole('button', { name: 'Create a Collection' }).click();
    const create = page.getByRole('dialog', { name: 'Create a Collection' });
    await create.getByLabel('Collection name').fill('saved');
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(create.getByText(messages.collections.invalidName)).toBeVisible();
    await create.getByLabel('Collection name').fill('  Weekend ideas ');
    await expect(create.getByText(messages.collections.invalidName)).toBeHidden();
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(create).toBeHidden();
    const preview = page.getByRole('list', { name: 'Collections' });
    await expect(preview.getByRole('link')).toHaveCount(2);
    await expect(preview.getByRole('link', { name: /Weekend ideas/ })).toContainText('0 posts');

    // The post goes into it through the dialog; the default collection stays ticked.
    await page.goto(`/activity/${id}`);
    await page.getByRole('button', { name: 'Add to collection' }).click();
    const choose = page.getByRole('dialog', { name: 'Add to collection' });
    await expect(choose.getByLabel('Saved')).toBeChecked();
    await choose.getByLabel('Weekend ideas').check();
    await expect(choose.getByLabel('Saved')).toBeChecked();
    await choose.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(choose).toBeHidden();
    await page.getByRole('button', { name: 'Add to collection' }).click();
    await expect(choose.getByLabel('Weekend ideas')).toBeChecked();
    await expect(choose.getByLabel('Saved')).toBeChecked();
    await choose.getByRole('button', { name: 'Cancel' }).click();

    // Its page lists the post; renaming moves the page to the new name.
    await page.goto(`/${saver.username}/collections`);
    await page.getByRole('link', { name: /Weekend ideas/ }).click();
    await expect(page).toHaveURL(new RegExp(`/${saver.username}/collections/Weekend%20ideas$`));
    await expect(
      page.getByRole('list', { name: 'Weekend ideas' }).getByRole('link', { name: 'Rooftop cinema' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Edit collection' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Collection' });
    await expect(edit.getByRole('button', { name: 'Save' })).toBeDisabled();
    await edit.getByLabel('Title').fill('Weekend plans');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(new RegExp(`/${saver.username}/collections/Weekend%20plans$`));
    await expect(page.getByRole('heading', { name: 'Weekend plans', level: 1 })).toBeVisible();

    // A cover photo: a new photo enables Save, and the tile shows the worker's square rendition of it
    // (not the post's photo it showed before) once the live update says it is ready.
    await page.getByRole('button', { name: 'Edit collection' }).click();
    const chooser = page.waitForEvent('filechooser');
    await edit.getByRole('button', { name: 'Choose a cover photo' }).click();
    await (await chooser).setFiles(colourPhoto('cover.png', 320, 200, [220, 90, 40]));
    await expect(edit.getByRole('img', { name: 'New cover photo' })).toBeVisible();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await page.goto(`/${saver.username}/collections`);
    const tile = page
      .getByRole('list', { name: 'Your collections' })
      .getByRole('link', { name: /Weekend plans/ });
    await expect(tile.locator('img')).toHaveAttribute('src', /\/collection-media\/[^?]+-640\.jpg/, {
      timeout: 30_000,
    });
    await expect(tile).not.toContainText('Processing');
    await tile.click();
    await expect(page.getByRole('heading', { name: 'Weekend plans', level: 1 })).toBeVisible();

    // Deleting asks first, then goes back to the list, where only the default is left.
    await page.getByRole('button', { name: 'Edit collection' }).click();
    await edit.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete collection?' });
    await expect(confirm.getByText(messages.collections.confirmDelete)).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(new RegExp(`/${saver.username}/collections$`));
    const all = page.getByRole('list', { name: 'Your collections' });
    await expect(all.getByRole('link')).toHaveCount(1);
    await expect(all.getByRole('link', { name: /Saved/ })).toContainText('1 post');
  });

  test('a saved post leaves the saved lists when its author turns private', async ({
    page,
    otherPage: authorPage,
    request,
  }) => {
    test.slow();
    const author = await registerMember(request, newMember('turnsprivate'));
    const saver = await registerMember(request, newMember('keeper'));
    const id = await publishActivity(authorPage, author, 'Harbour swim');

    await logIn(page, saver, `/activity/${id}`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Saved', exact: true })).toBeVisible();
    await page.goto(`/${saver.username}/collections/Saved`);
    await expect(
      page.getByRole('list', { name: 'Saved' }).getByRole('link', { name: 'Harbour swim' }),
    ).toBeVisible();

    await makeProfilePrivate(authorPage);

    await page.reload();
    await expect(page.getByText(messages.empty.collectionPosts)).toBeVisible();
    await page.goto('/saved/posts');
    await expect(page.getByText(messages.empty.savedPosts)).toBeVisible();
    await page.goto(`/${saver.username}/collections`);
    await expect(
      page.getByRole('list', { name: 'Your collections' }).getByRole('link', { name: /Saved/ }),
    ).toContainText('0 posts');
  });

  test('a new member sees the empty states, on a phone', { tag: '@mobile' }, async ({ page, request }) => {
    const member = await registerMember(request, newMember('emptylists'));
    await logIn(page, member, '/saved');

    await expect(page.getByRole('heading', { name: 'Your Lists', level: 1 })).toBeVisible();
    await expect(
      page.getByText('Manage your collections, shared posts, and planned activities'),
    ).toBeVisible();
    const preview = page.getByRole('list', { name: 'Collections' }).getByRole('link');
    await expect(preview).toHaveCount(1);
    await expect(preview).toContainText('Saved');
    await expect(preview).toContainText('0 posts');
    await expect(page.getByText(messages.empty.plannedDates)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Plan a Date' })).toHaveAttribute('href', '/plan');

    await page.getByRole('link', { name: 'View All >' }).click();
    await expect(page).toHaveURL(new RegExp(`/${member.username}/collections$`));
    await expect(page.getByRole('list', { name: 'Your collections' })).toBeVisible();
    await page.getByRole('list', { name: 'Your collections' }).getByRole('link', { name: /Saved/ }).click();
    await expect(page.getByText(messages.empty.collectionPosts)).toBeVisible();

    await page.goto('/saved/posts');
    await expect(page.getByText(messages.empty.savedPosts)).toBeVisible();

    // Another member's collection URL shows one's own; a name one has no collection of is not found.
    await page.goto('/someone_else/collections/Saved');
    await expect(page).toHaveURL(new RegExp(`/${member.username}/collections/Saved$`));
    await page.goto(`/${member.username}/collections/Nothing%20here`);
    await expect(page.getByText(messages.collections.notFoundDot)).toBeVisible();
  });
});

import { expect, test } from './support/member-test';
import { messages } from '@datebook/contracts';
import { pauseMediaQueue } from './support/media-queue';
import { logIn, newMember, registerMember } from './support/members';
import { testPatternVideo } from './support/videos';
import {
  addPhotos,
  colourPhoto,
  fillActivityDetails,
  newestPost,
  skipCropsAndPublish,
} from './support/posts';

interface MediaItem {
  status: string;
  width: number | null;
  height: number | null;
}

test.describe('posts', () => {
  test('publishes an activity with two photos, reordered and cropped, and a private date linked to it; edits and deletes them', async ({
    page,
    otherPage,
    request,
  }) => {
    // Two posts through every step, and the worker processing their photos in the background.
    test.setTimeout(120_000);
    const member = await registerMember(request, newMember('poster'));
    await logIn(page, member, '/create');

    await fillActivityDetails(page, 'Sunset picnic');
    await page.getByRole('textbox', { name: 'Tags' }).fill('picnic, sunset, Picnic');
    await page.getByRole('textbox', { name: 'Tags' }).press('Enter');
    await expect(page.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveCount(2);
    // A landscape photo, then a portrait one: their sizes show the published order.
    await addPhotos(page, [
      colourPhoto('landscape.png', 300, 200, [220, 40, 40]),
      colourPhoto('portrait.png', 200, 300, [40, 40, 220]),
    ]);

    // The draft, photos included, survives a reload.
    await page.reload();
    await expect(page.getByLabel('Title')).toHaveValue('Sunset picnic');
    await expect(page.getByRole('listitem', { name: 'Photo 2' })).toBeVisible();

    // Drag the portrait photo in front of the landscape one: it becomes the cover.
    // The mouse works in the viewport: bring the photos into it before measuring them.
    await page.getByRole('listitem', { name: 'Photo 2' }).scrollIntoViewIfNeeded();
    const portraitSrc = await page
      .getByRole('listitem', { name: 'Photo 2' })
      .locator('img')
      .getAttribute('src');
    const second = (await page.getByRole('listitem', { name: 'Photo 2' }).boundingBox())!;
    const first = (await page.getByRole('listitem', { name: 'Photo 1' }).boundingBox())!;
    await page.mouse.move(second.x + second.width / 2, second.y + second.height / 3);
    await page.mouse.down();
    await page.mouse.move(first.x + first.width / 2, first.y + first.height / 3, { steps: 8 });
    await page.mouse.up();
    await expect(page.getByRole('listitem', { name: 'Photo 1' }).locator('img')).toHaveAttribute(
      'src',
      portraitSrc!,
    );
    await expect(page.getByRole('listitem', { name: 'Photo 1' }).getByText('Cover')).toBeVisible();

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Photo 1 of 2')).toBeVisible();
    await page.getByLabel('Zoom').fill('1.5');
    await page.getByRole('button', { name: 'Save' }).click();
    await skipCropsAndPublish(page, 2, 2);

    const activity = await newestPost(request, member.username, 'activities');
    expect(activity.title).toBe('Sunset picnic');
    // Cropped square first (the portrait, moved to the front), the landscape one as it was.
    await expect
      .poll(
        async () => {
          const detail = (await (await request.get(`/api/activities/${activity.id}`)).json()) as {
            media: MediaItem[];
          };
          return detail.media.map((item) => item.status === 'ready' && item.width! >= item.height!);
        },
        { timeout: 30_000 },
      )
      .toEqual([true, true]);
    const detail = (await (await request.get(`/api/activities/${activity.id}`)).json()) as {
      media: MediaItem[];
    };
    expect(detail.media[0]!.width).toBe(detail.media[0]!.height);
    expect(detail.media[1]!.width).toBeGreaterThan(detail.media[1]!.height!);

    await page.goto(`/activity/${activity.id}`);
    await expect(page.getByRole('heading', { name: 'Sunset picnic', level: 1 })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Sunset picnic, 1 of 2' })).toHaveAttribute(
      'src',
      /activity-media/,
    );
    await page.getByRole('button', { name: 'Next photo' }).click();
    await expect(page.getByRole('img', { name: 'Sunset picnic, 2 of 2' })).toBeVisible();

    // A private date that links the activity.
    await page.goto('/create');
    await page.getByRole('radio', { name: 'Date' }).check();
    await page.getByLabel('Title').fill('Picnic date');
    await page.getByLabel('Description').fill('We went up the hill.');
    await page.getByLabel('Sunset picnic').check();
    await page.getByLabel('Private Post').check();
    await addPhotos(page, [colourPhoto('date.png', 240, 240, [40, 160, 40])]);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Photo 1 of 1')).toBeVisible();
    await page.getByRole('button', { name: 'Skip' }).click();
    // A double click on Publish publishes once.
    const published = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/dates',
    );
    await page.getByRole('button', { name: 'Publish' }).dblclick();
    await page.waitForURL(/\/account$/, { timeout: 30_000 });
    const dateUrl = `/date/${((await (await published).json()) as { id: string }).id}`;

    // The activity's page lists it among its connected dates, marked private, with no page to open:
    // /date/{id} of a private date is not found, for its owner as for anyone else.
    await page.goto(`/activity/${activity.id}`);
    const connected = page.getByRole('list', { name: 'Connected dates' });
    await expect(connected.getByText('Picnic date')).toBeVisible();
    await expect(connected.getByText('Private Post')).toBeVisible();
    await expect(connected.getByRole('link', { name: 'Picnic date' })).toHaveCount(0);
    await page.goto(dateUrl);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await otherPage.goto(dateUrl);
    await expect(otherPage.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    // On the profile, the owner's Dates tab lists it as private and does not open it; others never see it.
    await page.goto(`/profile/${member.username}`);
    await page.getByRole('tab', { name: 'Dates' }).click();
    const ownDates = page.getByRole('list', { name: 'Dates' });
    await expect(ownDates.getByText('Private Post')).toBeVisible();
    await expect(ownDates.getByRole('heading', { name: 'Picnic date' })).toBeVisible();
    await expect(ownDates.getByRole('button', { name: 'Picnic date' })).toHaveCount(0);
    await otherPage.goto(`/profile/${member.username}`);
    await expect(
      otherPage.getByRole('list', { name: 'Activities' }).getByRole('button', { name: 'Sunset picnic' }),
    ).toBeVisible();
    await otherPage.getByRole('tab', { name: 'Dates' }).click();
    await expect(otherPage.getByText(messages.empty.userPosts)).toBeVisible();

    // The account's 'Your Dates' holds it once and opens it in a popup, where the owner edits and
    // deletes it; the grid follows both.
    await page.goto('/account');
    await page.getByRole('tab', { name: 'Your Dates' }).click();
    const yourDates = page.getByRole('list', { name: 'Your Dates' });
    await expect(yourDates.getByRole('listitem')).toHaveCount(1);
    await yourDates.getByRole('button', { name: 'Picnic date' }).click();
    const popup = page.getByRole('dialog', { name: 'Date', exact: true });
    await expect(popup.getByRole('heading', { name: 'Picnic date', level: 2 })).toBeVisible();
    await expect(popup.getByText('Private Post', { exact: true })).toBeVisible();
    await expect(
      popup.getByRole('list', { name: 'Linked activities' }).getByRole('link', { name: 'Sunset picnic' }),
    ).toBeVisible();
    await popup.getByRole('button', { name: 'Edit' }).click();
    const editDate = page.getByRole('dialog', { name: 'Edit Date' });
    await editDate.getByLabel('Title').fill('Picnic date on the hill');
    await editDate.getByRole('button', { name: 'Save' }).click();
    await expect(editDate).toBeHidden();
    await expect(popup.getByRole('heading', { name: 'Picnic date on the hill', level: 2 })).toBeVisible();
    await expect(yourDates.getByRole('button', { name: 'Picnic date on the hill' })).toBeAttached();
    await popup.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this date?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(popup).toBeHidden();
    await expect(page.getByText(messages.empty.dates)).toBeVisible();

    // Edit the activity, then delete it.
    await page.goto(`/activity/${activity.id}`);
    await page.getByRole('button', { name: 'Edit' }).click();
    const editActivity = page.getByRole('dialog', { name: 'Edit Activity' });
    await editActivity.getByLabel('Title').fill('Sunset picnic on the hill');
    await editActivity.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { name: 'Sunset picnic on the hill', level: 1 })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sunset picnic on the hill', level: 1 })).toBeVisible();
    // The account's 'Your Activities' tab lists it under its new title.
    await page.goto('/account');
    await expect(page.getByRole('tab', { name: 'Your Activities' })).toBeVisible();
    await expect(page.getByText('Sunset picnic on the hill')).toBeVisible();
    await page.goto(`/activity/${activity.id}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this activity?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.waitForURL(/\/account$/);
    await expect(page.getByText(messages.empty.activities)).toBeVisible();
    await page.goto(`/activity/${activity.id}`);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('another member likes and comments; both are kept', async ({ page, otherPage, request }) => {
    // Two members and a published post before the likes and comments.
    test.slow();
    const author = await registerMember(request, newMember('author'));
    const fan = await registerMember(request, newMember('fan'));
    await logIn(page, author, '/create');
    await fillActivityDetails(page, 'Museum night');
    await addPhotos(page, [colourPhoto('museum.png', 200, 200, [120, 80, 200])]);
    await page.getByRole('button', { name: 'Next' }).click();
    await skipCropsAndPublish(page, 1, 1);
    const activity = await newestPost(request, author.username, 'activities');

    // A visitor sees the author's public profile and its Activities, without the members' buttons.
    await otherPage.goto(`/profile/${author.username}`);
    const visitorCards = otherPage.getByRole('list', { name: 'Activities' });
    await expect(visitorCards.getByRole('button', { name: 'Museum night' })).toBeVisible();
    await expect(visitorCards.getByRole('button', { name: /^Like/ })).toHaveCount(0);

    // The fan likes it from its card; the post's page shows the like afterwards.
    await logIn(otherPage, fan, `/profile/${author.username}`);
    const card = otherPage
      .getByRole('list', { name: 'Activities' })
      .getByRole('listitem')
      .filter({ hasText: 'Museum night' });
    await card.getByRole('button', { name: 'Like, 0 likes' }).click();
    await expect(card.getByRole('button', { name: 'Like, 1 like' })).toHaveAttribute('aria-pressed', 'true');
    await otherPage.goto(`/activity/${activity.id}`);
    await expect(otherPage.getByRole('heading', { name: 'Museum night', level: 1 })).toBeVisible();
    const like = otherPage.getByRole('button', { name: /^Like/ });
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(like).toContainText('1 like');
    // Unliking and liking again on the page keeps one like.
    await like.click();
    await expect(like).toContainText('0 likes');
    await like.click();
    await expect(like).toContainText('1 like');

    await otherPage.getByLabel('Add a comment').fill('Looks wonderful!');
    await otherPage.getByRole('button', { name: 'Post comment' }).click();
    await expect(otherPage.getByText('Looks wonderful!')).toBeVisible();
    await expect(otherPage.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();

    await otherPage.reload();
    await expect(otherPage.getByRole('button', { name: /^Like/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(otherPage.getByText('Looks wonderful!')).toBeVisible();

    // The author sees the like and the comment too.
    await page.goto(`/activity/${activity.id}`);
    await expect(page.getByRole('button', { name: /^Like/ })).toContainText('1 like');
    await expect(page.getByText('Looks wonderful!')).toBeVisible();
  });

  test('the owner sees a photo turn from processing to ready on every open page, without reloading', async ({
    page,
    context,
    request,
  }) => {
    test.slow();
    const member = await registerMember(request, newMember('live'));
    await logIn(page, member, '/create');
    await fillActivityDetails(page, 'Lantern walk');
    await addPhotos(page, [colourPhoto('lantern.png', 200, 200, [250, 200, 40])]);
    await page.getByRole('button', { name: 'Next' }).click();

    // The worker takes the photo only once both pages show it processing.
    const postPage = await context.newPage();
    const resume = await pauseMediaQueue();
    try {
      await skipCropsAndPublish(page, 1, 1);
      const activity = await newestPost(request, member.username, 'activities');
      await expect(page.getByRole('img', { name: 'Lantern walk: processing' })).toBeVisible();
      await postPage.goto(`/activity/${activity.id}`);
      await expect(postPage.getByRole('img', { name: 'Lantern walk, 1 of 1: processing' })).toBeVisible();
    } finally {
      await resume();
    }

    // The owner's pages do not poll: the socket's media.status brings the renditions.
    await expect(page.getByRole('img', { name: 'Lantern walk', exact: true })).toHaveAttribute(
      'src',
      /activity-media/,
      { timeout: 30_000 },
    );
    await expect(postPage.getByRole('img', { name: 'Lantern walk, 1 of 1', exact: true })).toHaveAttribute(
      'src',
      /activity-media/,
    );
  });

  test('publishes a photo and a video; the video plays in the viewer from its processed copy, over its poster', async ({
    page,
    request,
  }) => {
    test.slow();
    const member = await registerMember(request, newMember('video'));
    await logIn(page, member, '/create');
    await fillActivityDetails(page, 'Kite festival');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Add photos or videos' }).click();
    await (
      await chooser
    ).setFiles([colourPhoto('kite.png', 200, 200, [240, 120, 20]), testPatternVideo('kites.webm')]);
    await expect(
      page.getByRole('list', { name: 'Chosen photos and videos' }).getByRole('listitem'),
    ).toHaveCount(2);
    await page.getByRole('button', { name: 'Next' }).click();
    await skipCropsAndPublish(page, 1, 1);
    const activity = await newestPost(request, member.username, 'activities');

    await page.goto(`/activity/${activity.id}`);
    await page.getByRole('button', { name: 'Next photo' }).click();
    // On the page the video shows its poster frame, a JPEG the worker made (a presigned URL of it).
    const poster = page.getByRole('img', { name: 'Kite festival, 2 of 2', exact: true });
    await expect(poster).toHaveAttribute('src', /activity-media\/.+\.jpg\?X-Amz-/, { timeout: 30_000 });
    await page.getByRole('button', { name: /View full size/ }).click();
    const video = page.getByRole('dialog', { name: 'Kite festival' }).locator('video');
    await expect(video).toHaveAttribute('src', /activity-media\/.+\.webm\?X-Amz-/);
    expect(await video.getAttribute('src')).not.toContain('kites.webm');
    await expect
      .poll(() => video.evaluate((element) => (element as unknown as { duration: number }).duration), {
        timeout: 15_000,
      })
      .toBeGreaterThan(1.5);
  });
});

import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { messages, type Session } from '@datebook/contracts';
import { asMember } from './support/api-members';
import { seedPreparedPlan } from './support/api-plans';
import { expect, test } from './support/member-test';
import { logIn, newMember, registerMember, type Member } from './support/members';
import { addPhotos, colourPhoto, fillActivityDetails } from './support/posts';

type Box = { x: number; y: number; width: number; height: number };

const box = async (locator: Locator): Promise<Box> => {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
};

/** The page's width without a scrollbar: what "centred" is measured against. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.clientWidth);

/** As much room left of the box as right of it, to within 2 px. */
async function expectCentred(page: Page, locator: Locator) {
  const { x, width } = await box(locator);
  expect(Math.abs(x - ((await pageWidth(page)) - x - width))).toBeLessThanOrEqual(2);
}

/** `right` starts to the right of where `left` ends, and the two share some height. */
function expectSideBySide(left: Box, right: Box) {
  expect(right.x).toBeGreaterThanOrEqual(left.x + left.width);
  expect(right.y).toBeLessThan(left.y + left.height);
  expect(left.y).toBeLessThan(right.y + right.height);
}

const heading1 = (page: Page) => page.locator('main h1');

/** On /create: an activity's details and three photos of different colours. */
async function startActivity(page: Page) {
  await fillActivityDetails(page, 'Sunset picnic');
  await addPhotos(page, [
    colourPhoto('red.png', 240, 240, [220, 40, 40]),
    colourPhoto('green.png', 240, 240, [40, 160, 40]),
    colourPhoto('blue.png', 240, 240, [40, 40, 220]),
  ]);
}

const photoTile = (page: Page, position: number) =>
  page.getByRole('list', { name: 'Chosen photos and videos' }).getByRole('listitem', {
    name: `Photo ${position}`,
    exact: true,
  });

async function shareToken(request: APIRequestContext, owner: Member, planId: string): Promise<string> {
  const signIn = await request.post('/api/auth/token', {
    data: { email: owner.email, password: owner.password },
  });
  const { accessToken } = (await signIn.json()) as Session;
  const link = await request.get(`/api/plans/${planId}/share-link`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(link.status(), await link.text()).toBe(200);
  return ((await link.json()) as { token: string }).token;
}

/** A prepared plan with a scheduled row and an idea, opened by its owner, who has two activities. */
async function openSeededPlan(page: Page, request: APIRequestContext) {
  const owner = await registerMember(request, newMember('layout'));
  const api = await asMember(request, owner);
  await api.publishActivity('Sunset picnic');
  await api.publishActivity('Museum night');
  const plan = await seedPreparedPlan(request, owner, {
    title: 'Anniversary',
    date: '2026-12-05',
    rows: [
      { details: 'Dinner at Luigi’s', beginsAt: '2026-12-05T19:00:00Z', endsAt: '2026-12-05T21:00:00Z' },
      { details: 'Walk by the river' },
    ],
  });
  await logIn(page, owner, `/plan?id=${plan.id}`);
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Anniversary');
  return { owner, planId: plan.id };
}

test.describe('screens that use the width they get', () => {
  test('create, crop and preview: centred, the step beside its card, actions in reach and in line; focus follows', async ({
    page,
    request,
  }) => {
    test.slow();
    const member = await registerMember(request, newMember('layout'));
    await logIn(page, member, '/create');
    await startActivity(page);

    // The form beside the card it makes, the pair centred; Next in view though the form is longer.
    const layout = page.locator('.create-layout');
    const form = await box(page.locator('form.create-form'));
    expectSideBySide(form, await box(page.locator('.draft-card-preview')));
    await expectCentred(page, layout);
    await page.evaluate(() => window.scrollTo(0, 0));
    const viewport = page.viewportSize()!;
    expect(form.height).toBeGreaterThan(viewport.height);
    const next = await box(page.getByRole('button', { name: 'Next', exact: true }));
    expect(next.y + next.height).toBeLessThanOrEqual(viewport.height);

    // Reordering keeps focus on the moved photo's buttons, by keyboard and by click, and says so.
    const blue = await photoTile(page, 3).locator('img').getAttribute('src');
    await page.getByRole('button', { name: 'Move Photo 3 earlier' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Move Photo 2 earlier' })).toBeFocused();
    await expect(photoTile(page, 2).locator('img')).toHaveAttribute('src', blue!);
    await expect(page.getByText('Photo moved to position 2 of 3.')).toBeAttached();
    await page.getByRole('button', { name: 'Move Photo 2 earlier' }).click();
    await expect(page.getByRole('button', { name: 'Move Photo 1 later' })).toBeFocused();
    await expect(photoTile(page, 1).locator('img')).toHaveAttribute('src', blue!);
    await expect(page.getByText('Photo moved to position 1 of 3. It is the cover now.')).toBeAttached();

    // Crop: its heading takes focus; Skip and Save span exactly the crop's width, under it.
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(heading1(page)).toHaveText('Crop Photos');
    await expect(heading1(page)).toBeFocused();
    const stage = await box(page.getByRole('group', { name: 'Crop area' }));
    const skip = await box(page.getByRole('button', { name: 'Skip' }));
    const save = await box(page.getByRole('button', { name: 'Save' }));
    expect(Math.abs(skip.x - stage.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(save.x + save.width - (stage.x + stage.width))).toBeLessThanOrEqual(1);
    expect(skip.y).toBeGreaterThan(stage.y + stage.height);
    expectSideBySide(await box(page.locator('.crop-step')), await box(page.locator('.draft-card-preview')));
    await expectCentred(page, layout);
    for (const step of [1, 2, 3]) {
      await expect(page.getByRole('heading', { name: `Photo ${step} of 3` })).toBeVisible();
      await page.getByRole('button', { name: 'Skip' }).click();
    }

    // Preview: its heading takes focus; the photos beside the details; every action on one line.
    await expect(heading1(page)).toHaveText('Preview');
    await expect(heading1(page)).toBeFocused();
    await expectCentred(page, page.locator('.create-preview'));
    expectSideBySide(
      await box(page.locator('.preview-media')),
      await box(page.locator('.create-preview__details')),
    );
    const publish = await box(page.getByRole('button', { name: 'Publish' }));
    for (const name of ['Re-crop', 'Edit Photos', 'Edit Details']) {
      const sibling = await box(page.getByRole('button', { name }));
      expect(Math.abs(sibling.y - publish.y)).toBeLessThanOrEqual(1);
      expect(sibling.x).toBeLessThan(publish.x);
    }

    // After Publish, /account's heading (the member's name) has the focus.
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.waitForURL(/\/account$/, { timeout: 30_000 });
    await expect(
      page.getByRole('region', { name: 'Profile' }).getByRole('heading', { level: 1 }),
    ).toBeFocused();
  });

  test('the plan editor, preview and shared plan: centred, the timeline beside the people; the picker fills its dialog', async ({
    page,
    request,
    browser,
  }) => {
    test.slow();
    const { owner, planId } = await openSeededPlan(page, request);

    await expectCentred(page, page.locator('.page'));
    const main = await box(page.locator('.plan-layout__main'));
    expectSideBySide(main, await box(page.getByRole('region', { name: 'Collaborators' })));
    expect((await box(page.getByRole('region', { name: 'Timeline' }))).x).toBeCloseTo(main.x, 0);

    await page.getByRole('button', { name: messages.plans.actions.addActivity }).click();
    const picker = page.getByRole('dialog', { name: messages.plans.actions.addActivity });
    const grid = picker.getByRole('list', { name: 'Activities' });
    await expect(grid.getByRole('listitem')).toHaveCount(2);
    const dialog = await box(picker);
    expect((await box(grid)).width).toBeGreaterThanOrEqual(0.8 * dialog.width);
    // Two activities side by side, not one under the other.
    const [first, second] = [
      await box(grid.getByRole('listitem').first()),
      await box(grid.getByRole('listitem').last()),
    ];
    expectSideBySide(first, second);
    for (const name of ['Your activities', 'Saved', 'Search', 'Custom']) {
      const tab = await box(picker.getByRole('tab', { name }));
      expect(tab.x + tab.width).toBeLessThanOrEqual(dialog.x + dialog.width);
    }
    await picker.getByRole('button', { name: 'Close' }).click();

    await page.goto(`/plan/preview?id=${planId}`);
    await expect(page.getByText('Prepared', { exact: true })).toBeVisible();
    await expectCentred(page, page.locator('.page'));

    const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    try {
      const shared = await visitor.newPage();
      await shared.setViewportSize(page.viewportSize()!);
      await shared.goto(`/plan/shared/${owner.username}/${await shareToken(request, owner, planId)}`);
      await expect(shared.getByRole('heading', { name: 'Anniversary', level: 1 })).toBeVisible();
      await expectCentred(shared, shared.locator('.page'));
      expectSideBySide(
        await box(shared.getByRole('region', { name: 'Timeline' })),
        await box(shared.getByRole('region', { name: 'Additional ideas' })),
      );
    } finally {
      await visitor.close();
    }
  });

  test('on a phone: one column, Next and Publish kept above the bottom bar without covering the end @mobile', async ({
    page,
    request,
  }) => {
    test.slow();
    const member = await registerMember(request, newMember('layout'));
    await logIn(page, member, '/create');
    await startActivity(page);
    await expect(page.locator('.draft-card-preview')).toBeHidden();

    const viewport = page.viewportSize()!;
    const bar = await box(page.getByRole('navigation', { name: 'Bottom navigation' }));
    expect(bar.y + bar.height).toBeCloseTo(viewport.height, 0);
    const nextButton = page.getByRole('button', { name: 'Next', exact: true });
    await page.evaluate(() => window.scrollTo(0, 0));
    const next = await box(nextButton);
    expect(next.y + next.height).toBeLessThanOrEqual(bar.y);
    expect(next.y).toBeGreaterThan(viewport.height / 2);
    // At the end of the form it sits below the last control, covering none of it.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const addPhotosButton = await box(page.getByRole('button', { name: 'Add photos or videos' }));
    expect((await box(nextButton)).y).toBeGreaterThanOrEqual(addPhotosButton.y + addPhotosButton.height);

    await nextButton.click();
    await expect(heading1(page)).toBeFocused();
    for (const step of [1, 2, 3]) {
      await expect(page.getByRole('heading', { name: `Photo ${step} of 3` })).toBeVisible();
      await page.getByRole('button', { name: 'Skip' }).click();
    }
    await expect(heading1(page)).toHaveText('Preview');
    await page.evaluate(() => window.scrollTo(0, 0));
    const publish = await box(page.getByRole('button', { name: 'Publish' }));
    expect(publish.y + publish.height).toBeLessThanOrEqual(bar.y);
    expect(publish.y).toBeGreaterThan(viewport.height / 2);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const editDetails = await box(page.getByRole('button', { name: 'Edit Details' }));
    expect((await box(page.getByRole('button', { name: 'Publish' }))).y).toBeGreaterThanOrEqual(
      editDetails.y + editDetails.height,
    );
  });

  test('on a phone the Add Activity picker is as wide as the screen, two activities across @mobile', async ({
    page,
    request,
  }) => {
    await openSeededPlan(page, request);
    await page.getByRole('button', { name: messages.plans.actions.addActivity }).click();
    const picker = page.getByRole('dialog', { name: messages.plans.actions.addActivity });
    const grid = picker.getByRole('list', { name: 'Activities' });
    await expect(grid.getByRole('listitem')).toHaveCount(2);
    expect((await box(picker)).width).toBeCloseTo(page.viewportSize()!.width, 0);
    expectSideBySide(
      await box(grid.getByRole('listitem').first()),
      await box(grid.getByRole('listitem').last()),
    );
  });
});

import {
  messages,
  PLAN_SHARE_TOKEN_PATTERN,
  planLiveMessages,
  planMessages,
  planShareMessages,
} from '@datebook/contracts';
import type { Page } from '@playwright/test';
import { asMember } from './support/api-members';
import { seedPreparedPlan } from './support/api-plans';
import { expect, test } from './support/member-test';
import { logIn, newMember, registerMember, type Member } from './support/members';
import { colourPhoto } from './support/posts';

/** Starts a draft on /plan and answers its id, read from the address the editor moves to. */
async function startPlan(page: Page, title: string, date: string): Promise<string> {
  await page.goto('/plan');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Date').fill(date);
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await page.waitForURL(/\/plan\?id=\d+$/);
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();
  return new URL(page.url()).searchParams.get('id')!;
}

async function invite(page: Page, member: Member): Promise<void> {
  await page.getByRole('button', { name: messages.plans.actions.invite }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite collaborators' });
  await dialog.getByLabel(new RegExp(`@${member.username}\\)`)).check();
  await dialog.getByRole('button', { name: 'Send Invite' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('list', { name: 'Collaborators' }).getByText(`@${member.username}`),
  ).toBeVisible();
}

const timeline = (page: Page) => page.getByRole('list', { name: 'Timeline' });
const MORE_ACTIONS = 'More plan actions';

test.describe('planning a date together', () => {
  test('two members plan live, share the plan and publish one Date both see', async ({
    page,
    request,
    otherPage: friendPage,
    browser,
  }) => {
    // Two members, a visitor and a publish in one journey: ~28 s alone, past 30 s beside another test.
    test.slow();
    const owner = await registerMember(request, newMember('planner'));
    const friend = await registerMember(request, newMember('planmate'));
    const ownerApi = await asMember(request, owner);
    await ownerApi.follow(friend.username);
    await ownerApi.publishActivity('Sunset picnic');

    await logIn(page, owner, '/plan');
    const planId = await startPlan(page, 'Anniversary', '2026-12-05');

    // The owner's own activity, then Prepare Date: the preview.
    await page.getByRole('button', { name: messages.plans.actions.addActivity }).click();
    const picker = page.getByRole('dialog', { name: messages.plans.actions.addActivity });
    await picker.getByRole('button', { name: 'Add Sunset picnic' }).click();
    await expect(picker).toBeHidden();
    await expect(page.getByRole('listitem', { name: 'Sunset picnic' })).toBeVisible();
    await page.getByRole('button', { name: messages.plans.actions.prepareDate }).click();
    await page.waitForURL(new RegExp(`/plan/preview\\?id=${planId}$`));
    await expect(page.getByText('Prepared', { exact: true })).toBeVisible();

    // Back in the editor, the owner invites a member they follow, who opens the plan's link.
    await page.getByRole('button', { name: messages.plans.actions.revertToDraft }).click();
    await invite(page, friend);
    await logIn(friendPage, friend, `/plan?id=${planId}`);
    await expect(friendPage.getByLabel('Title')).toHaveValue('Anniversary');
    await expect(friendPage.getByRole('listitem', { name: 'Sunset picnic' })).toBeVisible();

    // The collaborator adds and schedules a custom activity; the owner sees both without a reload.
    await friendPage.getByRole('button', { name: messages.plans.actions.addActivity }).click();
    const friendPicker = friendPage.getByRole('dialog', { name: messages.plans.actions.addActivity });
    await friendPicker.getByRole('tab', { name: 'Custom' }).click();
    await friendPicker.getByLabel('Details').fill('Dinner at Luigi’s');
    await friendPicker.getByRole('button', { name: 'Add custom activity' }).click();
    await expect(friendPicker).toBeHidden();
    await expect(page.getByRole('listitem', { name: 'Dinner at Luigi’s' })).toBeVisible();
    await friendPage.getByRole('button', { name: 'Schedule Dinner at Luigi’s' }).click();
    await expect(timeline(page).getByText('Dinner at Luigi’s')).toBeVisible();
    await expect(page.getByText(messages.plans.timeConflicts)).toBeHidden();

    // Both 9:00–10:00 on the plan's date: the overlap is flagged for both.
    await page.getByRole('button', { name: 'Schedule Sunset picnic' }).click();
    await expect(page.getByText(messages.plans.timeConflicts)).toBeVisible();
    await expect(friendPage.getByText(messages.plans.timeConflicts)).toBeVisible();
    await expect(timeline(friendPage).getByText('Sunset picnic')).toBeVisible();

    // Share Plan copies the link; it opens signed out, without the access code.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('link', { name: 'Preview', exact: true }).click();
    // At desktop width every action is in the row, and no menu holds any of them.
    await expect(page.getByRole('button', { name: MORE_ACTIONS })).toBeHidden();
    await page.getByRole('button', { name: messages.plans.actions.sharePlan }).click();
    await expect(page.getByText(messages.share.linkCopied)).toBeVisible();
    const sharedUrl = await page.evaluate(() => navigator.clipboard.readText());
    // The link holds the plan's token, never its id.
    const [, , , username, token] = new URL(sharedUrl).pathname.split('/');
    expect(username).toBe(owner.username);
    expect(token).toMatch(PLAN_SHARE_TOKEN_PATTERN);
    // A fresh browser: signed out, and never past the access-code gate.
    const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    try {
      const visitorPage = await visitor.newPage();
      await visitorPage.goto(sharedUrl);
      await expect(visitorPage.getByRole('heading', { name: 'Anniversary', level: 1 })).toBeVisible();
      await expect(timeline(visitorPage).getByText('Dinner at Luigi’s')).toBeVisible();
      await expect(visitorPage.getByText(`@${friend.username}`)).toBeHidden();
      // The plan's id opens nothing.
      await visitorPage.goto(`/plan/shared/${owner.username}/${planId}`);
      await expect(visitorPage.getByText(messages.plans.sharedNotFound)).toBeVisible();

      // The owner resets the link: the one sent ends, the new one opens the plan.
      await page.getByRole('button', { name: planShareMessages.resetLink }).click();
      const confirm = page.getByRole('dialog', { name: planShareMessages.confirmTitle });
      await confirm.getByRole('button', { name: planShareMessages.resetLink }).click();
      await expect(page.getByText(planShareMessages.done)).toBeVisible();
      await visitorPage.goto(sharedUrl);
      await expect(visitorPage.getByText(messages.plans.sharedNotFound)).toBeVisible();
      await page.getByRole('button', { name: messages.plans.actions.sharePlan }).click();
      const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
      await expect.poll(clipboard).not.toBe(sharedUrl);
      const newUrl = await clipboard();
      await visitorPage.goto(newUrl);
      await expect(visitorPage.getByRole('heading', { name: 'Anniversary', level: 1 })).toBeVisible();
    } finally {
      await visitor.close();
    }

    // Date Completed publishes the recap once; both see the Date.
    await page.getByRole('button', { name: messages.plans.actions.dateCompleted }).click();
    const publish = page.getByRole('dialog', { name: messages.plans.actions.dateCompleted });
    await publish.getByLabel('Description').fill('A lovely evening.');
    // The recap stays private, the default: its page opens for the plan's two members only.
    await expect(publish.getByLabel('Private (you and your collaborators)')).toBeChecked();
    if ((await publish.getByRole('checkbox', { name: /^Photo of / }).count()) === 0) {
      await publish.getByLabel('Add photos').setInputFiles(colourPhoto('recap.png', 64, 64, [20, 90, 200]));
    }
    await publish.getByRole('button', { name: 'Publish Date' }).dblclick();
    await page.waitForURL(/\/date\/\d+$/);
    const dateUrl = new URL(page.url()).pathname;
    await expect(page.getByRole('heading', { name: 'Anniversary', level: 1 })).toBeVisible();

    await expect(friendPage.getByText('Completed', { exact: true })).toBeVisible();
    await friendPage.getByRole('link', { name: 'View Date' }).click();
    await expect(friendPage).toHaveURL(new RegExp(`${dateUrl}$`));
    await expect(friendPage.getByRole('heading', { name: 'Anniversary', level: 1 })).toBeVisible();

    // The lists: the completed plan under Shared & Completed, with each viewer's role.
    await friendPage.goto('/saved/planned');
    const friendShared = friendPage.getByRole('list', { name: messages.plans.sections.sharedAndCompleted });
    await expect(friendShared.getByRole('link', { name: /Anniversary/ })).toContainText('Completed');
    await expect(friendShared.getByRole('link', { name: /Anniversary/ })).toContainText('Collaborator');
    await page.goto('/saved/planned');
    const ownerShared = page.getByRole('list', { name: messages.plans.sections.sharedAndCompleted });
    await expect(ownerShared.getByRole('link', { name: /Anniversary/ })).toContainText('Owner');
  });

  test('a removed collaborator’s open editor loses access; drafts list apart', async ({
    page,
    request,
    otherPage: friendPage,
  }) => {
    const owner = await registerMember(request, newMember('remover'));
    const friend = await registerMember(request, newMember('removed'));
    await (await asMember(request, owner)).follow(friend.username);

    await logIn(page, owner, '/plan');
    await startPlan(page, 'Just an idea', '2026-12-24');
    const planId = await startPlan(page, 'Road trip', '2026-12-31');
    await invite(page, friend);

    await logIn(friendPage, friend, '/saved/planned');
    const friendShared = friendPage.getByRole('list', { name: messages.plans.sections.sharedAndCompleted });
    await expect(friendShared.getByRole('link', { name: /Road trip/ })).toContainText('Prepared');
    await expect(friendShared.getByRole('link', { name: /Road trip/ })).toContainText('Collaborator');
    await expect(friendPage.getByText(messages.empty.draftPlans)).toBeVisible();
    await friendShared.getByRole('link', { name: /Road trip/ }).click();
    await expect(friendPage).toHaveURL(new RegExp(`/plan/preview\\?id=${planId}$`));
    // A collaborator's preview offers no Delete; Revert to Draft takes them to the editor.
    await expect(
      friendPage.getByRole('button', { name: messages.plans.actions.revertToDraft }),
    ).toBeVisible();
    await expect(friendPage.getByRole('button', { name: messages.plans.actions.delete })).toHaveCount(0);
    await friendPage.getByRole('button', { name: messages.plans.actions.revertToDraft }).click();
    await expect(friendPage.getByLabel('Title')).toHaveValue('Road trip');

    await page.getByRole('button', { name: /^Remove / }).click();
    await expect(page.getByText('No collaborators yet.')).toBeVisible();
    await expect(friendPage.getByText(planMessages.accessRevoked)).toBeVisible();

    await page.goto('/saved/planned');
    const drafts = page.getByRole('list', { name: messages.plans.sections.drafts });
    await expect(drafts.getByRole('link', { name: /Just an idea/ })).toContainText('Draft');
    await expect(drafts.getByRole('link', { name: /Just an idea/ })).toContainText('Owner');
    await expect(drafts.getByRole('link', { name: /Just an idea/ })).toContainText('Dec 24, 2026');
  });

  test(
    'on a phone the preview keeps Date Completed in view and the rest in a keyboard menu',
    { tag: '@mobile' },
    async ({ page, request }) => {
      const owner = await registerMember(request, newMember('phoneplan'));
      const { id: planId } = await seedPreparedPlan(request, owner, {
        title: 'Movie night',
        date: '2026-12-12',
        rows: [{ details: 'Popcorn' }],
      });
      await logIn(page, owner, `/plan/preview?id=${planId}`);

      const actions = page.getByRole('group', { name: 'Plan actions' });
      const complete = actions.getByRole('button', { name: messages.plans.actions.dateCompleted });
      const more = actions.getByRole('button', { name: MORE_ACTIONS });
      await expect(complete).toBeVisible();
      await expect(more).toBeVisible();
      for (const name of [messages.plans.actions.revertToDraft, messages.plans.actions.delete]) {
        await expect(actions.getByRole('button', { name })).toBeHidden();
      }
      // One row: the menu's button beside the main action.
      const [moreBox, completeBox] = [await more.boundingBox(), await complete.boundingBox()];
      expect(Math.round(moreBox?.y ?? -1)).toBe(Math.round(completeBox?.y ?? -2));

      await more.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu', { name: MORE_ACTIONS });
      await expect(menu.getByRole('menuitem', { name: messages.plans.actions.revertToDraft })).toBeFocused();
      await expect(menu.getByRole('menuitem')).toHaveText([
        messages.plans.actions.revertToDraft,
        messages.plans.actions.sharePlan,
        planShareMessages.resetLink,
        planLiveMessages.addToCalendar,
        messages.plans.actions.delete,
      ]);
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(more).toBeFocused();

      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('dialog', { name: 'Delete this planned date?' });
      await confirm.getByRole('button', { name: messages.plans.actions.delete }).click();
      await page.waitForURL(/\/saved\/planned$/);
    },
  );
});

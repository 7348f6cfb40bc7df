import { readFile } from 'node:fs/promises';
import { messages, planLiveMessages } from '@datebook/contracts';
import type { APIRequestContext, Page } from '@playwright/test';
import { seedPreparedPlan, type SeededRow } from './support/api-plans';
import { parseCalendar } from './support/ics';
import { controlNetwork, type LiveNetwork } from './support/live-network';
import { expect, test } from './support/member-test';
import { logIn, newMember, registerMember, type Member } from './support/members';
import { storedPlanEdits } from './support/stored-plan-edits';

/** Past a reconnect: the socket's back-off (up to 5 s) and the first resend. */
const SYNC_MS = 15_000;

const PLAN_DATE = '2026-12-05';
const SUNSET_PICNIC: SeededRow = {
  details: 'Sunset picnic',
  beginsAt: `${PLAN_DATE}T09:00:00.000Z`,
  endsAt: `${PLAN_DATE}T10:00:00.000Z`,
};

const titleField = (page: Page) => page.getByLabel('Title', { exact: true });
const dateField = (page: Page) => page.getByLabel(/^Date/);
const row = (page: Page, title: string) => page.getByRole('listitem', { name: title, exact: true });
const timeline = (page: Page) => page.getByRole('list', { name: 'Timeline' });
const peopleHere = (page: Page) => page.getByRole('list', { name: planLiveMessages.peopleHere });
/** The editor's connection status (the toasts' live region is a status too, so find it by its words). */
const offlineStatus = (page: Page) => page.getByRole('status').filter({ hasText: planLiveMessages.offline });

interface Together {
  owner: Member;
  collaborator: Member;
  planId: string;
  /** The collaborator's network, taken over before their page opened. */
  network: LiveNetwork;
}

/**
 * An owner (`page`) and a collaborator (`otherPage`) both in the editor of a prepared plan,
 * 'Picnic plans' on PLAN_DATE with Sunset picnic at 9:00–10:00 UTC.
 */
async function openTogether(
  request: APIRequestContext,
  page: Page,
  otherPage: Page,
  purpose: string,
): Promise<Together> {
  const [owner, collaborator] = await Promise.all([
    registerMember(request, newMember(`${purpose}a`)),
    registerMember(request, newMember(`${purpose}b`)),
  ]);
  const { id: planId } = await seedPreparedPlan(request, owner, {
    title: 'Picnic plans',
    date: PLAN_DATE,
    rows: [SUNSET_PICNIC],
    collaborator,
  });
  const network = await controlNetwork(otherPage.context());
  await Promise.all([
    logIn(page, owner, `/plan?id=${planId}`),
    logIn(otherPage, collaborator, `/plan?id=${planId}`),
  ]);
  await expect(titleField(page)).toHaveValue('Picnic plans');
  await expect(titleField(otherPage)).toHaveValue('Picnic plans');
  return { owner, collaborator, planId, network };
}

async function rename(page: Page, title: string): Promise<void> {
  await titleField(page).fill(title);
  await titleField(page).press('Enter');
}

async function setEveningTime(page: Page, title: string, startHour: string, endHour: string): Promise<void> {
  await page.getByRole('button', { name: `Set time of ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Set time' });
  await dialog.getByLabel('Start hour').selectOption(startHour);
  await dialog.getByLabel('Start AM/PM').selectOption('PM');
  await dialog.getByLabel('End hour').selectOption(endHour);
  await dialog.getByLabel('End AM/PM').selectOption('PM');
  await dialog.getByRole('button', { name: 'Save time' }).click();
  await expect(dialog).toBeHidden();
}

async function addCustomActivity(page: Page, details: string): Promise<void> {
  await page.getByRole('button', { name: messages.plans.actions.addActivity }).click();
  const picker = page.getByRole('dialog', { name: messages.plans.actions.addActivity });
  await picker.getByRole('tab', { name: 'Custom' }).click();
  await picker.getByLabel('Details').fill(details);
  await picker.getByRole('button', { name: 'Add custom activity' }).click();
  await expect(picker).toBeHidden();
}

async function openHistory(page: Page) {
  await page.getByRole('button', { name: planLiveMessages.history, exact: true }).click();
  const history = page.getByRole('dialog', { name: planLiveMessages.history });
  await expect(history).toBeVisible();
  return history;
}

test.describe('co-editing a plan live', () => {
  test('edits made offline wait, then reach the co-editor exactly once each, newest first in the history', async ({
    page,
    request,
    otherPage,
  }) => {
    const { collaborator, network } = await openTogether(request, page, otherPage, 'offline');

    await network.offline();
    await expect(offlineStatus(otherPage)).toBeVisible();
    await rename(otherPage, 'Beach day');
    await setEveningTime(otherPage, 'Sunset picnic', '7', '8');
    await addCustomActivity(otherPage, 'Dinner at Luigi’s');
    await expect(offlineStatus(otherPage)).toContainText(planLiveMessages.waiting(3));
    // The member's own screen shows all three at once.
    await expect(titleField(otherPage)).toHaveValue('Beach day');
    await expect(row(otherPage, 'Sunset picnic')).toContainText('7:00 PM – 8:00 PM');
    await expect(row(otherPage, 'Dinner at Luigi’s')).toBeVisible();
    // The co-editor has none of them.
    await expect(titleField(page)).toHaveValue('Picnic plans');
    await expect(row(page, 'Sunset picnic')).not.toContainText('7:00 PM');
    await expect(row(page, 'Dinner at Luigi’s')).toHaveCount(0);

    await network.online();
    await expect(offlineStatus(otherPage)).toBeHidden({ timeout: SYNC_MS });
    await expect(otherPage.getByText(planLiveMessages.syncing)).toBeHidden({ timeout: SYNC_MS });
    await expect(otherPage.getByText(/\d+ waiting/)).toBeHidden();

    await expect(titleField(page)).toHaveValue('Beach day', { timeout: SYNC_MS });
    await expect(row(page, 'Sunset picnic')).toContainText('7:00 PM – 8:00 PM', { timeout: SYNC_MS });
    await expect(row(page, 'Dinner at Luigi’s')).toHaveCount(1, { timeout: SYNC_MS });
    await expect(timeline(page).getByRole('listitem')).toHaveCount(1);
    await expect(row(otherPage, 'Dinner at Luigi’s')).toHaveCount(1);

    // The history says each change once, in words, the newest first.
    const history = await openHistory(page);
    const lines = history.getByRole('listitem');
    await expect(lines.nth(0)).toContainText(`${collaborator.username} added Dinner at Luigi’s`);
    await expect(lines.nth(1)).toContainText(`${collaborator.username} moved Sunset picnic to 7:00 PM`);
    await expect(lines.nth(2)).toContainText(`${collaborator.username} renamed the plan to Beach day`);
    await expect(history.getByText(/added Dinner at Luigi’s/)).toHaveCount(1);
    await expect(history.getByText(/moved Sunset picnic to 7:00 PM/)).toHaveCount(1);
    await expect(history.getByText(/renamed the plan to Beach day/)).toHaveCount(1);
  });

  test('an edit made offline survives closing the tab and syncs from the next one', async ({
    page,
    request,
    otherPage,
  }) => {
    const { collaborator, planId, network } = await openTogether(request, page, otherPage, 'reload');

    await network.offline();
    await expect(offlineStatus(otherPage)).toBeVisible();
    await rename(otherPage, 'Moonlight walk');
    await expect(offlineStatus(otherPage)).toContainText(planLiveMessages.waiting(1));
    await expect.poll(() => storedPlanEdits(otherPage)).toBe(1);
    await otherPage.close();
    await expect(titleField(page)).toHaveValue('Picnic plans');

    await network.online();
    const reopened = await otherPage.context().newPage();
    await reopened.goto(`/plan?id=${planId}`);
    await expect(titleField(reopened)).toHaveValue('Moonlight walk');
    await expect(titleField(page)).toHaveValue('Moonlight walk', { timeout: SYNC_MS });
    await expect(reopened.getByText(/\d+ waiting/)).toBeHidden({ timeout: SYNC_MS });

    // Once, newest first, above the owner's own changes ('You …').
    const history = await openHistory(page);
    await expect(history.getByRole('listitem')).toHaveText([
      new RegExp(`^${collaborator.username} renamed the plan to Moonlight walk`),
      /^You moved Sunset picnic to \d{1,2}:\d{2} [AP]M/,
      new RegExp(`^You invited ${collaborator.username}`),
      /^You added Sunset picnic/,
      /^You created the plan/,
    ]);
  });

  test('co-editors see who is here and what they edit, unless hidden, until they leave', async ({
    page,
    request,
    otherPage,
  }) => {
    const { owner, collaborator } = await openTogether(request, page, otherPage, 'presence');
    const collaboratorHere = peopleHere(page).getByRole('listitem', { name: collaborator.username });

    await expect(collaboratorHere).toBeVisible();
    await expect(peopleHere(otherPage).getByRole('listitem', { name: owner.username })).toBeVisible();
    await expect(peopleHere(page).getByRole('listitem', { name: owner.username })).toHaveCount(0);

    await titleField(otherPage).focus();
    const editingTitle = page.getByText(`${collaborator.username} is editing the title`);
    await expect(editingTitle).toBeVisible();

    await otherPage.getByLabel(planLiveMessages.hidePresence).check();
    await expect(collaboratorHere).toHaveCount(0);
    await expect(editingTitle).toBeHidden();

    await otherPage.getByLabel(planLiveMessages.hidePresence).uncheck();
    await expect(collaboratorHere).toBeVisible();
    await otherPage.close();
    await expect(collaboratorHere).toHaveCount(0);
  });

  test('replacing a change made meanwhile is said, and its undo brings that change back for both', async ({
    page,
    request,
    otherPage,
  }) => {
    const { owner, network } = await openTogether(request, page, otherPage, 'conflict');

    await network.offline();
    await expect(offlineStatus(otherPage)).toBeVisible();
    await rename(page, 'Beach day');
    await rename(otherPage, 'Lake day');
    await network.online();

    const notice = otherPage
      .getByRole('status')
      .filter({ hasText: planLiveMessages.replacedChange(owner.username) });
    await expect(notice).toBeVisible({ timeout: SYNC_MS });
    await expect(titleField(page)).toHaveValue('Lake day');
    await expect(titleField(otherPage)).toHaveValue('Lake day');

    await notice.getByRole('button', { name: planLiveMessages.undo, exact: true }).click();
    await expect(titleField(otherPage)).toHaveValue('Beach day');
    await expect(titleField(page)).toHaveValue('Beach day');
  });

  test('Ctrl+Z and the Undo button revert the member’s own last edit for everyone', async ({
    page,
    request,
    otherPage,
  }) => {
    await openTogether(request, page, otherPage, 'undo');
    const undoButton = otherPage.getByRole('button', { name: planLiveMessages.undoLabel });
    await expect(undoButton).toBeDisabled();

    await rename(otherPage, 'Lake day');
    await expect(titleField(page)).toHaveValue('Lake day');
    // Outside a text field, where Ctrl+Z is the plan's undo rather than the field's.
    await otherPage.getByRole('heading', { name: 'Timeline' }).click();
    await otherPage.keyboard.press('ControlOrMeta+z');
    await expect(titleField(otherPage)).toHaveValue('Picnic plans');
    await expect(titleField(page)).toHaveValue('Picnic plans');

    await dateField(otherPage).fill('2026-12-06');
    await expect(dateField(page)).toHaveValue('2026-12-06');
    await undoButton.click();
    await expect(dateField(otherPage)).toHaveValue(PLAN_DATE);
    await expect(dateField(page)).toHaveValue(PLAN_DATE);
  });
});

test.describe('adding a plan to a calendar', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('the .ics holds one event per scheduled activity, on the plan’s clock, with stable ids', async ({
    page,
    request,
  }) => {
    const owner = await registerMember(request, newMember('calendar'));
    const { id: planId } = await seedPreparedPlan(request, owner, {
      title: 'Lazy Sunday',
      date: PLAN_DATE,
      timeZone: 'America/New_York',
      rows: [
        {
          details: 'Picnic in the park',
          beginsAt: `${PLAN_DATE}T15:00:00Z`,
          endsAt: `${PLAN_DATE}T16:30:00Z`,
        },
        { details: 'Maybe a movie' },
        {
          details: 'Dinner at Luigi’s',
          beginsAt: `${PLAN_DATE}T23:00:00Z`,
          endsAt: `${PLAN_DATE}T23:45:00Z`,
        },
      ],
    });
    await logIn(page, owner, `/plan?id=${planId}`);

    const download = async () => {
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: planLiveMessages.addToCalendar }).click(),
      ]);
      expect(file.suggestedFilename()).toBe('Lazy Sunday.ics');
      return parseCalendar(await readFile(await file.path(), 'utf8'));
    };
    const calendar = await download();

    expect(calendar.lines[0]).toBe('BEGIN:VCALENDAR');
    expect(calendar.lines.at(-1)).toBe('END:VCALENDAR');
    expect(calendar.events.map((event) => event.value('SUMMARY'))).toEqual([
      'Picnic in the park',
      'Dinner at Luigi’s',
    ]);
    const [picnic, dinner] = calendar.events;
    expect(picnic?.nameWithParameters('DTSTART')).toBe('DTSTART;TZID=America/New_York');
    expect(picnic?.value('DTSTART')).toBe('20261205T100000');
    expect(picnic?.value('DTEND')).toBe('20261205T113000');
    expect(dinner?.value('DTSTART')).toBe('20261205T180000');
    expect(dinner?.value('DTEND')).toBe('20261205T184500');
    const uids = calendar.events.map((event) => event.value('UID'));
    expect(new Set(uids).size).toBe(2);

    const again = await download();
    expect(again.events.map((event) => event.value('UID'))).toEqual(uids);
  });
});

import { readFile } from 'node:fs/promises';
import { messages, planLiveMessages } from '@datebook/contracts';
import type { Browser, Locator, Page } from '@playwright/test';
import { asMember } from './support/api-members';
import { parseCalendar } from './support/ics';
import { expect, test } from './support/member-test';
import { logIn, newMember, registerMember, type Member } from './support/members';
import { FRESH_STATE, GRANTED_STATE } from './support/storage-states';

/*
 * Issue 22 (design: Time): a plan's times are wall-clock times in the plan's zone — the owner's at
 * creation — and read the same for every member and visitor, wherever their browser is.
 */

const OWNER_ZONE = 'America/Los_Angeles';
const DINNER = 'Dinner at Luigi’s';

const timeline = (page: Page) => page.getByRole('list', { name: 'Timeline' });
const row = (page: Page | Locator, title: string) => page.getByRole('listitem', { name: title, exact: true });

/** 'YYYY-MM-DD' `days` from now on the owner's clock. */
function dayFromNow(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: OWNER_ZONE }).format(Date.now() + days * 86_400_000);
}

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

async function addCustomActivity(page: Page, details: string): Promise<void> {
  await page.getByRole('button', { name: messages.plans.actions.addActivity }).click();
  const picker = page.getByRole('dialog', { name: messages.plans.actions.addActivity });
  await picker.getByRole('tab', { name: 'Custom' }).click();
  await picker.getByLabel('Details').fill(details);
  await picker.getByRole('button', { name: 'Add custom activity' }).click();
  await expect(picker).toBeHidden();
}

async function setTime(page: Page, title: string, start: [string, 'AM' | 'PM'], end: [string, 'AM' | 'PM']) {
  await page.getByRole('button', { name: `Set time of ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Set time' });
  await dialog.getByLabel('Start hour').selectOption(start[0]);
  await dialog.getByLabel('Start AM/PM').selectOption(start[1]);
  await dialog.getByLabel('End hour').selectOption(end[0]);
  await dialog.getByLabel('End AM/PM').selectOption(end[1]);
  await dialog.getByRole('button', { name: 'Save time' }).click();
  await expect(dialog).toBeHidden();
}

async function invite(page: Page, member: Member): Promise<void> {
  await page.getByRole('button', { name: messages.plans.actions.invite }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite collaborators' });
  await dialog.getByLabel(new RegExp(`@${member.username}\\)`)).check();
  await dialog.getByRole('button', { name: 'Send Invite' }).click();
  await expect(dialog).toBeHidden();
}

/** A browser somewhere else in the world, past the gate unless `fresh` (a visitor's first visit). */
async function browserIn(
  browser: Browser,
  timezoneId: string,
  extraHTTPHeaders: Record<string, string> | undefined,
  options: { fresh?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({
    storageState: options.fresh ? FRESH_STATE : GRANTED_STATE,
    timezoneId,
    extraHTTPHeaders,
  });
  return context.newPage();
}

test.describe('a plan’s time zone', () => {
  test.use({ timezoneId: OWNER_ZONE });

  test('an evening planned in Los Angeles is 7:00 PM in Tokyo and on the shared page in Berlin', async ({
    page,
    request,
    browser,
    extraHTTPHeaders,
  }) => {
    test.slow();
    const owner = await registerMember(request, newMember('zoneowner'));
    const friend = await registerMember(request, newMember('zonefriend'));
    await (await asMember(request, owner)).follow(friend.username);

    await logIn(page, owner, '/plan');
    const planId = await startPlan(page, 'Evening out', '2030-12-06');
    await expect(page.getByLabel('Time zone')).toHaveValue(OWNER_ZONE);
    await addCustomActivity(page, DINNER);
    await page.getByRole('button', { name: `Schedule ${DINNER}` }).click();
    await expect(row(page, DINNER)).toContainText('9:00 AM – 10:00 AM');
    await setTime(page, DINNER, ['7', 'PM'], ['8', 'PM']);
    // On the owner's own clock, the time needs no zone beside it.
    await expect(row(timeline(page), DINNER).getByText('7:00 PM – 8:00 PM')).toBeVisible();
    await expect(row(page, DINNER).getByText('PST')).toBeHidden();
    await invite(page, friend);

    const tokyo = await browserIn(browser, 'Asia/Tokyo', extraHTTPHeaders);
    try {
      await logIn(tokyo, friend, `/plan?id=${planId}`);
      const dinner = row(timeline(tokyo), DINNER);
      await expect(dinner.getByText('7:00 PM – 8:00 PM')).toBeVisible();
      await expect(dinner.getByText('PST', { exact: true })).toBeVisible();
    } finally {
      await tokyo.context().close();
    }

    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('link', { name: 'Preview', exact: true }).click();
    await page.getByRole('button', { name: messages.plans.actions.sharePlan }).click();
    await expect(page.getByText(messages.share.linkCopied)).toBeVisible();
    const sharedUrl = await page.evaluate(() => navigator.clipboard.readText());
    const berlin = await browserIn(browser, 'Europe/Berlin', extraHTTPHeaders, { fresh: true });
    try {
      await berlin.goto(sharedUrl);
      await expect(berlin.getByRole('heading', { name: 'Evening out', level: 1 })).toBeVisible();
      const dinner = row(timeline(berlin), DINNER);
      await expect(dinner.getByText('7:00 PM – 8:00 PM')).toBeVisible();
      await expect(dinner.getByText('PST', { exact: true })).toBeVisible();
    } finally {
      await berlin.context().close();
    }
  });

  test('Schedule in a plan dated next week lands on that day, and so does the .ics', async ({
    page,
    request,
  }) => {
    const owner = await registerMember(request, newMember('zonenextweek'));
    const nextWeek = dayFromNow(7);
    await logIn(page, owner, '/plan');
    await startPlan(page, 'Next week', nextWeek);
    await addCustomActivity(page, DINNER);
    await page.getByRole('button', { name: `Schedule ${DINNER}` }).click();
    // On the plan's date, so the timeline names no other day.
    await expect(row(timeline(page), DINNER)).toContainText('9:00 AM – 10:00 AM');
    await page.getByRole('button', { name: messages.plans.actions.prepareDate }).click();
    await page.waitForURL(/\/plan\/preview\?id=\d+$/);

    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: planLiveMessages.addToCalendar }).click(),
    ]);
    const calendar = parseCalendar(await readFile(await file.path(), 'utf8'));
    expect(calendar.lines).toContain(`TZID:${OWNER_ZONE}`);
    const [dinner] = calendar.events;
    const day = nextWeek.replaceAll('-', '');
    expect(dinner?.nameWithParameters('DTSTART')).toBe(`DTSTART;TZID=${OWNER_ZONE}`);
    expect(dinner?.value('DTSTART')).toBe(`${day}T090000`);
    expect(dinner?.value('DTEND')).toBe(`${day}T100000`);
  });

  test('a time conflict in a draft is resolved by changing a time there', async ({ page, request }) => {
    const owner = await registerMember(request, newMember('zoneconflict'));
    await logIn(page, owner, '/plan');
    await startPlan(page, 'Busy day', dayFromNow(3));
    await addCustomActivity(page, 'Brunch');
    await addCustomActivity(page, 'Museum');
    await page.getByRole('button', { name: 'Schedule Brunch' }).click();
    await page.getByRole('button', { name: 'Schedule Museum' }).click();
    await expect(page.getByText(messages.plans.timeConflicts)).toBeVisible();

    await setTime(page, 'Museum', ['11', 'AM'], ['1', 'PM']);
    await expect(page.getByText(messages.plans.timeConflicts)).toBeHidden();
    await expect(row(timeline(page), 'Museum')).toContainText('11:00 AM – 1:00 PM');
    await expect(page.getByText('Draft', { exact: true })).toBeVisible();
  });
});

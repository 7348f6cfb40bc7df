import { randomUUID } from 'node:crypto';
import { planLiveMessages, type PlanOperationInput, type Session } from '@datebook/contracts';
import type { APIRequestContext, Page } from '@playwright/test';
import { seedPreparedPlan } from './support/api-plans';
import { expect, test } from './support/member-test';
import { logIn, newMember, registerMember, type Member } from './support/members';

const titleField = (page: Page) => page.getByLabel('Title', { exact: true });

/** One operation of `member`'s on the plan, over REST. */
async function applyAs(request: APIRequestContext, member: Member, planId: string, op: PlanOperationInput) {
  const token = await request.post('/api/auth/token', {
    data: { email: member.email, password: member.password },
  });
  expect(token.status(), await token.text()).toBe(200);
  const { accessToken } = (await token.json()) as Session;
  const response = await request.post(`/api/plans/${planId}/ops`, {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: { opId: randomUUID(), clientId: `e2e-${randomUUID()}`, baseVersion: 0, op },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test.describe('a change made while a co-editor types', () => {
  test('the one typing sees it change, is told they replaced it with Undo, and History keeps both renames', async ({
    page,
    request,
    otherPage,
  }) => {
    const [owner, collaborator] = await Promise.all([
      registerMember(request, newMember('overwritea')),
      registerMember(request, newMember('overwriteb')),
    ]);
    const { id: planId } = await seedPreparedPlan(request, owner, {
      title: 'Picnic plans',
      date: '2026-12-05',
      rows: [{ details: 'Sunset picnic' }],
      collaborator,
    });
    await applyAs(request, owner, planId, { type: 'status.change', to: 'draft' });
    await Promise.all([
      logIn(page, owner, `/plan?id=${planId}`),
      logIn(otherPage, collaborator, `/plan?id=${planId}`),
    ]);
    await expect(titleField(page)).toHaveValue('Picnic plans');
    await expect(titleField(otherPage)).toHaveValue('Picnic plans');

    // The collaborator types and stays in the field; the owner renames and leaves it.
    await titleField(otherPage).fill('Lake day');
    await titleField(page).fill('Beach day');
    await titleField(page).press('Tab');

    // What was typed stays, and the owner's new title shows under it.
    const changed = otherPage.getByText(planLiveMessages.changedWhileTyping(owner.username, 'Beach day'));
    await expect(changed).toBeVisible();
    await expect(titleField(otherPage)).toHaveValue('Lake day');

    await titleField(otherPage).press('Tab');
    const notice = otherPage
      .getByRole('status')
      .filter({ hasText: planLiveMessages.replacedChange(owner.username) });
    await expect(notice).toBeVisible();
    await expect(changed).toBeHidden();
    await expect(titleField(page)).toHaveValue('Lake day');

    await notice.getByRole('button', { name: planLiveMessages.undo, exact: true }).click();
    await expect(titleField(otherPage)).toHaveValue('Beach day');
    await expect(titleField(page)).toHaveValue('Beach day');

    await page.getByRole('button', { name: planLiveMessages.history, exact: true }).click();
    const history = page.getByRole('dialog', { name: planLiveMessages.history });
    await expect(history.getByRole('listitem')).toHaveText([
      new RegExp(`^${collaborator.username} undid the rename, back to Beach day`),
      new RegExp(`^${collaborator.username} renamed the plan to Lake day`),
      /^You renamed the plan to Beach day/,
      /^You moved the plan back to draft/,
      new RegExp(`^You invited ${collaborator.username}`),
      /^You added Sunset picnic/,
      /^You created the plan/,
    ]);
  });
});

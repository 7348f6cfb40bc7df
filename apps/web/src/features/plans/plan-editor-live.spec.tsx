import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { planLiveMessages, type PlanSocketOpInput } from '@datebook/contracts';
import { liveSocketRegistry } from '@/lib/live-socket-registry';
import { mockApiRoutes } from '@/testing/api-routes';
import { jsonResponse } from '@/testing/fetch-mock';
import { renderApp, signedInAs } from '@/testing/render-app';
import {
  fakeLiveSocket,
  FRIEND_ID,
  OWNER_ID,
  planActivity,
  planDocument,
  planEvent,
  REF_A,
} from './testing/plan-fixtures';

const joined = { ok: true, role: 'owner', version: 3, events: [] };

/** The server's answer to an op: applied as the next version, with the change it made. */
function accept(payload: unknown) {
  const request = payload as PlanSocketOpInput;
  const op = request.op;
  const version = 4 + acceptedCount++;
  return {
    ok: true,
    version,
    event: planEvent(
      version,
      op.type === 'plan.update' && op.field === 'title' ? [{ kind: 'plan', set: { title: op.value } }] : [],
      { opId: request.opId, actorId: OWNER_ID, op },
    ),
  };
}
let acceptedCount = 0;

function openEditor(document = planDocument()) {
  acceptedCount = 0;
  mockApiRoutes({
    'GET /api/plans/42': jsonResponse(200, document),
    'GET /api/plans/42/history?limit=30': jsonResponse(200, {
      items: [planEvent(3, [], { op: { type: 'plan.lock', locked: true } })],
      people: [{ id: FRIEND_ID, name: 'Sam', username: 'sam', avatarUrl: null }],
      titles: {},
      nextBefore: null,
    }),
  });
  const live = fakeLiveSocket();
  live.answer('plan.join', () => joined);
  live.answer('plan.op', accept);
  return { live, ...renderApp('/plan?id=42', { session: signedInAs() }) };
}

afterEach(() => {
  liveSocketRegistry.publish(null);
  window.localStorage.clear();
});

describe('the plan editor, live', () => {
  it('shows who else is here and what they are editing, and reports the member’s own focus', async () => {
    const { live, user } = openEditor(planDocument({ activities: [planActivity()] }));
    await waitFor(() => expect(live.sentOf('plan.join')).toHaveLength(1));
    act(() =>
      live.push('presence.state', {
        planId: '42',
        members: [
          { key: 'me', userId: OWNER_ID, name: 'Ada', avatarUrl: null, focus: null },
          { key: 's', userId: FRIEND_ID, name: 'Sam', avatarUrl: null, focus: { field: 'title' } },
          {
            key: 'a',
            userId: '7f1c2d3e-0000-4000-8000-000000000003',
            name: 'Alex',
            avatarUrl: null,
            focus: { ref: REF_A, field: 'time' },
          },
        ],
      }),
    );

    const people = await screen.findByRole('list', { name: planLiveMessages.peopleHere });
    expect(within(people).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('Sam is editing the title')).toBeTruthy();
    const row = screen.getByRole('listitem', { name: 'Picnic' });
    expect(within(row).getByText('Alex is editing the time')).toBeTruthy();

    await user.click(screen.getByLabelText('Title'));
    expect(live.sentOf('presence.set').at(-1)?.payload).toEqual({ planId: '42', focus: { field: 'title' } });
  });

  it('undoes the member’s own last edit with Ctrl+Z outside text fields', async () => {
    const { live, user } = openEditor();
    const undo = await screen.findByRole('button', { name: planLiveMessages.undoLabel });
    expect(undo).toHaveProperty('disabled', true);

    const title = screen.getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Beach day{Enter}');
    await waitFor(() => expect(undo).toHaveProperty('disabled', false));
    // In the field, Ctrl+Z is the browser's own text undo.
    await user.keyboard('{Control>}z{/Control}');
    expect(live.sentOf('plan.op')).toHaveLength(1);

    title.blur();
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(live.sentOf('plan.op')).toHaveLength(2));
    expect((live.sentOf('plan.op')[1]?.payload as PlanSocketOpInput).op).toEqual({
      type: 'plan.update',
      field: 'title',
      value: 'Our day',
    });
    expect(await screen.findByDisplayValue('Our day')).toBeTruthy();
  });

  it('shows a title someone sets while the member types, and tells them they replaced it, with Undo', async () => {
    const sam = { id: FRIEND_ID, name: 'Sam', username: 'sam', avatarUrl: null };
    const { live, user } = openEditor(planDocument({ collaborators: [sam] }));
    await waitFor(() => expect(live.sentOf('plan.join')).toHaveLength(1));
    live.answer('plan.op', (payload) => {
      const request = payload as PlanSocketOpInput;
      // Sam's title (version 4) came after the version the member last saw the field at.
      const replaced = request.op.type === 'plan.update' && request.baseVersion < 4;
      return { ...accept(payload), ...(replaced ? { overwrote: { actorId: FRIEND_ID, name: 'Sam' } } : {}) };
    });
    acceptedCount = 1;

    const title = screen.getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Lake day');
    act(() =>
      live.push(
        'plan.event',
        planEvent(4, [{ kind: 'plan', set: { title: 'Beach day' } }], {
          op: { type: 'plan.update', field: 'title', value: 'Beach day' },
        }),
      ),
    );
    const changed = await screen.findByText(planLiveMessages.changedWhileTyping('Sam', 'Beach day'));
    expect(title).toHaveProperty('value', 'Lake day');

    await user.tab();
    const notice = await screen.findByText(planLiveMessages.replacedChange('Sam'));
    expect(changed.isConnected).toBe(false);
    const [rename] = live.sentOf('plan.op').map((sent) => sent.payload as PlanSocketOpInput);
    expect(rename).toMatchObject({ baseVersion: 3, op: { field: 'title', value: 'Lake day' } });

    const toast = notice.closest('[role="status"]') as HTMLElement;
    await user.click(within(toast).getByRole('button', { name: planLiveMessages.undo }));
    await waitFor(() => expect(live.sentOf('plan.op')).toHaveLength(2));
    expect(live.sentOf('plan.op')[1]?.payload).toMatchObject({
      undoes: rename?.opId,
      op: { type: 'plan.update', field: 'title', value: 'Beach day' },
    });
    expect(await screen.findByDisplayValue('Beach day')).toBeTruthy();
  });

  it('sends from the row dialog only what the member changed, against what they saw when it opened', async () => {
    const custom = planActivity({
      activityId: null,
      isCustom: true,
      customLocation: 'Beach',
      customDetails: 'Swim',
      linked: null,
      title: 'Swim',
      location: 'Beach',
    });
    const { live, user } = openEditor(planDocument({ activities: [custom] }));
    await waitFor(() => expect(live.sentOf('plan.join')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Edit Swim' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit activity' });
    // Sam moves the row while the dialog is open; the member only rewrites the details.
    act(() =>
      live.push(
        'plan.event',
        planEvent(4, [{ kind: 'updateEntry', ref: REF_A, set: { customLocation: 'Lake' } }], {
          op: { type: 'activity.edit', ref: REF_A, customLocation: 'Lake' },
        }),
      ),
    );
    await user.clear(within(dialog).getByLabelText(/^Details/));
    await user.type(within(dialog).getByLabelText(/^Details/), 'Swim at noon');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(live.sentOf('plan.op')).toHaveLength(1));
    expect(live.sentOf('plan.op')[0]?.payload).toMatchObject({
      baseVersion: 3,
      op: { type: 'activity.edit', ref: REF_A, customDetails: 'Swim at noon' },
    });
    // Not the location it opened with, which would have put Sam's 'Lake' back to 'Beach'.
    expect((live.sentOf('plan.op')[0]?.payload as PlanSocketOpInput).op).toEqual({
      type: 'activity.edit',
      ref: REF_A,
      customDetails: 'Swim at noon',
    });
  });

  it('opens the History dialog from the editor', async () => {
    const { user } = openEditor();
    await user.click(await screen.findByRole('button', { name: planLiveMessages.history }));
    const dialog = screen.getByRole('dialog', { name: planLiveMessages.history });
    expect(await within(dialog).findByText('Sam locked the title and date')).toBeTruthy();
  });

  it('offers Add to calendar and the budget once the plan is prepared', async () => {
    openEditor(
      planDocument({
        status: 'prepared',
        activities: [
          planActivity({ budget: '$$' }),
          planActivity({ ref: 'r2', activityId: '12', budget: 'Free' }),
        ],
      }),
    );
    expect(await screen.findByRole('button', { name: planLiveMessages.addToCalendar })).toBeTruthy();
    const budget = screen.getByRole('region', { name: planLiveMessages.budgetSummary });
    expect(
      within(budget)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Free: 1 activity', '$$: 1 activity']);
  });

  it('offers no calendar file for a draft', async () => {
    openEditor();
    expect(await screen.findByRole('button', { name: planLiveMessages.history })).toBeTruthy();
    expect(screen.queryByRole('button', { name: planLiveMessages.addToCalendar })).toBeNull();
  });
});

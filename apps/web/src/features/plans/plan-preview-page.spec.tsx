import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages, planLiveMessages, planShareMessages, type PlanSocketOpInput } from '@datebook/contracts';
import { liveSocketRegistry } from '@/lib/live-socket-registry';
import { mockApiRoutes, sentBodies } from '@/testing/api-routes';
import { jsonResponse } from '@/testing/fetch-mock';
import { renderApp, signedInAs } from '@/testing/render-app';
import {
  fakeLiveSocket,
  FRIEND_ID,
  planActivity,
  planDocument,
  planEvent,
  REF_A,
  REF_B,
} from './testing/plan-fixtures';

const MORE = 'More plan actions';

/**
 * The preview's actions, in order: both layouts' controls, since jsdom applies no CSS (from tablet
 * width up the menu's button is hidden; on a phone, all but the main action and the menu's button).
 */
async function actionLabels(): Promise<string[]> {
  const row = await screen.findByRole('group', { name: 'Plan actions' });
  return [...within(row).queryAllByRole('button'), ...within(row).queryAllByRole('link')]
    .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
    .map((control) => control.getAttribute('aria-label') ?? control.textContent ?? '');
}

const TOKEN = 'nVjS3SsBQc2pnMaZFFsDV6tCXWXBBEQxgANKmq7pVE8';

const prepared = planDocument({
  status: 'prepared',
  activities: [
    planActivity({
      beginsAt: '2026-12-05T09:00:00.000Z',
      endsAt: '2026-12-05T10:30:00.000Z',
      status: 'scheduled',
      durationMinutes: 90,
      imageUrl: 'https://media.example/picnic.jpg',
      linked: {
        title: 'Picnic',
        location: 'The park',
        imageUrl: 'https://media.example/picnic.jpg',
        budget: null,
      },
    }),
    planActivity({
      id: '2',
      ref: REF_B,
      isCustom: true,
      activityId: null,
      linked: null,
      customDetails: 'Stargazing\nbring a blanket',
      title: 'Stargazing',
      location: null,
    }),
  ],
});

afterEach(() => {
  liveSocketRegistry.publish(null);
});

describe('the plan preview', () => {
  it('shows the timeline and the additional ideas, and shares the plan’s link', async () => {
    mockApiRoutes({
      'GET /api/plans/42': jsonResponse(200, prepared),
      'GET /api/plans/42/share-link': jsonResponse(200, { token: TOKEN }),
    });
    const { user } = renderApp('/plan/preview?id=42', { session: signedInAs() });
    // jsdom has no share sheet; the clipboard is user-event's stand-in.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');

    expect(await screen.findByRole('heading', { name: 'Our day', level: 1 })).toBeTruthy();
    const timeline = screen.getByRole('list', { name: 'Timeline' });
    expect(within(timeline).getByText('Picnic')).toBeTruthy();
    expect(within(timeline).getByText('(1 hr 30 min)')).toBeTruthy();
    const ideas = screen.getByRole('list', { name: 'Additional ideas' });
    expect(within(ideas).getByText('Stargazing')).toBeTruthy();
    expect(screen.getByText('Prepared')).toBeTruthy();
    expect(screen.getByText('Dec 5, 2026')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: messages.plans.actions.sharePlan }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/plan/shared/ada/${TOKEN}`);
    expect(await screen.findByText(messages.share.linkCopied)).toBeTruthy();
  });

  it('lets the owner reset the share link after asking, and shares the new one', async () => {
    const fresh = 'B'.repeat(43);
    const fetchMock = mockApiRoutes({
      'GET /api/plans/42': jsonResponse(200, prepared),
      'GET /api/plans/42/share-link': jsonResponse(200, { token: TOKEN }),
      'POST /api/plans/42/share-link/reset': jsonResponse(200, { token: fresh }),
    });
    const { user } = renderApp('/plan/preview?id=42', { session: signedInAs() });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');

    await user.click(await screen.findByRole('button', { name: planShareMessages.resetLink }));
    const dialog = await screen.findByRole('dialog', { name: planShareMessages.confirmTitle });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sentBodies(fetchMock, 'POST /api/plans/42/share-link/reset')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: planShareMessages.resetLink }));
    const again = await screen.findByRole('dialog', { name: planShareMessages.confirmTitle });
    await user.click(within(again).getByRole('button', { name: planShareMessages.resetLink }));
    expect(await screen.findByText(planShareMessages.done)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: messages.plans.actions.sharePlan }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/plan/shared/ada/${fresh}`);
  });

  it('offers the reset to the owner only', async () => {
    mockApiRoutes({
      'GET /api/plans/42': jsonResponse(200, { ...prepared, viewerRole: 'collaborator' }),
      'GET /api/plans/42/share-link': jsonResponse(200, { token: TOKEN }),
    });
    renderApp('/plan/preview?id=42', { session: signedInAs() });

    expect(await screen.findByRole('button', { name: messages.plans.actions.sharePlan })).toBeTruthy();
    expect(screen.queryByRole('button', { name: planShareMessages.resetLink })).toBeNull();
  });

  it('publishes the recap once, however often Publish is pressed, then opens the Date', async () => {
    mockApiRoutes({ 'GET /api/plans/42': jsonResponse(200, prepared) });
    const live = fakeLiveSocket();
    live.answer('plan.join', () => ({ ok: true, role: 'owner', version: 3, events: [] }));
    live.answer('plan.op', () => undefined);
    const { user, router } = renderApp('/plan/preview?id=42', { session: signedInAs() });

    await user.click(await screen.findByRole('button', { name: messages.plans.actions.dateCompleted }));
    const dialog = await screen.findByRole('dialog', { name: messages.plans.actions.dateCompleted });
    expect(within(dialog).getByLabelText('Private (you and your collaborators)')).toHaveProperty(
      'checked',
      true,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Publish Date' }));
    expect(await within(dialog).findByText(messages.posts.descriptionRequired)).toBeTruthy();

    await user.type(within(dialog).getByLabelText('Description'), 'A lovely day');
    await user.click(within(dialog).getByRole('button', { name: 'Publish Date' }));
    await user.click(within(dialog).getByRole('button', { name: 'Publish Date' }));

    await waitFor(() => expect(live.sentOf('plan.op')).toHaveLength(1));
    const [sent] = live.sentOf('plan.op');
    const payload = sent?.payload as PlanSocketOpInput;
    expect(payload.op).toEqual({
      type: 'status.change',
      to: 'completed',
      publish: {
        title: 'Our day',
        description: 'A lovely day',
        dateOf: '2026-12-05',
        visibilityPublic: false,
        photos: { fromActivityRefs: [REF_A], uploadIds: [] },
      },
    });
    sent?.ack?.({
      ok: true,
      version: 4,
      event: planEvent(4, [{ kind: 'status', to: 'completed' }], { opId: payload.opId }),
    });
    live.push('plan.published', { planId: '42', dateId: '77' });

    await waitFor(() => expect(router.state.location.pathname).toBe('/date/77'));
  });

  it('takes the plan back to draft with Revert to Draft, then opens the editor', async () => {
    mockApiRoutes({ 'GET /api/plans/42': jsonResponse(200, prepared) });
    const live = fakeLiveSocket();
    live.answer('plan.join', () => ({ ok: true, role: 'owner', version: 3, events: [] }));
    live.answer('plan.op', () => undefined);
    const { user, router } = renderApp('/plan/preview?id=42', { session: signedInAs() });

    await user.click(await screen.findByRole('button', { name: messages.plans.actions.revertToDraft }));

    await waitFor(() => expect(live.sentOf('plan.op')).toHaveLength(1));
    const [sent] = live.sentOf('plan.op');
    const payload = sent?.payload as PlanSocketOpInput;
    expect(payload.op).toEqual({ type: 'status.change', to: 'draft' });
    sent?.ack?.({
      ok: true,
      version: 4,
      event: planEvent(4, [{ kind: 'status', to: 'draft' }], { opId: payload.opId }),
    });

    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/plan?id=42'),
    );
  });

  it('offers the owner one way back to draft, and a collaborator no Delete', async () => {
    mockApiRoutes({ 'GET /api/plans/42': jsonResponse(200, prepared) });
    renderApp('/plan/preview?id=42', { session: signedInAs() });
    expect(await actionLabels()).toEqual([
      messages.plans.actions.revertToDraft,
      messages.plans.actions.sharePlan,
      planShareMessages.resetLink,
      planLiveMessages.addToCalendar,
      messages.plans.actions.delete,
      messages.plans.actions.dateCompleted,
      MORE,
    ]);
    cleanup();

    mockApiRoutes({
      'GET /api/plans/42': jsonResponse(200, { ...prepared, viewerRole: 'collaborator', ownerId: FRIEND_ID }),
    });
    const { user } = renderApp('/plan/preview?id=42', { session: signedInAs() });
    expect(await actionLabels()).toEqual([
      messages.plans.actions.revertToDraft,
      messages.plans.actions.sharePlan,
      planLiveMessages.addToCalendar,
      messages.plans.actions.dateCompleted,
      MORE,
    ]);
    await user.click(screen.getByRole('button', { name: MORE }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      messages.plans.actions.revertToDraft,
      messages.plans.actions.sharePlan,
      planLiveMessages.addToCalendar,
    ]);
  });

  it('offers a completed plan’s link, its reset and calendar only, and a draft’s way to the editor', async () => {
    mockApiRoutes({
      'GET /api/plans/42': jsonResponse(200, { ...prepared, status: 'completed', publishedDateId: '77' }),
    });
    renderApp('/plan/preview?id=42', { session: signedInAs() });
    expect(await actionLabels()).toEqual([
      messages.plans.actions.sharePlan,
      planShareMessages.resetLink,
      planLiveMessages.addToCalendar,
      MORE,
    ]);
    cleanup();

    mockApiRoutes({ 'GET /api/plans/42': jsonResponse(200, { ...prepared, status: 'draft' }) });
    renderApp('/plan/preview?id=42', { session: signedInAs() });
    const edit = await screen.findByRole('link', { name: messages.plans.actions.editPlan });
    expect(edit.getAttribute('href')).toBe('/plan?id=42');
    expect(await actionLabels()).toEqual([messages.plans.actions.delete, messages.plans.actions.editPlan]);
  });

  it('keeps all but the main action in a menu a phone can use by keyboard', async () => {
    mockApiRoutes({ 'GET /api/plans/42': jsonResponse(200, prepared) });
    const { user } = renderApp('/plan/preview?id=42', { session: signedInAs() });
    const more = await screen.findByRole('button', { name: MORE });
    expect(more.getAttribute('aria-haspopup')).toBe('menu');
    expect(more.getAttribute('aria-expanded')).toBe('false');

    more.focus();
    await user.keyboard('{Enter}');
    const menu = screen.getByRole('menu', { name: MORE });
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement?.textContent).toBe(messages.plans.actions.revertToDraft);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe(messages.plans.actions.sharePlan);
    await user.keyboard('{End}');
    expect(document.activeElement?.textContent).toBe(messages.plans.actions.delete);
    await user.keyboard('{Escape}');
    expect(menu.isConnected).toBe(false);
    expect(document.activeElement).toBe(more);

    // Delete from the menu asks first, as the button does.
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{End}');
    await user.keyboard('{Enter}');
    const confirm = await screen.findByRole('dialog', { name: 'Delete this planned date?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(more);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { messages, planMessages, type PlanEntry, type PlanSocketOpInput } from '@datebook/contracts';
import { liveSocketRegistry } from '@/lib/live-socket-registry';
import { mockApiRoutes, sentBodies } from '@/testing/api-routes';
import { errorResponse, jsonResponse } from '@/testing/fetch-mock';
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

const joined = { ok: true, role: 'owner', version: 3, events: [] };

afterEach(() => {
  liveSocketRegistry.publish(null);
});

describe('the plan editor', () => {
  it('asks for a title, then creates the draft and opens it at its own address', async () => {
    const fetchMock = mockApiRoutes({
      'POST /api/plans': jsonResponse(201, planDocument()),
      'GET /api/plans/42': jsonResponse(200, planDocument()),
    });
    const { user, router } = renderApp('/plan', { session: signedInAs() });

    await user.click(await screen.findByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByText(messages.plans.addTitleBeforeSaving)).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/plans')).toHaveLength(0);

    await user.type(screen.getByLabelText('Title'), 'Our day');
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));

    await waitFor(() => expect(router.state.location.search).toBe('?id=42'));
    expect(await screen.findByText('Draft')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/plans')).toEqual([
      expect.objectContaining({ title: 'Our day', date: null, opId: expect.any(String) }),
    ]);
  });

  it('says when the plan a lost answer made was deleted, and saving again makes a new one', async () => {
    let answers = 0;
    const fetchMock = mockApiRoutes({
      'POST /api/plans': () => {
        answers += 1;
        return answers === 1
          ? errorResponse(409, 'CONFLICT', planMessages.createdPlanDeleted)
          : jsonResponse(201, planDocument());
      },
      'GET /api/plans/42': jsonResponse(200, planDocument()),
    });
    const { user, router } = renderApp('/plan', { session: signedInAs() });

    await user.type(await screen.findByLabelText('Title'), 'Our day');
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(
      await screen.findByText(messages.plans.alerts.saveDraft + planMessages.createdPlanDeleted),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));

    await waitFor(() => expect(router.state.location.search).toBe('?id=42'));
    const [first, second] = sentBodies(fetchMock, 'POST /api/plans') as Array<{ opId: string }>;
    expect(second?.opId).not.toBe(first?.opId);
  });

  it('joins the plan room and shows what others change, live, with the conflict warning', async () => {
    mockApiRoutes({ 'GET /api/plans/42': jsonResponse(200, planDocument()) });
    const live = fakeLiveSocket();
    live.answer('plan.join', () => joined);
    renderApp('/plan?id=42', { session: signedInAs() });

    expect(await screen.findByDisplayValue('Our day')).toBeTruthy();
    await waitFor(() => expect(live.sentOf('plan.join')).toHaveLength(1));
    expect(live.sentOf('plan.join')[0]?.payload).toEqual({ planId: '42', sinceVersion: 3 });

    const entry = (ref: string, title: string): PlanEntry => ({
      ref,
      activityId: '11',
      isCustom: false,
      customLocation: null,
      customDetails: null,
      beginsAt: null,
      endsAt: null,
      status: 'unscheduled',
      deleted: false,
      linked: { title, location: null, imageUrl: null, budget: null },
    });
    const at = (hour: number) => `2026-12-05T${String(hour).padStart(2, '0')}:00:00.000Z`;
    live.push('plan.event', planEvent(4, [{ kind: 'addEntry', entry: entry(REF_A, 'Picnic') }]));
    live.push('plan.event', planEvent(5, [{ kind: 'addEntry', entry: entry(REF_B, 'Museum') }]));
    const times = (ref: string, begin: number, end: number) => ({
      kind: 'updateEntry' as const,
      ref,
      set: { beginsAt: at(begin), endsAt: at(end), status: 'scheduled' as const },
    });
    live.push('plan.event', planEvent(6, [times(REF_A, 9, 11)]));
    expect(await screen.findByRole('listitem', { name: 'Picnic' })).toBeTruthy();
    expect(screen.queryByText(messages.plans.timeConflicts)).toBeNull();

    live.push('plan.event', planEvent(7, [times(REF_B, 10, 12)]));
    expect(await screen.findByText(messages.plans.timeConflicts)).toBeTruthy();
    const timeline = screen.getByRole('list', { name: 'Timeline' });
    expect(
      within(timeline)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(['Picnic', 'Museum']);
  });

  it('rejoins with the last version after a reconnect and leaves the room on the way out', async () => {
    mockApiRoutes({ 'GET /api/plans/42': jsonResponse(200, planDocument()) });
    const live = fakeLiveSocket();
    live.answer('plan.join', () => joined);
    const { router } = renderApp('/plan?id=42', { session: signedInAs() });
    await waitFor(() => expect(live.sentOf('plan.join')).toHaveLength(1));
    live.push('plan.event', planEvent(4, [{ kind: 'plan', set: { title: 'Renamed' } }]));
    expect(await screen.findByDisplayValue('Renamed')).toBeTruthy();

    live.socket.connected = false;
    live.push('disconnect', 'transport close');
    live.socket.connected = true;
    live.answer('plan.join', () => ({
      ...joined,
      version: 5,
      events: [planEvent(5, [{ kind: 'plan', set: { date: '2026-12-24' } }])],
    }));
    live.push('connect', undefined);

    await waitFor(() => expect(live.sentOf('plan.join')).toHaveLength(2));
    expect(live.sentOf('plan.join')[1]?.payload).toEqual({ planId: '42', sinceVersion: 4 });
    expect(await screen.findByDisplayValue('2026-12-24')).toBeTruthy();

    await router.navigate('/saved');
    await waitFor(() =>
      expect(live.sentOf('plan.leave')).toEqual([{ event: 'plan.leave', payload: { planId: '42' } }]),
    );
  });

  it('schedules at once and rolls back with the spec’s alert when the server refuses', async () => {
    mockApiRoutes({
      'GET /api/plans/42': jsonResponse(200, planDocument({ activities: [planActivity()] })),
    });
    const live = fakeLiveSocket();
    live.answer('plan.join', () => joined);
    live.answer('plan.op', () => undefined);
    const { user } = renderApp('/plan?id=42', { session: signedInAs() });

    await user.click(await screen.findByRole('button', { name: 'Schedule Picnic' }));
    const timeline = await screen.findByRole('list', { name: 'Timeline' });
    expect(within(timeline).getByText('Picnic')).toBeTruthy();

    const [sent] = live.sentOf('plan.op');
    const payload = sent?.payload as PlanSocketOpInput;
    expect(payload).toMatchObject({
      planId: '42',
      baseVersion: 3,
      op: { type: 'activity.schedule', ref: REF_A },
    });
    sent?.ack?.({ ok: false, code: 'GONE', message: planMessages.activityGone });

    expect(await screen.findByText(`Unable to schedule activity: ${planMessages.activityGone}`)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Timeline' })).toBeNull());
  });

  it('tells a removed collaborator they no longer have access', async () => {
    mockApiRoutes({
      'GET /api/plans/42': jsonResponse(
        200,
        planDocument({ viewerRole: 'collaborator', ownerId: FRIEND_ID }),
      ),
    });
    const live = fakeLiveSocket();
    live.answer('plan.join', () => ({ ...joined, role: 'collaborator' }));
    renderApp('/plan?id=42', { session: signedInAs() });
    expect(await screen.findByDisplayValue('Our day')).toBeTruthy();

    live.push('plan.access', { planId: '42', revoked: true });
    expect(await screen.findByText(planMessages.accessRevoked)).toBeTruthy();
  });

  it('sends edits over REST when there is no socket, and offers a collaborator no Delete', async () => {
    const document = planDocument({
      viewerRole: 'collaborator',
      ownerId: FRIEND_ID,
      collaborators: [
        { id: '7f1c2d3e-0000-4000-8000-000000000001', name: 'Ada', username: 'ada', avatarUrl: null },
      ],
      activities: [planActivity()],
    });
    const fetchMock = mockApiRoutes({
      'GET /api/plans/42': jsonResponse(200, document),
      'POST /api/plans/42/ops': errorResponse(409, 'CONFLICT', planMessages.activityGone),
    });
    const { user } = renderApp('/plan?id=42', { session: signedInAs() });

    await user.click(await screen.findByRole('button', { name: 'Delete Picnic' }));
    expect(await screen.findByText(`Unable to delete activity: ${planMessages.activityGone}`)).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/plans/42/ops')).toEqual([
      expect.objectContaining({ baseVersion: 3, op: { type: 'activity.remove', ref: REF_A } }),
    ]);
    expect(await screen.findByRole('listitem', { name: 'Picnic' })).toBeTruthy();

    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invite' })).toBeNull();
  });

  it('is headed by the plan’s title once it has one, and follows it as it changes', async () => {
    mockApiRoutes({ 'GET /api/plans/42': jsonResponse(200, planDocument({ title: '' })) });
    const live = fakeLiveSocket();
    live.answer('plan.join', () => joined);
    renderApp('/plan?id=42', { session: signedInAs() });

    expect(await screen.findByRole('heading', { name: 'Plan a Date', level: 1 })).toBeTruthy();
    await waitFor(() => expect(live.sentOf('plan.join')).toHaveLength(1));
    live.push(
      'plan.event',
      planEvent(4, [{ kind: 'plan', set: { title: 'Beach day' } }], {
        op: { type: 'plan.update', field: 'title', value: 'Beach day' },
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Beach day', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Plan a Date' })).toBeNull();
  });

  it('invites a followed member from the owner’s choices', async () => {
    const fetchMock = mockApiRoutes({
      'GET /api/plans/42': jsonResponse(200, planDocument({ activities: [planActivity()] })),
      'GET /api/plans/42/collaborator-choices': jsonResponse(200, {
        items: [{ id: FRIEND_ID, name: 'Grace', username: 'grace', avatarUrl: null, invited: false }],
      }),
      'POST /api/plans/42/ops': jsonResponse(200, {
        ok: true,
        version: 4,
        event: planEvent(
          4,
          [
            { kind: 'addCollaborators', userIds: [FRIEND_ID] },
            { kind: 'status', to: 'prepared' },
          ],
          { people: [{ id: FRIEND_ID, name: 'Grace', username: 'grace', avatarUrl: null }] },
        ),
      }),
    });
    const { user } = renderApp('/plan?id=42', { session: signedInAs() });

    await user.click(await screen.findByRole('button', { name: 'Invite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite collaborators' });
    await user.click(await within(dialog).findByLabelText('Grace (@grace)'));
    await user.click(within(dialog).getByRole('button', { name: 'Send Invite' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(screen.getByRole('list', { name: 'Collaborators' })).getByText('Grace')).toBeTruthy();
    expect(screen.getByText('Prepared')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/plans/42/ops')).toEqual([
      expect.objectContaining({ op: { type: 'collaborator.invite', userIds: [FRIEND_ID] } }),
    ]);
  });

  it('sets a prepared row’s times as one edit and refuses an end before the start', async () => {
    const fetchMock = mockApiRoutes({
      'GET /api/plans/42': jsonResponse(
        200,
        planDocument({ status: 'prepared', activities: [planActivity()] }),
      ),
    });
    const { user } = renderApp('/plan?id=42', { session: signedInAs() });

    await user.click(await screen.findByRole('button', { name: 'Set time of Picnic' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set time' });
    expect(within(dialog).getAllByRole('option', { name: '12' }).length).toBeGreaterThan(0);
    await user.selectOptions(within(dialog).getByLabelText('Start hour'), '11');
    await user.click(within(dialog).getByRole('button', { name: 'Save time' }));

    expect(await within(dialog).findByText(messages.plans.endBeforeBegin)).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/plans/42/ops')).toHaveLength(0);
  });

  it('closes the time dialog as soon as the edit is on screen, and alerts when the server refuses it later', async () => {
    mockApiRoutes({
      'GET /api/plans/42': jsonResponse(
        200,
        planDocument({ status: 'prepared', activities: [planActivity()] }),
      ),
    });
    const live = fakeLiveSocket();
    live.answer('plan.join', () => joined);
    live.answer('plan.op', () => undefined);
    const { user } = renderApp('/plan?id=42', { session: signedInAs() });

    await user.click(await screen.findByRole('button', { name: 'Set time of Picnic' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set time' });
    await user.click(within(dialog).getByRole('button', { name: 'Save time' }));

    // No answer yet (as offline): the dialog is gone and the edit waits.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Set time' })).toBeNull());
    await waitFor(() => expect(live.sentOf('plan.op')).toHaveLength(1));
    live.sentOf('plan.op')[0]?.ack?.({ ok: false, code: 'READ_ONLY', message: planMessages.readOnly });
    expect(await screen.findByText(messages.plans.alerts.updateTime + planMessages.readOnly)).toBeTruthy();
  });
});

import type { ReactNode } from 'react';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { planLiveMessages, type PlanSocketOpInput } from '@datebook/contracts';
import { AppProviders } from '@/app/app-providers';
import { SessionContext } from '@/features/session';
import { liveSocketRegistry } from '@/lib/live-socket-registry';
import { mockApiRoutes } from '@/testing/api-routes';
import { jsonResponse } from '@/testing/fetch-mock';
import { signedInAs } from '@/testing/render-app';
import { writeHidePresence } from '../presence-preference';
import { planKeys } from '../query-keys';
import { fakeLiveSocket, FRIEND_ID, OWNER_ID, planDocument, planEvent } from '../testing/plan-fixtures';
import { usePlan } from './use-plan';

const joined = (version = 3) => ({ ok: true, role: 'owner', version, events: [] });

function wrapper({ children }: { children: ReactNode }) {
  return (
    <AppProviders>
      <SessionContext.Provider value={signedInAs()}>{children}</SessionContext.Provider>
    </AppProviders>
  );
}

/** The plan open on a live socket, with the device's network state under the test's control. */
async function openPlan() {
  mockApiRoutes({ 'GET /api/plans/42': jsonResponse(200, planDocument()) });
  const live = fakeLiveSocket();
  const connect = vi.fn();
  Object.assign(live.socket, { connect });
  live.answer('plan.join', () => joined());
  let online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  const hook = renderHook(() => usePlan('42'), { wrapper });
  await waitFor(() => expect(hook.result.current.phase).toBe('ready'));
  await waitFor(() => expect(live.sentOf('plan.join')).toHaveLength(1));
  const goOffline = () => {
    online = false;
    act(() => void window.dispatchEvent(new Event('offline')));
  };
  const goOnline = () => {
    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
  };
  return { ...hook, live, connect, goOffline, goOnline };
}

afterEach(() => {
  liveSocketRegistry.publish(null);
});

describe('usePlan', () => {
  it('stops using the socket while the device is offline, and rejoins and delivers when it is back', async () => {
    const { result, live, goOffline, goOnline } = await openPlan();
    expect(result.current.connection).toBe('online');

    goOffline();
    expect(result.current.connection).toBe('offline');
    act(() => void result.current.perform({ type: 'plan.update', field: 'title', value: 'On the train' }));
    expect(result.current).toMatchObject({ pendingCount: 1, plan: { title: 'On the train' } });
    expect(live.sentOf('plan.op')).toEqual([]);

    live.answer('plan.op', (payload) => {
      const { opId, op } = payload as PlanSocketOpInput;
      return {
        ok: true,
        version: 4,
        event: planEvent(4, [{ kind: 'plan', set: { title: 'On the train' } }], {
          opId,
          op,
          actorId: OWNER_ID,
        }),
      };
    });
    goOnline();

    await waitFor(() => expect(result.current).toMatchObject({ pendingCount: 0, connection: 'online' }));
    expect(live.sentOf('plan.join')).toHaveLength(2);
    expect(live.sentOf('plan.op')).toHaveLength(1);
  });

  it('asks a socket that gave up to connect again when the device is back online', async () => {
    const { live, connect, goOffline, goOnline } = await openPlan();
    goOffline();
    live.socket.connected = false;
    live.socket.active = false;
    goOnline();

    expect(connect).toHaveBeenCalledTimes(1);
  });

  it('catches up when the plan head is ahead of what it has', async () => {
    const { result, live } = await openPlan();
    live.answer('plan.join', () => ({
      ...joined(4),
      events: [planEvent(4, [{ kind: 'plan', set: { title: 'Missed' } }])],
    }));

    act(() => live.push('plan.head', { planId: '42', version: 4 }));

    await waitFor(() => expect(result.current.plan?.title).toBe('Missed'));
    expect(live.sentOf('plan.join')).toHaveLength(2);
  });

  it('joins hidden when the member chose to hide their presence', async () => {
    writeHidePresence(true);
    const { live } = await openPlan();

    expect(live.sentOf('plan.join')[0]?.payload).toEqual({ planId: '42', sinceVersion: 3, hidden: true });
  });

  it('says whose change an edit replaced, with an Undo that brings it back', async () => {
    const { result, live } = await openPlan();
    live.push('plan.event', planEvent(4, [{ kind: 'plan', set: { title: "Sam's title" } }]));
    await waitFor(() => expect(result.current.plan?.title).toBe("Sam's title"));
    live.answer('plan.op', (payload) => {
      const { opId, op } = payload as PlanSocketOpInput;
      const version = 4 + live.sentOf('plan.op').length;
      const value = version === 5 ? 'Mine' : "Sam's title";
      return {
        ok: true,
        version,
        event: planEvent(version, [{ kind: 'plan', set: { title: value } }], { opId, op, actorId: OWNER_ID }),
        ...(version === 5 ? { overwrote: { actorId: FRIEND_ID, name: 'Sam' } } : {}),
      };
    });

    await act(() => result.current.perform({ type: 'plan.update', field: 'title', value: 'Mine' }));
    expect(await screen.findByText(planLiveMessages.replacedChange('Sam'))).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: planLiveMessages.undo }));

    await waitFor(() => expect(live.sentOf('plan.op')).toHaveLength(2));
    expect((live.sentOf('plan.op')[1]?.payload as PlanSocketOpInput).op).toEqual({
      type: 'plan.update',
      field: 'title',
      value: "Sam's title",
    });
    await waitFor(() => expect(result.current.plan?.title).toBe("Sam's title"));
  });

  it('says when there is nothing to undo', async () => {
    const { result } = await openPlan();
    expect(result.current.canUndo).toBe(false);

    await act(() => result.current.undo());

    expect(await screen.findByText(planLiveMessages.nothingToUndo)).toBeTruthy();
  });

  it('settles an edit from its ack alone and refreshes the plan lists once for it', async () => {
    const { result, live } = await openPlan();
    live.answer('plan.op', (payload) => {
      const { opId, op } = payload as PlanSocketOpInput;
      return {
        ok: true,
        version: 4,
        event: planEvent(4, [{ kind: 'plan', set: { title: 'Acked' } }], { opId, op, actorId: OWNER_ID }),
      };
    });
    const invalidations = vi.spyOn(QueryClient.prototype, 'invalidateQueries');

    const answer = await act(() =>
      result.current.perform({ type: 'plan.update', field: 'title', value: 'Acked' }),
    );

    expect(answer).toEqual({ ok: true });
    expect(result.current).toMatchObject({ pendingCount: 0, plan: { title: 'Acked', version: 4 } });
    const listRefreshes = invalidations.mock.calls.filter(
      ([filters]) => JSON.stringify(filters?.queryKey) === JSON.stringify(planKeys.lists()),
    );
    expect(listRefreshes).toHaveLength(1);
  });
});

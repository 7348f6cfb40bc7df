import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { planLiveMessages, type PlanPresenceMember } from '@datebook/contracts';
import { SessionContext } from '@/features/session';
import { liveSocketRegistry } from '@/lib/live-socket-registry';
import { signedInAs } from '@/testing/render-app';
import { EditingNote } from '../components/editing-note';
import { PresenceList } from '../components/presence-list';
import { fakeLiveSocket, FRIEND_ID, OWNER_ID, REF_A } from '../testing/plan-fixtures';
import { usePlanPresence } from './use-plan-presence';

const ALEX_ID = '7f1c2d3e-0000-4000-8000-000000000003';

function member(overrides: Partial<PlanPresenceMember>): PlanPresenceMember {
  return { key: 'k', userId: FRIEND_ID, name: 'Sam', avatarUrl: null, focus: null, ...overrides };
}

function Editor() {
  const presence = usePlanPresence('42');
  return (
    <>
      <PresenceList presence={presence} />
      <input
        aria-label="Title"
        onFocus={() => presence.focus({ field: 'title' })}
        onBlur={() => presence.focus(null)}
      />
      <EditingNote presence={presence} target={{ field: 'title' }} />
      <input aria-label="Date" onFocus={() => presence.focus({ field: 'date' })} />
      <div data-testid="row">
        <EditingNote presence={presence} target={{ ref: REF_A }} />
      </div>
    </>
  );
}

function renderEditor() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const live = fakeLiveSocket();
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  render(
    <SessionContext.Provider value={signedInAs()}>
      <Editor />
    </SessionContext.Provider>,
  );
  const state = (members: PlanPresenceMember[], planId = '42') =>
    act(() => live.push('presence.state', { planId, members }));
  return { live, user, state };
}

afterEach(() => {
  vi.useRealTimers();
  liveSocketRegistry.publish(null);
  window.localStorage.clear();
});

describe('presence on a plan', () => {
  it('lists each other person once, never the member themselves, and says what they edit', () => {
    const { state } = renderEditor();
    state([
      member({ key: 'own', userId: OWNER_ID, name: 'Ada' }),
      member({ key: 's1' }),
      member({ key: 's2', focus: { field: 'title' } }),
      member({ key: 'a1', userId: ALEX_ID, name: 'Alex', focus: { ref: REF_A, field: 'time' } }),
    ]);

    const people = screen.getByRole('list', { name: planLiveMessages.peopleHere });
    expect(within(people).getAllByRole('listitem')).toHaveLength(2);
    expect(within(people).getByRole('listitem', { name: 'Sam' })).toBeTruthy();
    expect(within(people).getByRole('listitem', { name: 'Alex' })).toBeTruthy();
    expect(screen.getByText('Sam is editing the title')).toBeTruthy();
    expect(within(screen.getByTestId('row')).getByText('Alex is editing the time')).toBeTruthy();
    expect(screen.queryByText(/Ada/)).toBeNull();
  });

  it('ignores other plans’ lists and malformed ones', () => {
    const { state, live } = renderEditor();
    state([member({})], '43');
    act(() => live.push('presence.state', { planId: '42', members: [{ userId: 5 }] }));
    expect(screen.queryByRole('list', { name: planLiveMessages.peopleHere })).toBeNull();
  });

  it('sends the member’s focus, at most every 100 ms with the latest value last', async () => {
    const { live, user } = renderEditor();
    await user.click(screen.getByLabelText('Title'));
    await user.click(screen.getByLabelText('Date'));
    await user.click(screen.getByLabelText('Title'));

    const payloads = () => live.sentOf('presence.set').map((message) => message.payload);
    expect(payloads()).toEqual([{ planId: '42', focus: { field: 'title' } }]);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(payloads()).toEqual([
      { planId: '42', focus: { field: 'title' } },
      { planId: '42', focus: { field: 'title' } },
    ]);
  });

  it('hides the member when asked, remembers it, and shows them again', async () => {
    const { live, user } = renderEditor();
    await user.click(screen.getByLabelText('Title'));
    await user.click(screen.getByRole('checkbox', { name: planLiveMessages.hidePresence }));

    expect(live.sentOf('presence.set').at(-1)?.payload).toEqual({ planId: '42', focus: null, hidden: true });
    expect(window.localStorage.getItem('datebook.plan.hidePresence')).toBe('true');
    const sent = live.sentOf('presence.set').length;
    await user.click(screen.getByLabelText('Date'));
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(live.sentOf('presence.set')).toHaveLength(sent);

    await user.click(screen.getByRole('checkbox', { name: planLiveMessages.hidePresence }));
    expect(live.sentOf('presence.set').at(-1)?.payload).toEqual({
      planId: '42',
      focus: { field: 'date' },
      hidden: false,
    });
    expect(window.localStorage.getItem('datebook.plan.hidePresence')).toBeNull();
  });

  it('starts hidden when the member chose so before', () => {
    window.localStorage.setItem('datebook.plan.hidePresence', 'true');
    renderEditor();
    expect(screen.getByRole('checkbox', { name: planLiveMessages.hidePresence })).toHaveProperty(
      'checked',
      true,
    );
  });

  it('clears the list while disconnected and sends the focus again once the room is rejoined', async () => {
    const { live, user, state } = renderEditor();
    state([member({ focus: { field: 'title' } })]);
    await user.click(screen.getByLabelText('Date'));
    const sent = live.sentOf('presence.set').length;

    act(() => live.push('disconnect', 'transport close'));
    expect(screen.queryByRole('list', { name: planLiveMessages.peopleHere })).toBeNull();
    expect(screen.queryByText('Sam is editing the title')).toBeNull();

    state([member({})]);
    expect(live.sentOf('presence.set')).toHaveLength(sent + 1);
    expect(live.sentOf('presence.set').at(-1)?.payload).toEqual({ planId: '42', focus: { field: 'date' } });
  });
});

import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from './toast-provider';
import type { ToastOptions } from './toast-context';
import { useToast } from './use-toast';

function Trigger({ tone, options }: { tone: 'success' | 'error'; options?: ToastOptions }) {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast[tone]('You replaced Sam’s change', options)}>
      Show
    </button>
  );
}

function renderTrigger(tone: 'success' | 'error', options?: ToastOptions) {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  render(
    <ToastProvider>
      <Trigger tone={tone} options={options} />
    </ToastProvider>,
  );
  return user;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts with an action', () => {
  it('shows a real button that runs the action and closes the toast, reachable by keyboard', async () => {
    const run = vi.fn();
    const user = renderTrigger('success', { action: { label: 'Undo', run } });
    await user.click(screen.getByRole('button', { name: 'Show' }));

    const toast = within(screen.getByRole('status'));
    expect(toast.getByText('You replaced Sam’s change')).toBeTruthy();
    await user.tab();
    expect(document.activeElement).toBe(toast.getByRole('button', { name: 'Undo' }));
    await user.keyboard('{Enter}');

    expect(run).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('You replaced Sam’s change')).toBeNull();
  });

  it('puts an error toast’s action in the alert region', async () => {
    const run = vi.fn();
    const user = renderTrigger('error', { action: { label: 'Retry', run } });
    await user.click(screen.getByRole('button', { name: 'Show' }));

    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Retry' }));
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('keeps a toast with an action longer than a plain one', async () => {
    const user = renderTrigger('success', { action: { label: 'Undo', run: vi.fn() } });
    await user.click(screen.getByRole('button', { name: 'Show' }));

    act(() => {
      vi.advanceTimersByTime(8_000);
    });
    expect(screen.getByRole('button', { name: 'Undo' })).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('stays while focus is on it and goes once focus leaves', async () => {
    const user = renderTrigger('success', { action: { label: 'Undo', run: vi.fn() } });
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await user.tab();

    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(screen.getByRole('button', { name: 'Undo' })).toBeTruthy();
    act(() => {
      screen.getByRole('button', { name: 'Show' }).focus();
    });
    act(() => {
      vi.advanceTimersByTime(12_000);
    });
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('keeps a persistent toast until the member acts on it', async () => {
    const run = vi.fn();
    const user = renderTrigger('success', { persistent: true, action: { label: 'Reload', run } });
    await user.click(screen.getByRole('button', { name: 'Show' }));

    act(() => {
      vi.advanceTimersByTime(60 * 60_000);
    });
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(run).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('You replaced Sam’s change')).toBeNull();
  });

  it('still closes a plain success toast after five seconds', async () => {
    const user = renderTrigger('success');
    await user.click(screen.getByRole('button', { name: 'Show' }));

    expect(screen.getByText('You replaced Sam’s change')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(screen.queryByText('You replaced Sam’s change')).toBeNull();
  });
});

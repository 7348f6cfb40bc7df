import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@datebook/contracts';
import { ToastProvider } from '@/ui/feedback/toast/toast-provider';
import { UpdatePrompt } from './update-prompt';

const worker = vi.hoisted(() => {
  const listeners = new Set<() => void>();
  let waiting = false;
  return {
    reloadIntoUpdate: vi.fn(() => Promise.resolve()),
    subscribeToUpdate: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isUpdateWaiting: () => waiting,
    /** What registerSW reports once a new deploy's worker is installed and waiting. */
    newVersionInstalled: () => {
      waiting = true;
      listeners.forEach((listener) => listener());
    },
  };
});
vi.mock('./service-worker', () => worker);

describe('UpdatePrompt', () => {
  it('says nothing until a new version waits, then switches to it only on Reload', async () => {
    render(
      <ToastProvider>
        <UpdatePrompt />
      </ToastProvider>,
    );
    expect(screen.queryByText(messages.connection.newVersion)).toBeNull();

    act(() => worker.newVersionInstalled());
    const region = screen
      .getAllByRole('status')
      .find((candidate) => candidate.textContent?.includes(messages.connection.newVersion));
    expect(region).toBeDefined();
    expect(worker.reloadIntoUpdate).not.toHaveBeenCalled();

    await userEvent.click(within(region!).getByRole('button', { name: messages.connection.reload }));
    expect(worker.reloadIntoUpdate).toHaveBeenCalledTimes(1);
  });
});

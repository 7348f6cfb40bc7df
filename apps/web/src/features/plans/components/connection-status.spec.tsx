import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { planLiveMessages } from '@datebook/contracts';
import { ConnectionStatus } from './connection-status';

describe('the connection status', () => {
  it('says nothing while online, even with an edit in flight', () => {
    render(<ConnectionStatus connection="online" pendingCount={1} />);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('says offline with how many edits wait, then syncing until they are delivered', () => {
    const { rerender } = render(<ConnectionStatus connection="offline" pendingCount={2} />);
    expect(screen.getByRole('status').textContent).toBe(
      planLiveMessages.offline + planLiveMessages.waiting(2),
    );

    rerender(<ConnectionStatus connection="online" pendingCount={2} />);
    expect(screen.getByRole('status').textContent).toBe(
      planLiveMessages.syncing + planLiveMessages.waiting(2),
    );
    rerender(<ConnectionStatus connection="online" pendingCount={0} />);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('says syncing while reconnecting, without a count when nothing waits', () => {
    render(<ConnectionStatus connection="reconnecting" pendingCount={0} />);
    expect(screen.getByRole('status').textContent).toBe(planLiveMessages.syncing);
  });
});

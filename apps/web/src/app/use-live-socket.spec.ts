import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LiveSocket } from '@/lib/live-socket';
import { useLiveSocket } from './use-live-socket';

/** An open connection, as far as the hook looks at one. */
const socket = {
  active: true,
  connected: true,
  on: vi.fn(),
  emit: vi.fn(),
  connect: vi.fn(),
  disconnect: vi.fn(),
};
vi.mock('@/lib/live-socket', () => ({
  openLiveSocket: () => Promise.resolve(socket as unknown as LiveSocket),
}));

describe('useLiveSocket', () => {
  it('hands an open connection each new access token, so the server does not close it at expiry', async () => {
    const { result, rerender } = renderHook(({ token }) => useLiveSocket(token), {
      initialProps: { token: 'access-1' },
    });
    await waitFor(() => expect(result.current).not.toBeNull());

    rerender({ token: 'access-2' });

    expect(socket.emit).toHaveBeenCalledWith('auth.refresh', { token: 'access-2' }, expect.any(Function));
    expect(socket.connect).not.toHaveBeenCalled();
  });
});

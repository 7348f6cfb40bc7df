import { afterEach, describe, expect, it, vi } from 'vitest';
import { openLiveSocket } from './live-socket';

type Listener = (reason: string) => void;

/** A socket.io-client socket as far as openLiveSocket uses one: listeners to call, connect() to count. */
const fake = vi.hoisted(() => {
  const listeners = new Map<string, Listener[]>();
  return {
    listeners,
    socket: {
      on: (event: string, listener: Listener) => {
        listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      },
      connect: vi.fn(),
    },
  };
});
vi.mock('socket.io-client', () => ({ io: () => fake.socket }));

const disconnect = (reason: string) =>
  fake.listeners.get('disconnect')?.forEach((listener) => listener(reason));

afterEach(() => {
  fake.listeners.clear();
  fake.socket.connect.mockClear();
});

describe('openLiveSocket', () => {
  it('reconnects when the server ends the connection, which socket.io-client does not do by itself', async () => {
    await openLiveSocket(() => 'access-1');

    disconnect('io server disconnect');

    expect(fake.socket.connect).toHaveBeenCalledTimes(1);
  });

  it('leaves reconnecting after a closed transport to socket.io-client, and stays closed when signed out', async () => {
    await openLiveSocket(() => null);

    disconnect('transport close');
    disconnect('io server disconnect');
    disconnect('io client disconnect');

    expect(fake.socket.connect).not.toHaveBeenCalled();
  });
});

import { useEffect, useEffectEvent } from 'react';
import { serverEvents, type ServerEventName, type ServerEventPayload } from '@datebook/contracts';
import type { LiveSocket } from './live-socket';

/**
 * Calls `handler` with every `event` the socket receives while mounted. Payloads are checked against
 * the contract first: a malformed one is dropped rather than written into the cache.
 */
export function useServerEvent<E extends ServerEventName>(
  socket: LiveSocket | null,
  event: E,
  handler: (payload: ServerEventPayload<E>) => void,
) {
  const onEvent = useEffectEvent(handler);
  useEffect(() => {
    if (!socket) {
      return;
    }
    const listener = (payload: unknown) => {
      const parsed = serverEvents[event].safeParse(payload);
      if (parsed.success) {
        onEvent(parsed.data as ServerEventPayload<E>);
      }
    };
    // The typed socket cannot relate a generic event name to its listener; the schema above checks it.
    const untyped = socket as unknown as {
      on(name: string, listener: (payload: unknown) => void): void;
      off(name: string, listener: (payload: unknown) => void): void;
    };
    untyped.on(event, listener);
    return () => untyped.off(event, listener);
  }, [socket, event]);
}

import { useEffect, useEffectEvent } from 'react';
import { serverEventSchema, type ServerEventName, type ServerEventPayload } from '@datebook/contracts';
import type { LiveSocket } from './live-socket';

/**
 * The one way screens listen to the live socket: calls `handler` with every `event` it receives
 * while mounted. Payloads are checked against the contract first: a malformed one is dropped rather
 * than written into the cache or a plan.
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
    const schema = serverEventSchema(event);
    const listener = (payload: unknown) => {
      const parsed = schema.safeParse(payload);
      if (parsed.success) {
        onEvent(parsed.data);
      }
    };
    // Typed for any event of the map: a listener that takes whatever arrives fits each of them.
    socket.on<ServerEventName>(event, listener);
    return () => {
      socket.off<ServerEventName>(event, listener);
    };
  }, [socket, event]);
}

/** The same for the socket's own state: `connect` (the first time and after every reconnect), `disconnect`. */
export function useSocketConnection(
  socket: LiveSocket | null,
  event: 'connect' | 'disconnect',
  handler: () => void,
) {
  const onEvent = useEffectEvent(handler);
  useEffect(() => {
    if (!socket) {
      return;
    }
    const listener = () => onEvent();
    socket.on(event, listener);
    return () => {
      socket.off(event, listener);
    };
  }, [socket, event]);
}

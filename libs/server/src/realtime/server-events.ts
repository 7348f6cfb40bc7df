import { serverEventSchema, type ServerEventName, type ServerEventPayload } from '@datebook/contracts';

/**
 * Whatever delivers an event to browsers: the api's server or some of its rooms, one socket, the
 * Redis emitter. Each is typed with the contracts' one event map, so a payload of the wrong shape
 * does not compile.
 */
export interface ServerEventTarget<E extends ServerEventName> {
  emit(event: E, payload: ServerEventPayload<E>): unknown;
}

/**
 * The one way a server process pushes a live event. The payload is checked against its contract
 * once, before it goes to any socket (a room of a thousand sockets costs one check), so a malformed
 * one fails here rather than in every open tab.
 */
export function pushEvent<E extends ServerEventName>(
  to: ServerEventTarget<NoInfer<E>>,
  event: E,
  payload: ServerEventPayload<E>,
): void {
  to.emit(event, serverEventSchema(event).parse(payload));
}

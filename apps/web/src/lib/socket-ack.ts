/** A message the server did not answer within the time allowed (the socket may be reconnecting). */
export class AckTimeoutError extends Error {
  constructor(event: string) {
    super(`No answer to ${event} in time.`);
    this.name = 'AckTimeoutError';
  }
}

interface EmitsWithAck {
  emit(event: string, payload: unknown, ack: (answer: unknown) => void): unknown;
}

/**
 * Sends `event` and resolves with the server's answer, unchecked (the caller parses it against its
 * contract), or rejects with AckTimeoutError after `timeoutMs`. An answer after the timeout is
 * ignored. Built on the plain `emit` (not `timeout().emitWithAck`), so any object that emits will do.
 */
export function emitWithAck(
  socket: object,
  event: string,
  payload: unknown,
  timeoutMs: number,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => {
      settled = true;
      reject(new AckTimeoutError(event));
    }, timeoutMs);
    // A typed socket cannot relate a generic event name to its payload; the caller parses the answer.
    (socket as EmitsWithAck).emit(event, payload, (answer: unknown) => {
      if (!settled) {
        settled = true;
        clearTimeout(timer);
        resolve(answer);
      }
    });
  });
}

import type { FastifyInstance } from 'fastify';
import { hasControlCharacter, inputMessages, type ErrorBody } from '@datebook/contracts';

/** A segment as the router hands it to a handler; one that cannot be decoded is the router's to refuse. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Whether the path of a request target (query aside) holds a control character once percent-decoded. */
export function pathHasControlCharacter(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  // Without a percent sign decoding changes nothing: one pass over the path, no segments built.
  if (!path.includes('%')) {
    return hasControlCharacter(path);
  }
  return path.split('/').some((segment) => hasControlCharacter(decodeSegment(segment)));
}

/**
 * Refuses a path holding a control character (`/api/profiles/%00`) with the usual 400, before any
 * handler runs: no route takes one, and a NUL would reach PostgreSQL, which refuses it in text.
 */
export function refuseControlCharactersInPath(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    if (!pathHasControlCharacter(request.url)) {
      done();
      return;
    }
    const body: ErrorBody = {
      error: { code: 'VALIDATION_FAILED', message: inputMessages.addressCharacters },
    };
    void reply.status(400).send(body);
  });
}

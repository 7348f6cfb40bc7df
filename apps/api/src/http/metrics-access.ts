import type { FastifyInstance } from 'fastify';
import { addressMatcher, ForbiddenError } from '@datebook/server';
import { toErrorResponse } from './error-response';

/**
 * Answers /metrics only to the addresses METRICS_ALLOW_FROM lists (the client address Fastify
 * derives under TRUST_PROXY); others get the usual 403. Keyed on the matched route, not the raw URL,
 * so no spelling of the path (`/%6detrics`) gets around it.
 */
export function restrictMetrics(fastify: FastifyInstance, allowFrom: readonly string[]): void {
  const allowed = addressMatcher(allowFrom);
  fastify.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.url !== '/metrics' || allowed(request.ip)) {
      return;
    }
    const { status, body } = toErrorResponse(new ForbiddenError());
    return reply.status(status).send(body);
  });
}

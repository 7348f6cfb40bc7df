import type { FastifyInstance, onRequestHookHandler, RouteOptions } from 'fastify';
import { addressMatcher, ForbiddenError } from '@datebook/server';
import { toErrorResponse } from './error-response';
import { hookList } from './request-metrics';

/**
 * Answers /metrics only to the addresses METRICS_ALLOW_FROM lists (the client address Fastify
 * derives under TRUST_PROXY); others get the usual 403. A hook of the route itself, not of the raw
 * URL, so no spelling of the path (`/%6detrics`) gets around it, and no other request pays for the
 * check. Must be called before the routes are added.
 */
export function restrictMetrics(fastify: FastifyInstance, allowFrom: readonly string[]): void {
  const allowed = addressMatcher(allowFrom);
  const restrict: onRequestHookHandler = (request, reply, done) => {
    if (allowed(request.ip)) {
      done();
      return;
    }
    const { status, body } = toErrorResponse(new ForbiddenError());
    void reply.status(status).send(body);
  };
  fastify.addHook('onRoute', (route: RouteOptions) => {
    if (route.url === '/metrics') {
      route.onRequest = [...hookList(route.onRequest), restrict];
    }
  });
}

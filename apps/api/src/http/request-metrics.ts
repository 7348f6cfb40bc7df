import type { FastifyInstance, onResponseHookHandler, RouteOptions } from 'fastify';
import type { Metrics } from '@datebook/server';

/** A route option that takes one hook or a list of them, as a list. */
export function hookList<T>(hooks: T | T[] | undefined): T[] {
  return hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
}

/**
 * Counts every request in `http_request_duration_seconds` by method, route and status. Each route
 * gets a hook that knows its own path, resolved once when the route is added (reading
 * `request.routeOptions` builds an object on every call); requests no route matched are counted
 * as `unmatched` by the one server-wide hook. Must be called before the routes are added.
 */
export function countRequests(fastify: FastifyInstance, metrics: Metrics): void {
  fastify.addHook('onRoute', (route: RouteOptions) => {
    const path = route.url;
    const count: onResponseHookHandler = (request, reply, done) => {
      metrics.observeRequest(request.method, path, reply.statusCode, reply.elapsedTime / 1000);
      done();
    };
    route.onResponse = [...hookList(route.onResponse), count];
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    if (request.is404) {
      metrics.observeRequest(request.method, 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    }
    done();
  });
}

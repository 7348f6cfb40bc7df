// Brings in the declaration of reply.sendFile, which the static plugin adds.
import type {} from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';

const SERVER_PREFIXES = ['/api', '/health', '/metrics', '/socket.io', '/.well-known'];

/** Serves the built web app's index.html for client-side routes (one URL runs everything). */
export class SpaFallback {
  /** Requests already handed the page: a missing index.html comes back here as a 404, which must stay one. */
  private readonly served = new WeakSet<FastifyRequest>();

  /**
   * Only page navigations (which ask for HTML) get the app: a missing script or image must stay a
   * 404, or a stale chunk would arrive as HTML and fail with a confusing MIME error.
   */
  accepts(request: FastifyRequest): boolean {
    if (this.served.has(request)) {
      return false;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return false;
    }
    if (!(request.headers.accept ?? '').includes('text/html')) {
      return false;
    }
    const path = request.url.split('?')[0] ?? '/';
    return !SERVER_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  }

  /**
   * Through the static server, so the page gets the same encoding negotiation and headers as `/`;
   * it reads the file on every navigation, so a rebuilt web app is served at once.
   */
  send(reply: FastifyReply): void {
    this.served.add(reply.request);
    void reply.status(200).sendFile('index.html');
  }
}

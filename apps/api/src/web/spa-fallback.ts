import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

const SERVER_PREFIXES = ['/api', '/health', '/metrics', '/socket.io', '/.well-known'];

/** Serves the built web app's index.html for client-side routes (one URL runs everything). */
export class SpaFallback {
  private readonly indexHtml: string;

  constructor(webDistDir: string) {
    this.indexHtml = readFileSync(join(webDistDir, 'index.html'), 'utf8');
  }

  /**
   * Only page navigations (which ask for HTML) get the app: a missing script or image must stay a
   * 404, or a stale chunk would arrive as HTML and fail with a confusing MIME error.
   */
  accepts(request: FastifyRequest): boolean {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return false;
    }
    if (!(request.headers.accept ?? '').includes('text/html')) {
      return false;
    }
    const path = request.url.split('?')[0] ?? '/';
    return !SERVER_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  }

  send(reply: FastifyReply): FastifyReply {
    return reply
      .status(200)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(this.indexHtml);
  }
}

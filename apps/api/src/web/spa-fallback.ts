import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

const SERVER_PREFIXES = ['/api', '/health', '/metrics', '/socket.io', '/.well-known'];

/** Serves the built web app's index.html for client-side routes (one URL runs everything). */
export class SpaFallback {
  private readonly indexFile: string;

  constructor(webDistDir: string) {
    this.indexFile = join(webDistDir, 'index.html');
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

  /** Read on every navigation (the page cache makes it cheap) so a rebuilt web app is served at once. */
  async send(reply: FastifyReply): Promise<FastifyReply> {
    const html = await readFile(this.indexFile, 'utf8');
    return reply.status(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  }
}

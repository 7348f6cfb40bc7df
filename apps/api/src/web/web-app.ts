import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import { relative } from 'node:path';
import { cacheControlFor } from './cache-control';
import { SpaFallback } from './spa-fallback';

/**
 * Serves the built web app from `webDistDir` (decision 6): each file in the encoding the browser
 * prefers among the variants the build wrote (`.br`, then `.gz`, else the file itself, with
 * `Vary: Accept-Encoding` either way), hashed assets cached for good. Returns the fallback that
 * answers client-side routes with index.html.
 */
export function serveWebApp(app: NestFastifyApplication, webDistDir: string): SpaFallback {
  app.useStaticAssets({
    root: webDistDir,
    prefix: '/',
    index: 'index.html',
    preCompressed: true,
    // Build metadata such as .vite/manifest.json is not part of the site.
    dotfiles: 'ignore',
    // Nest types this callback's first argument as a Node response, but @fastify/static 10 passes
    // the Fastify reply.
    setHeaders: (response: unknown, path: string) => {
      const cacheControl = cacheControlFor(relative(webDistDir, path));
      if (cacheControl) {
        void (response as FastifyReply).header('cache-control', cacheControl);
      }
    },
  });
  return new SpaFallback();
}

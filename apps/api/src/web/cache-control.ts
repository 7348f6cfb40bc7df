import { sep } from 'node:path';

/** The precompressed variants the web build writes beside each file. */
const ENCODED_SUFFIX = /\.(br|gz)$/;

/**
 * The files that name the current build and are fetched at a fixed address: index.html (the hashed
 * bundles), the service worker (the precache list of a deploy: browsers compare it byte for byte to
 * find a new version) and the web app manifest. Nginx lists the same (apps/web/nginx.datebook.conf.template).
 */
export const REVALIDATED_FILES: readonly string[] = ['index.html', 'sw.js', 'manifest.webmanifest'];

/**
 * The Cache-Control of a file of the built web app, given its path inside the dist folder; a `.br` or
 * `.gz` variant is cached like its original. Vite names everything under `assets/` by its content
 * hash, so those never change in place; the revalidated files are checked on every visit. Anything
 * else (the favicon, the icons) keeps the static server's default.
 */
export function cacheControlFor(pathInDist: string): string | undefined {
  const original = pathInDist.replace(ENCODED_SUFFIX, '');
  if (original.startsWith(`assets${sep}`)) {
    return 'public, max-age=31536000, immutable';
  }
  if (REVALIDATED_FILES.includes(original)) {
    return 'no-cache';
  }
  return undefined;
}

import { sep } from 'node:path';

/** The precompressed variants the web build writes beside each file. */
const ENCODED_SUFFIX = /\.(br|gz)$/;

/**
 * The Cache-Control of a file of the built web app, given its path inside the dist folder; a `.br` or
 * `.gz` variant is cached like its original. Vite names everything under `assets/` by its content
 * hash, so those never change in place; `index.html` names the current hashes, so it is revalidated
 * on every visit. Anything else (the favicon) keeps the static server's default.
 */
export function cacheControlFor(pathInDist: string): string | undefined {
  const original = pathInDist.replace(ENCODED_SUFFIX, '');
  if (original.startsWith(`assets${sep}`)) {
    return 'public, max-age=31536000, immutable';
  }
  if (original === 'index.html') {
    return 'no-cache';
  }
  return undefined;
}

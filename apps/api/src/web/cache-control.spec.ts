import { join } from 'node:path';
import { cacheControlFor } from './cache-control';

describe('cacheControlFor', () => {
  it('caches hashed assets for a year, in every encoding', () => {
    for (const file of ['app-1a2b.js', 'app-1a2b.js.br', 'app-1a2b.css.gz']) {
      expect(cacheControlFor(join('assets', file))).toBe('public, max-age=31536000, immutable');
    }
  });

  it('has index.html revalidated, in every encoding', () => {
    for (const file of ['index.html', 'index.html.br', 'index.html.gz']) {
      expect(cacheControlFor(file)).toBe('no-cache');
    }
  });

  it('has the service worker and the manifest revalidated, so a deploy is seen at once', () => {
    for (const file of ['sw.js', 'sw.js.br', 'sw.js.gz', 'manifest.webmanifest']) {
      expect(cacheControlFor(file)).toBe('no-cache');
    }
  });

  it('leaves other files to the default', () => {
    expect(cacheControlFor('favicon.svg')).toBeUndefined();
    expect(cacheControlFor(join('icons', 'icon-192.png'))).toBeUndefined();
    expect(cacheControlFor('assets.js')).toBeUndefined();
  });
});

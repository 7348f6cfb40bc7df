import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { getManifest } from 'workbox-build';
import { NavigationRoute } from 'workbox-routing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_ONLY_NAVIGATIONS, NOT_PRECACHED_FILES, PRECACHED_FILES, pwaOptions } from './pwa';

describe('what the service worker precaches', () => {
  let dist: string;
  const write = (file: string) => {
    mkdirSync(dirname(join(dist, file)), { recursive: true });
    writeFileSync(join(dist, file), file);
  };

  beforeEach(() => {
    dist = mkdtempSync(join(tmpdir(), 'datebook-pwa-'));
  });
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  it('takes the shell, every route chunk, styles and icons, and no compressed twin or build metadata', async () => {
    const built = [
      'index.html',
      'index.html.br',
      'index.html.gz',
      'favicon.svg',
      'icons/icon-192.png',
      'icons/icon-maskable-512.png',
      'assets/index-1a2b.js',
      'assets/index-1a2b.js.br',
      'assets/index-1a2b.css',
      'assets/index-1a2b.css.gz',
      'assets/explore-page-3c4d.js',
      'assets/plan-editor-page-5e6f.js',
      'assets/plan-editor-page-5e6f.css',
      '.vite/manifest.json',
    ];
    built.forEach(write);

    const { manifestEntries } = await getManifest({
      globDirectory: dist,
      globPatterns: PRECACHED_FILES,
      globIgnores: NOT_PRECACHED_FILES,
    });

    expect(manifestEntries.map((entry) => entry.url).sort()).toEqual([
      'assets/explore-page-3c4d.js',
      'assets/index-1a2b.css',
      'assets/index-1a2b.js',
      'assets/plan-editor-page-5e6f.css',
      'assets/plan-editor-page-5e6f.js',
      'favicon.svg',
      'icons/icon-192.png',
      'icons/icon-maskable-512.png',
      'index.html',
    ]);
  });

  it('caches nothing at run time: the api, Socket.IO and media never go through a cache', () => {
    expect(pwaOptions.workbox?.runtimeCaching).toBeUndefined();
    expect(pwaOptions.workbox?.navigateFallback).toBe('index.html');
  });
});

describe('which navigations the shell answers', () => {
  // Workbox's development build logs every decision.
  beforeEach(() => {
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
  });

  const route = new NavigationRoute(() => Promise.resolve(new Response()), {
    denylist: NETWORK_ONLY_NAVIGATIONS,
  });
  const answeredByShell = (address: string, mode: 'navigate' | 'cors' = 'navigate') =>
    Boolean(
      route.match({
        url: new URL(address, 'https://datebook.example'),
        request: { mode },
        sameOrigin: true,
      } as unknown as Parameters<typeof route.match>[0]),
    );

  it('answers the app’s own screens, with their queries', () => {
    for (const address of [
      '/',
      '/explore',
      '/search?q=picnic',
      '/plan/abc',
      '/plan/shared/t0k3n',
      '/u/sam',
      '/apiary',
    ]) {
      expect(answeredByShell(address), address).toBe(true);
    }
  });

  it('never stands in for what the api answers: auth, docs, metrics, Socket.IO, health', () => {
    for (const address of [
      '/api/auth/confirm?token_hash=x',
      '/api/auth/google/callback',
      '/api/docs',
      '/api/docs/',
      '/api/posts',
      '/api?x=1',
      '/metrics',
      '/socket.io/?EIO=4&transport=polling',
      '/health',
      '/health/ready',
      '/.well-known/security.txt',
    ]) {
      expect(answeredByShell(address), address).toBe(false);
    }
  });

  it('leaves every request that is not a navigation alone', () => {
    expect(answeredByShell('/explore', 'cors')).toBe(false);
    expect(answeredByShell('/api/posts', 'cors')).toBe(false);
  });
});

describe('how a new version arrives', () => {
  it('waits for the member’s Reload instead of taking over open pages', () => {
    expect(pwaOptions.registerType).toBe('prompt');
    expect(pwaOptions.workbox?.skipWaiting).toBe(false);
  });
});

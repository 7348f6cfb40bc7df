import type { VitePWAOptions } from 'vite-plugin-pwa';

/**
 * The service worker's rules (issue 26, decision text in the notes), in one place so a unit test can
 * check them against Workbox itself.
 *
 * It caches the build and nothing else: every file the build emits for the browser (the shell, each
 * route's chunk, styles, icons, the manifest) is precached at install under its content revision,
 * and a navigation to any client-side route is answered with the precached index.html. It registers
 * no runtime route: requests to the api, Socket.IO, media and everything else are never answered by
 * the worker, so they behave exactly as without one.
 */

/**
 * The files of the build the worker precaches (paths relative to dist). The plugin adds the web app
 * manifest itself.
 */
export const PRECACHED_FILES = ['**/*.{js,css,html,svg,png}'];

/**
 * Never precached: the precompressed twins of the files above (the server picks an encoding itself)
 * and the build's metadata.
 */
export const NOT_PRECACHED_FILES = ['**/*.{br,gz}', '.vite/**'];

/**
 * Navigations the worker leaves to the network, online or not: everything the api answers itself
 * (its pages and redirects such as /api/auth/* and the /api/docs, metrics, Socket.IO, health and
 * .well-known endpoints), which the app's shell must never stand in for. Workbox matches them
 * against the path and query of the address.
 */
export const NETWORK_ONLY_NAVIGATIONS: RegExp[] = [
  /^\/api(\/|\?|$)/,
  /^\/metrics(\/|\?|$)/,
  /^\/socket\.io(\/|\?|$)/,
  /^\/health(\/|\?|$)/,
  /^\/\.well-known\//,
];

export const APP_NAME = 'Datebook';

/** The colours of the installed app's frame and splash screen: --color-brand and --color-background. */
export const THEME_COLOR = '#e11d48';
export const BACKGROUND_COLOR = '#faf7f8';

export const pwaOptions: Partial<VitePWAOptions> = {
  // The app shows 'A new version is available — Reload' and swaps workers only when the member
  // taps Reload (src/features/pwa), so a page never runs old and new chunks side by side.
  registerType: 'prompt',
  // Registered from the app's own bundle (virtual:pwa-register): no inline script for the CSP.
  injectRegister: false,
  strategies: 'generateSW',
  filename: 'sw.js',
  manifestFilename: 'manifest.webmanifest',
  // The icons are precached by PRECACHED_FILES already; listing them twice only bloats sw.js.
  includeManifestIcons: false,
  manifest: {
    name: APP_NAME,
    short_name: APP_NAME,
    description: 'Share date ideas, follow creators and plan dates together.',
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: PRECACHED_FILES,
    globIgnores: NOT_PRECACHED_FILES,
    navigateFallback: 'index.html',
    navigateFallbackDenylist: NETWORK_ONLY_NAVIGATIONS,
    // The first worker takes the open page at once, so it works offline without a reload. Later
    // workers wait for the member's Reload (skipWaiting stays off).
    clientsClaim: true,
    skipWaiting: false,
    // Precaches of earlier Workbox versions are deleted, not left to fill the quota.
    cleanupOutdatedCaches: true,
    // One file: no importScripts of a separate workbox-*.js, so sw.js is the only file to serve
    // uncached and the worker's policy only needs its own origin.
    inlineWorkboxRuntime: true,
    sourcemap: false,
  },
};

import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
// The product's version is the monorepo's: the header shows the root package.json version.
import rootPackage from '../../package.json' with { type: 'json' };
import { paintFirst } from './vite-plugins/paint-first.ts';
import { precompress } from './vite-plugins/precompress.ts';
import { pwaOptions } from './vite-plugins/pwa.ts';

const fromHere = (relativePath: string): string => `${import.meta.dirname}/${relativePath}`;

/** In development the api runs separately; the browser still sees one origin, as in production. */
const apiOrigin = 'http://localhost:3000';
const apiProxy: Record<string, ProxyOptions> = {
  '/api': { target: apiOrigin },
  '/health': { target: apiOrigin },
  '/socket.io': { target: apiOrigin, ws: true },
};

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), paintFirst(), VitePWA(pwaOptions), precompress()],
  resolve: {
    alias: [
      { find: '@', replacement: fromHere('src') },
      { find: '@datebook/contracts', replacement: fromHere('../../libs/contracts/src/index.ts') },
      // Test fixtures shared with the domain's own tests; only specs import them.
      { find: '@datebook/domain/testing', replacement: fromHere('../../libs/domain/src/testing/index.ts') },
      { find: '@datebook/domain', replacement: fromHere('../../libs/domain/src/index.ts') },
      // zod set up to parse without eval, which the Content-Security-Policy refuses: see the file.
      { find: /^zod$/, replacement: fromHere('src/lib/zod-without-eval.ts') },
    ],
  },
  define: {
    __APP_VERSION__: JSON.stringify(rootPackage.version),
  },
  server: { port: 5173, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each route loads, read by `npm run size`.
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries change far less often than the app: separate chunks stay cached across deploys.
        // Route modules are lazily imported and get their own chunks without help.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'router', test: /node_modules[\\/](react-router|react-router-dom)[\\/]/, priority: 2 },
            // Only signed-in members open the live socket, and they load it on demand.
            {
              name: 'socket-io',
              test: /node_modules[\\/](socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io)[\\/]/,
              priority: 2,
            },
            // The service worker is registered after the page has loaded: its client stays out of the shell.
            { name: 'workbox-window', test: /node_modules[\\/]workbox-window[\\/]/, priority: 2 },
            // Not in the shell: the contracts' schemas load with the first api call (the features'
            // endpoints.ts, lib/error-body.ts), zod with them; photo placeholders come with the screens.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 2 },
            { name: 'thumbhash', test: /node_modules[\\/]thumbhash[\\/]/, priority: 2 },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});

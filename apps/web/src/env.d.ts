/// <reference types="vite-plugin-pwa/client" />

/** Replaced at build time (see vite.config.ts) with the version in the root package.json. */
declare const __APP_VERSION__: string;

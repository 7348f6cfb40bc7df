import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.cjs';
import { GRANTED_STATE } from './tests/support/storage-states';

/**
 * Drives the built web app served by the api (scripts/test.mjs starts the stack). Debian's Chromium,
 * never a downloaded browser. Tests tagged @mobile run at phone size; all others at desktop size.
 *
 * Service workers are blocked except in tests tagged @pwa: a request the worker handles never reaches
 * page.route, and a worker that precached the app would keep serving it between tests that expect
 * what the server sends now. The @pwa project runs at desktop size with workers allowed.
 */
export default defineConfig({
  testDir: 'tests',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: true,
  // A flaky test is fixed, not retried away.
  retries: 0,
  // On the 2-core CI machine two workers share the cores with the api, the worker, PostgreSQL and
  // the photo renditions the tests publish; a member's whole journey (sign-up, posts, two browsers)
  // needs more than the default 30 s test and 5 s wait there, though nothing in it is slow.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  reporter: 'list',
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://localhost:3100',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_FLAGS],
    },
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'setup', testMatch: /.*\.setup\.ts$/ },
    {
      name: 'desktop',
      grepInvert: /@mobile|@pwa/,
      dependencies: ['setup'],
      use: { viewport: { width: 1280, height: 800 }, storageState: GRANTED_STATE, serviceWorkers: 'block' },
    },
    {
      name: 'pwa',
      grep: /@pwa/,
      dependencies: ['setup'],
      use: { viewport: { width: 1280, height: 800 }, storageState: GRANTED_STATE, serviceWorkers: 'allow' },
    },
    {
      name: 'mobile',
      grep: /@mobile/,
      dependencies: ['setup'],
      use: {
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        storageState: GRANTED_STATE,
        serviceWorkers: 'block',
      },
    },
  ],
});

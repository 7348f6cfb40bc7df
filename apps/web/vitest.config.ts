import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      include: ['src/**/*.spec.{ts,tsx}', 'vite-plugins/**/*.spec.ts'],
      setupFiles: ['src/testing/setup.ts'],
      restoreMocks: true,
      // The first test of a file also pays for transforming the lazy page it renders; on the
      // 2-core CI machine, beside the integration services, that alone has passed vitest's 5 s.
      // A stuck test still fails, at 15 s.
      testTimeout: 15_000,
      unstubGlobals: true,
    },
  }),
);

import { defineConfig } from 'vitest/config';

// Unit and integration tests. End-to-end tests run under Playwright (test/e2e) and benchmarks
// under `npm run bench` (test/bench): neither is collected here.
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['test/setup/fast-check.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    reporters: ['default'],
  },
});

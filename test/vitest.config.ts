import { defineConfig } from 'vitest/config';

// Unit and integration tests. End-to-end tests run under Playwright (test/e2e) and benchmarks
// under `npm run bench` (test/bench): neither is collected here.
//
// Two projects, one run (`npm run test:unit`), or one of them with `--project unit|integration`:
// - unit: plain functions and in-process objects (no test/unit file mocks a module, stubs a global
//   or sets process.env). Its files share worker threads and their loaded modules (isolate off):
//   loading each file's module graph afresh in a new process cost two thirds of its CPU time.
// - integration: real child processes, signals, servers and SQLite files: each file in a process
//   of its own, as before.
const shared = {
  environment: 'node',
  setupFiles: ['test/setup/fast-check.ts'],
  testTimeout: 30_000,
  hookTimeout: 30_000,
};

export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    // Vitest's default is one worker less than the cores: one at a time on a 2-core machine, while
    // most integration files wait on child processes, servers and disk. Two keep both cores busy.
    maxWorkers: 2,
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: {
          ...shared,
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          pool: 'threads',
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          ...shared,
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          pool: 'forks',
        },
      },
    ],
  },
});

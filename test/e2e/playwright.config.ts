// End-to-end tests of the UI in headless mode, in Debian's Chromium (Playwright's own browser
// download does not work on these machines). Each spec file starts its own app with a fresh data
// folder and a fast market clock (see fixtures.ts).
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';

export default defineConfig({
  testDir: '.',
  // *.e2e.ts here; *.spec.ts for the charts' own spec (test/e2e/charts.spec.ts).
  testMatch: ['**/*.e2e.ts', '**/*.spec.ts'],
  // Overridable, so two runs on one machine do not clear each other's traces.
  outputDir: process.env.GAMMAWATCH_E2E_OUT ?? '../artifacts/playwright',
  globalSetup: './global-setup.ts',
  timeout: 120_000,
  expect: { timeout: 30_000 },
  // Two specs at a time, each with its own app and browser: most of a spec's time is waiting on
  // the fast clock, the polls and the alert channels, so one at a time left a core idle. Measured
  // on the 2-core machine, every spec: 911 s with two, about 1,060 s with one (2026-11-30).
  workers: 2,
  fullyParallel: false,
  retries: 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS],
    },
    viewport: { width: 1440, height: 900 },
    colorScheme: 'dark',
    acceptDownloads: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});

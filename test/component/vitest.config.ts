import { fileURLToPath } from 'node:url';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { bridgeProxy } from './bridge-proxy.ts';
import { coreCommands } from './core-commands.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

// Component tests: the renderer's screens mounted in Chromium (Vitest's browser mode, so uPlot has
// a real canvas), beside their components as <name>.test.ts, talking to the real core that
// global-setup.ts starts, over the renderer's own HTTP transport. Debian's Chromium is used:
// Playwright's own browser download is not available here.
export default defineConfig({
  root,
  plugins: [svelte({ configFile: `${root}/svelte.config.js` }), bridgeProxy()],
  test: {
    include: ['src/renderer/**/*.test.ts'],
    globalSetup: ['test/component/global-setup.ts'],
    // One core for every file: files run one after another, so one's writes never race another's reads.
    fileParallelism: false,
    // And in one page: each file unmounts what it mounted, and modules load once, not per file.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 120_000,
    // What the screen shows comes from a real core: a few seconds, never the test's whole time.
    expect: { poll: { timeout: 5_000 } },
    browser: {
      enabled: true,
      headless: true,
      screenshotFailures: false,
      provider: playwright({
        launchOptions: {
          executablePath: CHROMIUM_PATH,
          args: [...CHROMIUM_ARGS],
        },
      }),
      commands: coreCommands,
      instances: [{ browser: 'chromium', viewport: { width: 1280, height: 900 } }],
    },
  },
});

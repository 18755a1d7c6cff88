// Playwright fixtures: each spec file gets its own Gammawatch in headless mode with a fresh data
// folder, as a new user would start it, and a page signed in through the printed URL:
// `gammawatch start --headless` with the real core and the simulated market on a fast clock
// starting just before a market open.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { callBridge } from '../support/bridge-call.ts';

export const REPO = resolve(import.meta.dirname, '../..');
export const SCREENSHOTS = join(REPO, 'test/artifacts/screenshots');

export interface RunningApp {
  url: string;
  origin: string;
  token: string;
  dataDir: string;
  /** Calls the bridge directly (as the page would), for setup and for checking what the UI shows. */
  call<T = unknown>(method: string, input?: unknown): Promise<T>;
  /** Stops the app (the page then sees it go offline). */
  stop(): Promise<void>;
}

/**
 * A Monday a few minutes before the open, New York time: the fast clock (60×: a session lasts
 * 6.5 minutes) opens the market at once and keeps it open for the whole journey.
 */
export const FAST_START = '2026-03-02T14:28:00Z';

/** A newly watched ticker's first history in these apps (`--backfill`; see launchApp). */
export const E2E_BACKFILL = '30d';

const URL_PATTERN = /http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+/;

export async function launchApp(
  options: {
    /** Added to the app's environment, e.g. DISPLAY and DBUS_SESSION_BUS_ADDRESS of a test desktop. */
    env?: Record<string, string>;
    /** The market instant the fast clock starts from (default FAST_START). */
    fastStart?: string;
    /** How far back a newly watched ticker's first history reaches (default E2E_BACKFILL). */
    backfill?: string;
  } = {},
): Promise<RunningApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gammawatch-e2e-'));
  const args = [
    'src/host/gammawatch.mjs',
    'start',
    '--headless',
    '--no-open',
    '--data-dir',
    dataDir,
    '--clock',
    'fast',
    '--fast-start',
    options.fastStart ?? FAST_START,
    '--fast-speed',
    '60',
    // Each spec's app lives a minute or two: the background warm-up of every universe ticker's
    // 180-day series (about 35 s of CPU, measured) only makes later series requests reads, which
    // these tests do not time, and it took a core from the browser and the app under test.
    // test/integration/service/warm-up.test.ts tests the warm-up.
    '--warm-series',
    'off',
    // A newly watched ticker's first history: the app's two years cost about 5 s of CPU per ticker,
    // and a spec onboards up to eight. A month is what these screens draw (the Series and the
    // month's price chart; yesterday's and last week's records); a spec that replays half a year
    // (the backtests) asks for the two years.
    '--backfill',
    options.backfill ?? E2E_BACKFILL,
  ];
  const child = spawn(process.execPath, args, {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...options.env, GAMMAWATCH_HOME: dataDir },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = await new Promise<string>((resolveUrl, reject) => {
    let stdout = '';
    const timer = setTimeout(() => reject(new Error(`no URL within 90 s; stderr:\n${stderr}`)), 90_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = URL_PATTERN.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolveUrl(match[0]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the app exited (${code}) before printing its URL; stderr:\n${stderr}`));
    });
  });
  const parsed = new URL(url);
  const token = parsed.searchParams.get('token') ?? '';
  const origin = parsed.origin;
  return {
    url,
    origin,
    token,
    dataDir,
    call: <T>(method: string, input?: unknown) => callBridge<T>(origin, token, method, input ?? {}),
    stop: () => stopChild(child, dataDir),
  };
}

/** SIGTERM (SIGKILL after 15 s), wait for the exit, then remove the data folder. */
export async function stopChild(child: ChildProcess, dataDir: string): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
  rmSync(dataDir, { recursive: true, force: true });
}

/** Saves a full-page screenshot under test/artifacts/screenshots/<name>.png. */
export async function snap(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** A screenshot of one part of the page (a panel below the fold that a page shot would cut). */
export async function snapElement(part: Locator, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await part.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

type WorkerFixtures = {
  app: RunningApp;
  appLabel: string;
  appEnv: Record<string, string>;
  appFastStart: string;
  appBackfill: string;
};
type TestFixtures = { gw: Page };

/**
 * One app per worker, one signed-in page per test. A spec that needs an app of its own (the
 * first-run journey) sets `test.use({ appLabel: '<name>' })`: a different worker option makes
 * Playwright give that file its own worker, hence its own fresh app.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  appLabel: ['shared', { option: true, scope: 'worker' }],
  // Extra environment for the app; a spec overrides it with a fixture (the test desktop's).
  appEnv: [{}, { option: true, scope: 'worker' }],
  // Where the fast market clock starts; a spec that must see the open happen sets an earlier one.
  appFastStart: [FAST_START, { option: true, scope: 'worker' }],
  // How far back a new ticker's first history reaches (see launchApp); the backtests set '2y'.
  appBackfill: [E2E_BACKFILL, { option: true, scope: 'worker' }],
  app: [
    async ({ appLabel, appEnv, appFastStart, appBackfill }, use) => {
      void appLabel;
      const app = await launchApp({ env: appEnv, fastStart: appFastStart, backfill: appBackfill });
      await use(app);
      await app.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  gw: async ({ page, app }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(app.url);
    await expect(page.getByTestId('data-source')).toBeVisible();
    await use(page);
    expect(errors, 'uncaught errors in the page').toEqual([]);
  },
});

export { expect };

// Settings → Data source switches the running app between all four sources, live, as a user would
// click through it: the simulator → a chain folder (a real Cboe chain and a history file; a missing
// folder first, which fails clearly and changes nothing) → Tradier (the sandbox, through the local
// stand-in of its API) → a remote API v2 (a second Gammawatch service, with a key) → the simulator
// again. After each switch the header's badge says what is on screen. Screenshots:
// test/artifacts/screenshots/data-source-*.png.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { importChainFile } from '../../src/service/market/import/index.ts';
import { TradierStandIn } from '../support/tradier-stand-in.ts';
import { expect, REPO, snap, test as appTest } from './fixtures.ts';
import { startRemote, type RemoteService } from './support/remote-service.ts';

const CBOE_SAMPLE = join(REPO, '../shared/fixtures/cboe/tsla_quotedata.csv');
const REMOTE_KEY = 'e2e-remote-key-7f3a';
const TRADIER_TOKEN = 'e2e-sandbox-token-a1b2';

interface Standin {
  /** The origin the app is pointed at through GAMMAWATCH_TRADIER_BASE_URL. */
  origin: string;
  stop(): Promise<void>;
}

/** A local stand-in of Tradier's API quoting the Cboe TSLA chain, so no test touches the network. */
async function startTradierStandin(): Promise<Standin> {
  const standin = await TradierStandIn.start({ token: TRADIER_TOKEN });
  standin.addChain((await importChainFile(CBOE_SAMPLE)).chain);
  return { origin: standin.origin, stop: () => standin.close() };
}

const test = appTest.extend<object, { tradier: Standin }>({
  tradier: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const standin = await startTradierStandin();
      await use(standin);
      await standin.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  appEnv: [
    async ({ tradier }, use) => use({ GAMMAWATCH_TRADIER_BASE_URL: tradier.origin }),
    { scope: 'worker' },
  ],
});

test.describe.configure({ mode: 'serial' });
// A first run (onboarding links here) and sources changed: an app of its own.
test.use({ appLabel: 'data-sources' });

const BROKEN_FILES = [
  'spy_quotedata.csv',
  ...Array.from({ length: 11 }, (_, i) => `qqq_quotedata (${i + 1}).csv`),
];

/** A chain folder as a user would make one: the Cboe download, a price history, broken files. */
function chainFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gammawatch-e2e-chains-'));
  copyFileSync(CBOE_SAMPLE, join(dir, 'tsla_quotedata.csv'));
  mkdirSync(join(dir, 'history'));
  // 30 sessions of closes ending on the chain's date (Aug 18, 2023: the Friday before its Sunday snapshot).
  const lines = ['Date,Open,High,Low,Close,Adj Close,Volume'];
  const end = Date.UTC(2023, 7, 18);
  let close = 240;
  for (let day = 0, n = 0; n < 30; day += 1) {
    const t = new Date(end - (41 - day) * 86_400_000);
    if (t.getUTCDay() === 0 || t.getUTCDay() === 6) continue;
    close = close * (1 + 0.012 * Math.sin(n * 1.7)) - 0.6;
    const c = close.toFixed(2);
    lines.push(`${t.toISOString().slice(0, 10)},${c},${c},${c},${c},${c},100000000`);
    n += 1;
  }
  writeFileSync(join(dir, 'history', 'TSLA.csv'), lines.join('\n') + '\n');
  // Truncated downloads, old enough not to be mid-copy: each reported as a problem, never fatal.
  // More of them than app:info carries, so the list must be asked for whole.
  const hourAgo = new Date(Date.now() - 3_600_000);
  for (const name of BROKEN_FILES) {
    const broken = join(dir, name);
    writeFileSync(broken, 'SPDR S&P 500 ETF,Last: 4');
    utimesSync(broken, hourAgo, hourAgo);
  }
  return dir;
}

let folder = '';
let remote: RemoteService | null = null;

test.beforeAll(() => {
  folder = chainFolder();
});

test.afterAll(async () => {
  await remote?.stop();
  rmSync(folder, { recursive: true, force: true });
});

/** Serious or critical axe violations on the page as it stands, one line each. */
async function axeProblems(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} at ${n.target.join(' ')}`));
}

/** Settings → Data source, and the panel itself. */
function panelOf(page: Page): Locator {
  return page.getByRole('region', { name: 'Data source' });
}

function header(page: Page): Locator {
  return page.getByRole('banner');
}

async function choose(page: Page, source: RegExp): Promise<Locator> {
  const panel = panelOf(page);
  await panel.getByRole('radio', { name: source }).check();
  return panel;
}

/** Test connection, and what it said. */
async function testConnection(panel: Locator): Promise<Locator> {
  await panel.getByRole('button', { name: 'Test connection' }).click();
  const result = panel.getByTestId('source-test-result');
  await expect(result).toBeVisible({ timeout: 60_000 });
  await expect(panel.getByRole('button', { name: 'Test connection' })).toBeEnabled();
  return result;
}

/** "Use this source", then wait for the switch to finish (the button comes back). */
async function use(panel: Locator): Promise<void> {
  await panel.getByRole('button', { name: 'Use this source' }).click();
  await expect(panel.getByRole('button', { name: 'Use this source' })).toBeEnabled({ timeout: 90_000 });
}

test('onboarding links to Settings → Data source; the simulator is in use', async ({ gw }) => {
  await expect(gw.getByTestId('onboarding')).toBeVisible();
  await expect(header(gw).getByText('SIMULATED DATA')).toBeVisible();
  expect(await axeProblems(gw), 'axe, onboarding with its link').toEqual([]);
  await gw.getByRole('link', { name: 'Settings → Data source' }).click();
  const panel = panelOf(gw);
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Data source' })).toBeFocused();
  await expect(panel.getByRole('radio', { name: /Simulator \(no account needed\)/ })).toBeChecked();
  for (const name of [/Chain folder/, /Tradier/, /Remote API v2/])
    await expect(panel.getByRole('radio', { name })).not.toBeChecked();
  await snap(gw, 'data-source-simulator');
});

test('a missing folder fails clearly and changes nothing', async ({ gw, app }) => {
  // A watchlist with the folder's ticker, so its row can be checked after the switch.
  await app.call('app:completeOnboarding', { watchlistName: 'Real', tickers: ['TSLA'] });
  await gw.goto(`${app.origin}/#/settings/data-source`);
  const panel = await choose(gw, /Chain folder/);
  const dir = panel.getByLabel('Folder', { exact: true });

  // Checked as typed: an empty folder is refused under the field, before anything is sent.
  await dir.fill('x');
  await dir.fill('');
  await expect(panel.getByText('choose a folder')).toBeVisible();
  await expect(dir).toHaveAttribute('aria-invalid', 'true');

  const missing = join(folder, 'not-there');
  await dir.fill(missing);
  const result = await testConnection(panel);
  await expect(result).toContainText('Connection failed');
  await expect(result).toContainText(missing);
  await use(panel);
  await expect(panel.getByRole('alert')).toContainText('Not switched');
  await expect(panel.getByRole('alert')).toContainText(missing);
  await expect(header(gw).getByText('SIMULATED DATA')).toBeVisible();
  await snap(gw, 'data-source-chains-missing');
  expect(await axeProblems(gw), 'axe, dark theme, a failed test and switch').toEqual([]);
});

test('chain folder: tested, switched; the badge dates the files and a broken one is listed', async ({
  gw,
  app,
}) => {
  await gw.goto(`${app.origin}/#/settings/data-source`);
  const panel = await choose(gw, /Chain folder/);
  await panel.getByLabel('Folder', { exact: true }).fill(folder);
  await panel.getByLabel('Clock').selectOption({ label: 'The files’ own time (newest snapshot)' });
  const result = await testConnection(panel);
  await expect(result).toContainText('Connection works');
  await expect(result).toContainText('TSLA');
  await snap(gw, 'data-source-chains-tested');

  await use(panel);
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await expect(header(gw).getByTestId('source-badge')).toHaveText(/chain files as of Aug 20/i);
  await expect(header(gw).getByText('SIMULATED DATA')).toHaveCount(0);
  await expect(panel.locator('label').filter({ hasText: 'Chain folder' })).toContainText('In use');
  // The broken download is reported, not fatal.
  const problems = header(gw).getByRole('button', { name: /data source problem/ });
  await expect(problems).toBeVisible({ timeout: 60_000 });
  // The count is the number of files refused, and the list names every one with its reason.
  await expect(problems).toHaveText(new RegExp(`${BROKEN_FILES.length}$`));
  await expect(problems).toHaveAccessibleName(`${BROKEN_FILES.length} data source problems`);
  await problems.click();
  const region = header(gw).getByRole('region', { name: /data source problem/ });
  await expect(region).toContainText('spy_quotedata');
  await expect(region.getByRole('listitem')).toHaveCount(BROKEN_FILES.length);
  for (const name of BROKEN_FILES) await expect(region).toContainText(`${name}:`);
  expect(await app.call<string[]>('source:problems')).toHaveLength(BROKEN_FILES.length);
  await snap(gw, 'data-source-chains');
  await gw.keyboard.press('Escape');
  await expect(header(gw).getByRole('region', { name: /data source problem/ })).toHaveCount(0);
});

test('Tradier sandbox: the token is stored (only its end shown), tested and used', async ({ gw, app }) => {
  await gw.goto(`${app.origin}/#/settings/data-source`);
  const panel = await choose(gw, /Tradier/);
  await expect(panel.getByRole('radio', { name: /Sandbox: 15 min delayed/ })).toBeChecked();
  const tickers = panel.getByLabel('Tickers');
  await tickers.fill('tsla, t$la');
  await expect(panel.getByText('T$LA: a ticker holds only')).toBeVisible();
  await tickers.fill('tsla');

  // Without a token the test says what is missing.
  await expect(panel.getByText('No token stored')).toBeVisible();
  const token = panel.getByLabel('Tradier token');
  await expect(token).toHaveAttribute('type', 'password');
  await token.fill(TRADIER_TOKEN);
  await panel.getByRole('button', { name: 'Save token' }).click();
  await expect(panel.getByText('Token stored …a1b2')).toBeVisible();
  await expect(token).toHaveValue('');
  await expect(panel.getByRole('button', { name: 'Forget the token' })).toBeVisible();

  const result = await testConnection(panel);
  await expect(result).toContainText('Connection works');
  await use(panel);
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await expect(header(gw).getByTestId('source-badge')).toHaveText(/^Tradier · 15 min delayed/);
  await snap(gw, 'data-source-tradier');
  expect(await axeProblems(gw), 'axe, dark theme, Tradier’s fields').toEqual([]);
});

test('remote API v2 with a key: tested and used; the badge names the host', async ({ gw, app }) => {
  test.setTimeout(180_000);
  remote = await startRemote(['--api-key', REMOTE_KEY, '--chains', folder]);
  await gw.goto(`${app.origin}/#/settings/data-source`);
  const panel = await choose(gw, /Remote API v2/);
  const url = panel.getByLabel('Base URL');
  await url.fill('api.example.com');
  await expect(panel.getByText('an http:// or https:// address')).toBeVisible();
  await url.fill(remote.baseUrl);
  await panel.getByLabel('API key').fill(REMOTE_KEY);
  await panel.getByRole('button', { name: 'Save API key' }).click();
  await expect(panel.getByText('API key stored …7f3a')).toBeVisible();

  const result = await testConnection(panel);
  await expect(result).toContainText('Connection works');
  await use(panel);
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await expect(header(gw).getByTestId('source-badge')).toContainText(remote.host);
  await snap(gw, 'data-source-remote');
  // The same in the light theme, the problems list open.
  await app.call('settings:update', { theme: 'light' });
  await expect(gw.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await axeProblems(gw), 'axe, light theme, the remote service’s fields').toEqual([]);
  await snap(gw, 'data-source-remote-light');
  await app.call('settings:update', { theme: 'dark' });
});

test('back to the simulator: SIMULATED DATA again', async ({ gw, app }) => {
  await gw.goto(`${app.origin}/#/settings/data-source`);
  const panel = await choose(gw, /Simulator/);
  await use(panel);
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await expect(header(gw).getByText('SIMULATED DATA')).toBeVisible();
  await expect(header(gw).getByTestId('source-badge')).toHaveCount(0);
  await snap(gw, 'data-source-back-to-simulator');
});

// Last, so that what it finds cannot hold up the switches above: the folder's data reaches the
// watchlist, in place of what the simulator stored for the same ticker before.
test('chain folder again: the watchlist shows TSLA from the files', async ({ gw, app }) => {
  await gw.goto(`${app.origin}/#/settings/data-source`);
  const panel = await choose(gw, /Chain folder/);
  await panel.getByLabel('Folder', { exact: true }).fill(folder);
  await use(panel);
  await expect(header(gw).getByTestId('source-badge')).toHaveText(/chain files as of Aug 20/i);

  // Spot 218.8 on Aug 20, 2023, as the chain file's header says.
  await gw.getByTestId('nav-watchlists').click();
  await expect(gw.getByTestId('row-TSLA')).toBeVisible();
  await expect(gw.getByTestId('row-status-TSLA')).toHaveCount(0, { timeout: 60_000 });
  await expect(gw.getByTestId('row-TSLA').locator('td.num').first()).toHaveText('$218.80', {
    timeout: 60_000,
  });
  await snap(gw, 'data-source-chains-watchlist');
});

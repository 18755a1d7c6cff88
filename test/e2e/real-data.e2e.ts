// Real data a trader can trust, clicked through as a trader would: a watchlist on the simulator,
// then Settings → Data source → a folder of chain files made for the test (several sessions of
// SPY, a Labor Day file, a Saturday file, a partial chain, `history/SPY.csv`), with QQQ watched
// but absent from the folder. After the switch no screen shows a simulated figure, History offers
// every file, the price series draws the history file's closes; back on the simulator no folder
// snapshot appears. Screenshots of each state.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { isTradingDay } from '../../src/shared/market-calendar.ts';
import { chainFileText, priceHistoryCsv } from '../support/cboe-chain-file.ts';
import { expect, snap, test } from './fixtures.ts';

test.describe.configure({ mode: 'serial' });
// The price history file reaches back to January 2025: the app's own two-year backfill stores it.
test.use({ appLabel: 'real-data', appBackfill: '2y' });

/** SPY's files: sessions after the close, Labor Day, a partial chain, a Saturday morning. */
const FILES = [
  { date: '2025-09-01', time: '11:02 AM EDT', spot: 641.1, expirations: 12 },
  { date: '2025-09-04', time: '4:15 PM EDT', spot: 644.8, expirations: 2 }, // only the nearest two
  { date: '2025-09-08', time: '4:15 PM EDT', spot: 648.2, expirations: 12 },
  { date: '2025-09-09', time: '4:15 PM EDT', spot: 650.35, expirations: 12 },
  { date: '2025-09-10', time: '4:15 PM EDT', spot: 652.9, expirations: 12 },
  { date: '2025-09-11', time: '4:15 PM EDT', spot: 657.6, expirations: 12 },
  { date: '2025-09-13', time: '10:31 AM EDT', spot: 659.4, expirations: 12 },
];

let folder = '';
const closes = new Map<string, number>();

test.beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'gammawatch-e2e-real-'));
  mkdirSync(join(folder, 'history'));
  for (const [i, f] of FILES.entries())
    writeFileSync(
      join(folder, `spy_quotedata (${i}).csv`),
      chainFileText({ ticker: 'SPY', seed: i, strikes: 80, ...f }),
    );
  const history = priceHistoryCsv('2025-01-02', '2025-08-29', 560, 0.4);
  for (const [date, close] of history.closes) closes.set(date, close);
  writeFileSync(join(folder, 'history', 'SPY.csv'), history.text);
});

test.afterAll(() => rmSync(folder, { recursive: true, force: true }));

interface Row {
  ticker: string;
  status: string;
  price: number | null;
  expected_move_1d: number | null;
}
interface Timeline {
  entries: { asof: string }[];
}
interface Series {
  data: { points: { date: string; price: number | null }[] };
}

const panelOf = (page: Page): Locator => page.getByRole('region', { name: 'Data source' });

async function useSource(page: Page, origin: string, source: RegExp, dir?: string): Promise<void> {
  await page.goto(`${origin}/#/settings/data-source`);
  const panel = panelOf(page);
  await panel.getByRole('radio', { name: source }).check();
  if (dir !== undefined) {
    await panel.getByLabel('Folder', { exact: true }).fill(dir);
    await panel.getByLabel('Clock').selectOption({ label: 'The files’ own time (newest snapshot)' });
  }
  await panel.getByRole('button', { name: 'Use this source' }).click();
  await expect(panel.getByRole('button', { name: 'Use this source' })).toBeEnabled({ timeout: 90_000 });
  await expect(panel.getByRole('alert')).toHaveCount(0);
}

test('on the simulator, then a chain folder: no screen shows a simulated figure', async ({ gw, app }) => {
  await app.call('app:completeOnboarding', { watchlistName: 'Real', tickers: ['SPY', 'QQQ'] });
  await gw.goto(`${app.origin}/#/watchlists`);
  // Both rows filled in (a row without its figures has a status cell instead).
  await expect(gw.getByTestId('open-QQQ')).toBeVisible({ timeout: 90_000 });
  await expect(gw.getByTestId('row-status-SPY')).toHaveCount(0, { timeout: 90_000 });
  await expect(gw.getByTestId('row-status-QQQ')).toHaveCount(0, { timeout: 90_000 });
  const simulated = (await app.call<{ rows: Row[] }>('tickers:latest', { tickers: ['SPY'] })).rows[0];
  expect(simulated?.status).toBe('ok');
  await snap(gw, 'real-data-1-simulator-watchlist');

  await useSource(gw, app.origin, /Chain folder/, folder);
  const header = gw.getByRole('banner');
  await expect(header.getByTestId('source-badge')).toHaveText(/chain files as of Sep 13/i);
  await expect(header.getByText('SIMULATED DATA')).toHaveCount(0);

  // Every file enters history (the header's bar goes while they are imported).
  await expect
    .poll(async () => (await app.call<Timeline>('ticker:timeline', { ticker: 'SPY' })).entries.length, {
      timeout: 90_000,
    })
    .toBe(FILES.length);
  await expect(header.getByTestId('history-import')).toHaveCount(0, { timeout: 60_000 });

  // The watchlist: SPY's figures are the folder's; QQQ has none, and says from which source.
  await gw.goto(`${app.origin}/#/watchlists`);
  const table = gw.getByRole('table');
  await expect(table.getByRole('row', { name: /SPY/ })).toContainText('659.40', { timeout: 90_000 });
  await expect(gw.getByTestId('row-status-QQQ')).toHaveText(/No data from Chain folder/, { timeout: 90_000 });
  const rows = (await app.call<{ rows: Row[] }>('tickers:latest', { tickers: ['SPY', 'QQQ'] })).rows;
  expect(rows[0]).toMatchObject({ ticker: 'SPY', status: 'ok', price: 659.4 });
  expect(rows[1]).toMatchObject({ ticker: 'QQQ', price: null, expected_move_1d: null });
  await snap(gw, 'real-data-2-folder-watchlist');

  // The ticker page: every card is the folder's (no "Simulated market data" anywhere).
  await gw.goto(`${app.origin}/#/ticker/SPY`);
  await expect(gw.getByTestId('ticker-title')).toHaveText('SPY');
  await expect(gw.getByTestId('ticker-no-data')).toHaveCount(0, { timeout: 60_000 });
  await expect(gw.getByText('659.40').first()).toBeVisible({ timeout: 60_000 });
  await expect(gw.getByText(/simulated/i)).toHaveCount(0);
  await snap(gw, 'real-data-3-folder-ticker');

  await gw.goto(`${app.origin}/#/ticker/QQQ`);
  await expect(gw.getByTestId('ticker-no-data')).toContainText('No data from Chain folder', {
    timeout: 60_000,
  });
  await expect(gw.getByText(/simulated/i)).toHaveCount(0);
  await snap(gw, 'real-data-4-folder-ticker-without-data');
});

test('History offers every file; the series draws the price file; sessions, not calendar days', async ({
  gw,
  app,
}) => {
  await gw.goto(`${app.origin}/#/history/SPY`);
  await expect(gw.getByTestId(`timeline-entry-${FILES.length - 1}`)).toBeVisible({ timeout: 60_000 });
  await expect(gw.getByTestId(`timeline-entry-${FILES.length}`)).toHaveCount(0);
  await snap(gw, 'real-data-5-folder-history');

  const series = await app.call<Series>('ticker:series', { ticker: 'SPY', metrics: ['price'], window: '2y' });
  const prices = new Map(series.data.points.map((p) => [p.date, p.price]));
  for (const [date, close] of closes) if (date !== '2025-08-29') expect(prices.get(date), date).toBe(close);
  expect(prices.get('2025-09-12')).toBe(659.4); // Saturday's file is Friday's close
  for (const p of series.data.points) expect(isTradingDay(p.date), p.date).toBe(true);

  // The Labor Day file and the partial chain say what they are.
  await gw.goto(`${app.origin}/#/ticker/SPY`);
  await gw.getByTestId('ticker-title').waitFor();
  const asOf = await app.call<{ data: { notes?: string[] } }>('ticker:view', {
    ticker: 'SPY',
    view: 'market_structure',
    at: '2025-09-04T21:00:00.000Z',
  });
  expect(JSON.stringify(asOf)).toMatch(/Partial chain/);
  const labor = await app.call<unknown>('ticker:view', {
    ticker: 'SPY',
    view: 'market_structure',
    at: '2025-09-01T16:00:00.000Z',
  });
  expect(JSON.stringify(labor)).toMatch(/Labor Day/);

  await gw.goto(`${app.origin}/#/ticker/SPY/curves`);
  await snap(gw, 'real-data-6-folder-curves');
});

test('back on the simulator no folder snapshot appears', async ({ gw, app }) => {
  const fileTimes = new Set(
    (await app.call<Timeline>('ticker:timeline', { ticker: 'SPY' })).entries.map((e) => e.asof),
  );
  await useSource(gw, app.origin, /Simulator/);
  await expect(gw.getByRole('banner').getByText('SIMULATED DATA')).toBeVisible();
  await gw.goto(`${app.origin}/#/watchlists`);
  await expect(gw.getByTestId('open-SPY')).toBeVisible({ timeout: 90_000 });
  await expect(gw.getByTestId('row-status-SPY')).toHaveCount(0, { timeout: 90_000 });
  const spy = (await app.call<{ rows: Row[] }>('tickers:latest', { tickers: ['SPY'] })).rows[0];
  expect(spy?.price).not.toBe(659.4);
  const timeline = await app.call<Timeline>('ticker:timeline', { ticker: 'SPY' });
  for (const e of timeline.entries) expect(fileTimes.has(e.asof), e.asof).toBe(false);
  await gw.goto(`${app.origin}/#/history/SPY`);
  await expect(gw.getByTestId('timeline-entry-0')).toBeVisible({ timeout: 60_000 });
  await snap(gw, 'real-data-7-simulator-again-history');
});

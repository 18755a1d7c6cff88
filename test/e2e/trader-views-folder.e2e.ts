// The term structure and skew overlays on a chain folder, as a trader with real files reads them:
// three SPY files (a week ago, yesterday, today, each after the close) with different vol levels
// and term slopes. The term structure names today's shape; "Yesterday" and "A week ago" draw the
// ATM IV of those files, dashed and named with their times; the skew chart's toggles draw the
// IV by strike of the same files (a week ago another expiration was the nearest: the legend says
// which). No file has an expiration ending on its own date: the 0DTE panel says so.
// Screenshots: test/artifacts/screenshots/trader-views-folder-*.png.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { chainFileText } from '../support/cboe-chain-file.ts';
import { expect, snap, test } from './fixtures.ts';
import { chooseChartView, chooseTab } from './support/choose.ts';

test.describe.configure({ mode: 'serial' });
test.use({ appLabel: 'trader-views-folder' });

/** Today contango, yesterday 3 points higher, a week ago inverted (backwardation). */
const FILES = [
  { date: '2025-09-03', spot: 640.2, ivShift: 0.08, termSlope: -0.8 },
  { date: '2025-09-09', spot: 648.5, ivShift: 0.03, termSlope: 0.8 },
  { date: '2025-09-10', spot: 652.9, ivShift: 0, termSlope: 0.8 },
];

let folder = '';

test.beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'gammawatch-e2e-views-'));
  for (const [i, f] of FILES.entries())
    writeFileSync(
      join(folder, `spy_quotedata (${i}).csv`),
      chainFileText({ ticker: 'SPY', seed: i, strikes: 80, expirations: 10, time: '4:15 PM EDT', ...f }),
    );
});

test.afterAll(() => rmSync(folder, { recursive: true, force: true }));

interface Timeline {
  entries: { asof: string }[];
}

async function useFolder(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/#/settings/data-source`);
  const panel = page.getByRole('region', { name: 'Data source' });
  await panel.getByRole('radio', { name: /Chain folder/ }).check();
  await panel.getByLabel('Folder', { exact: true }).fill(folder);
  await panel.getByLabel('Clock').selectOption({ label: 'The files’ own time (newest snapshot)' });
  await panel.getByRole('button', { name: 'Use this source' }).click();
  await expect(panel.getByRole('button', { name: 'Use this source' })).toBeEnabled({ timeout: 90_000 });
  await expect(panel.getByRole('alert')).toHaveCount(0);
}

test('term structure and skew overlays from the files of yesterday and a week ago; no 0DTE', async ({
  gw,
  app,
}) => {
  test.setTimeout(240_000);
  await app.call('app:completeOnboarding', { watchlistName: 'Files', tickers: ['SPY'] });
  await useFolder(gw, app.origin);
  await expect
    .poll(async () => (await app.call<Timeline>('ticker:timeline', { ticker: 'SPY' })).entries.length, {
      timeout: 120_000,
    })
    .toBe(FILES.length);

  // The 0DTE panel: no file lists an expiration ending on its own date.
  await gw.goto(`${app.origin}/#/ticker/SPY/curves`);
  await expect(gw.getByTestId('zero-dte-none')).toHaveText(
    'No expiration ends today: no 0DTE figures for this snapshot.',
    { timeout: 90_000 },
  );
  await gw
    .getByTestId('zero-dte')
    .screenshot({ path: 'test/artifacts/screenshots/trader-views-folder-00-no-0dte.png' });
  await expect(gw.getByTestId('chart-gex')).toHaveAttribute('data-state', 'chart', { timeout: 90_000 });
  await gw.getByTestId('exposure-view-vanna').click();
  await expect(gw.getByTestId('vanna-chart')).toBeVisible();
  await snap(gw, 'trader-views-folder-01-no-0dte-vanna');

  // Term structure: today's file slopes up.
  await chooseChartView(gw, 'term');
  const frame = gw.getByTestId('chart-term');
  await expect(frame).toHaveAttribute('data-state', 'chart', { timeout: 60_000 });
  await expect(frame.getByRole('heading')).toHaveText(
    /^Term structure · Contango: back month [\d.]+ pts above the front$/,
  );
  const legend = gw.getByTestId('term-chart-legend');
  await gw.getByTestId('term-past-yesterday').check();
  await expect(gw.getByTestId('term-past-yesterday-status')).toHaveText('(Sep 9, 16:15 ET)', {
    timeout: 30_000,
  });
  await expect(legend).toContainText('ATM IV, Yesterday, Sep 9, 16:15 ET');
  await gw.getByTestId('term-past-week').check();
  await expect(gw.getByTestId('term-past-week-status')).toHaveText('(Sep 3, 16:15 ET)', { timeout: 30_000 });
  await expect(legend).toContainText('ATM IV, A week ago, Sep 3, 16:15 ET');
  await expect(legend.locator('.nodata')).toHaveCount(0);
  // Yesterday's curve is 3 points above today's at the front expiration: the tooltip reads both.
  const plot = gw.getByTestId('term-chart-plot');
  await plot.focus();
  await gw.keyboard.press('Home');
  await expect(plot).toHaveAttribute('aria-valuetext', /^Expiration 2025-09-12 .*ATM IV [\d.]+%/);
  await gw.keyboard.press('Escape');
  await frame.screenshot({ path: 'test/artifacts/screenshots/trader-views-folder-02-term-overlays.png' });
  await gw.emulateMedia({ colorScheme: 'light' });
  await expect(gw.getByTestId('term-chart').locator('canvas')).toBeVisible();
  await frame.screenshot({
    path: 'test/artifacts/screenshots/trader-views-folder-02-term-overlays-light.png',
  });
  await gw.emulateMedia({ colorScheme: 'dark' });
  await gw.getByTestId('term-past-yesterday').uncheck();
  await expect(legend).not.toContainText('Yesterday');

  // Skew: the nearest expiration's IV by strike, with the same files' as dashed overlays.
  await chooseChartView(gw, 'volume');
  const skew = gw.getByTestId('chart-skew');
  await expect(skew).toHaveAttribute('data-state', 'chart', { timeout: 60_000 });
  const skewLegend = gw.getByTestId('skew-chart-legend');
  await gw.getByTestId('skew-past-yesterday').check();
  await expect(gw.getByTestId('skew-past-yesterday-status')).toHaveText('(Sep 9, 16:15 ET)', {
    timeout: 30_000,
  });
  // The same expiration then: no expiration named.
  await expect(skewLegend).toContainText(/Yesterday, Sep 9, 16:15 ET(?!, expiration)/);
  await gw.getByTestId('skew-past-week').check();
  await expect(gw.getByTestId('skew-past-week-status')).toHaveText('(Sep 3, 16:15 ET)', { timeout: 30_000 });
  // A week ago the nearest expiration was another Friday: said in the legend.
  await expect(skewLegend).toContainText('A week ago, Sep 3, 16:15 ET, expiration 2025-09-05');
  await expect(skewLegend.locator('.nodata')).toHaveCount(0);
  await skew.screenshot({ path: 'test/artifacts/screenshots/trader-views-folder-03-skew-overlays.png' });

  // Price with its levels over time, from the three files: each file's spot, walls and ±1σ (these
  // generated chains have no gamma flip within ±20 %; the simulator's test draws one).
  await chooseTab(gw, 'Price chart');
  await gw.getByTestId('price-window-1m').click();
  const price = gw.getByTestId('price-levels-chart');
  await expect(gw.getByTestId('price-levels')).toHaveAttribute('data-state', 'chart', { timeout: 60_000 });
  await expect(price).toHaveAttribute('data-window', '1m');
  await expect(price).toHaveAttribute('data-snapshots', String(FILES.length));
  for (const key of ['price', 'call_wall', 'put_wall', 'plus_1sigma_1d', 'minus_1sigma_1d']) {
    await expect(price).toHaveAttribute('data-drawn', new RegExp(`(^| )${key.replace(/\+/g, '\\+')}( |$)`));
  }
  await gw
    .getByTestId('price-levels')
    .screenshot({ path: 'test/artifacts/screenshots/trader-views-folder-04-price-levels.png' });
});

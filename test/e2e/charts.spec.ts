// The charts of the ticker view, end to end: the curves tab draws gamma by strike, gamma by
// expiration and GEX by strike with spot / flip / ±1σ marked; the expiration selector, the naive
// view (curves not polled are fetched on demand), zoom, keyboard reading, the as-of time, option
// volume and series windows all work against the app's own data. Screenshots go to test/artifacts/screenshots/charts-*.png.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { formatLevel, formatMarketTime } from '../../src/renderer/lib/format.ts';
import { expect, SCREENSHOTS, snap, test, type RunningApp } from './fixtures.ts';
import { chooseChartView } from './support/choose.ts';
import { holdStill } from './support/polls.ts';

test.describe.configure({ mode: 'serial' });

const TICKER = 'SPY';

interface CurveAnswer {
  snapshot: { asof: string } | null;
  data: { price: number; points: unknown[] } | null;
}

const curve = (app: RunningApp, input: Record<string, unknown>) =>
  app.call<CurveAnswer>('ticker:curve', { ticker: TICKER, ...input });

/** Saves one element's screenshot next to the full-page ones. */
async function shot(locator: Locator, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await locator.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

/** Share of the chart canvas's pixels that are painted: an empty plot has only its grid. */
function paintedShare(page: Page, testid: string): Promise<number> {
  return page
    .getByTestId(testid)
    .locator('canvas')
    .evaluate((canvas: HTMLCanvasElement) => {
      const ctx = canvas.getContext('2d');
      if (!ctx) return 0;
      const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      let painted = 0;
      for (let i = 3; i < data.length; i += 4) if ((data[i] as number) > 0) painted += 1;
      return painted / (canvas.width * canvas.height);
    });
}

async function openCurves(page: Page, app: RunningApp, at?: string): Promise<void> {
  await page.goto(`${app.origin}/#/ticker/${TICKER}/curves${at ? `?at=${encodeURIComponent(at)}` : ''}`);
  await expect(page.getByTestId('charts-tab')).toBeVisible();
}

test.beforeAll(async ({ app }) => {
  test.setTimeout(180_000);
  await app.call('app:completeOnboarding', { watchlistName: 'Charts', tickers: [TICKER] });
  await app.call('poll:refreshNow', {});
  // Curves and key levels come with the first polls of the new ticker.
  await expect
    .poll(async () => ((await curve(app, { kind: 'gex_by_strike' })).data?.points.length ?? 0) > 0, {
      timeout: 150_000,
    })
    .toBe(true);
  await expect
    .poll(
      async () =>
        (await app.call<{ data: unknown }>('ticker:view', { ticker: TICKER, view: 'market_structure' }))
          .data !== null,
      {
        timeout: 60_000,
      },
    )
    .toBe(true);
  // Hold the data still, so what the page shows and what the bridge answers are the same snapshot.
  await holdStill(app);
});

test('the curves tab draws three charts with spot, flip and ±1σ marked', async ({ gw, app }) => {
  await openCurves(gw, app);
  for (const [frame, chart, kind] of [
    ['chart-gamma', 'gamma-chart', 'gamma'],
    ['chart-expirations', 'expirations-chart', 'gamma_expirations'],
    ['chart-gex', 'gex-chart', 'gex_by_strike'],
  ] as const) {
    await expect(gw.getByTestId(frame)).toHaveAttribute('data-state', 'chart');
    await expect(gw.getByTestId(chart).locator('canvas')).toBeVisible();
    expect(Number(await gw.getByTestId(chart).getAttribute('data-points'))).toBeGreaterThan(10);
    // Each curve marks its own snapshot's spot, and the expected moves.
    const stored = await curve(app, { kind });
    const markers = gw.getByTestId(`${chart}-markers`);
    await expect(markers).toContainText(`Spot ${formatLevel(stored.data?.price, TICKER)}`);
    await expect(markers).toContainText('+1σ 1D');
    await expect(markers).toContainText('−1σ 1W');
    expect(await paintedShare(gw, chart)).toBeGreaterThan(0.02);
  }
  // The chart's time is the stored curve's. Pausing stops new runs, but one already under way may
  // still store a newer curve while the page draws: compare with what the bridge answers now.
  await expect
    .poll(async () => {
      const shown = await gw.getByTestId('chart-gamma-asof').textContent();
      const stored = (await curve(app, { kind: 'gamma' })).snapshot?.asof;
      return shown === `as of ${formatMarketTime(stored)}`;
    })
    .toBe(true);
  // Gamma by expiration names its four buckets and the combined line.
  await expect(gw.getByTestId('expirations-chart-legend')).toContainText('Nearest');
  await expect(gw.getByTestId('expirations-chart-legend')).toContainText('All other');
  await expect(gw.getByTestId('expirations-chart-legend')).toContainText('Combined');
  await snap(gw, 'charts-01-curves-dark');
  await shot(gw.getByTestId('chart-gamma'), 'charts-02-gamma');
  await shot(gw.getByTestId('chart-expirations'), 'charts-03-expirations');
  await shot(gw.getByTestId('chart-gex'), 'charts-04-gex');
});

test('new data reaches the charts through setData: nothing is rebuilt', async ({ gw, app }) => {
  await openCurves(gw, app);
  const charts = ['gamma-chart', 'expirations-chart', 'gex-chart'];
  for (const id of charts) await expect(gw.getByTestId(id)).toHaveAttribute('data-builds', '1');
  const asof = gw.getByTestId('chart-gamma-asof');
  const before = await asof.textContent();
  await app.call('poll:resume');
  await app.call('poll:refreshNow', { job: 'curves' });
  await expect(asof).not.toHaveText(before ?? '', { timeout: 90_000 });
  await holdStill(app);
  // The snapshot event reloaded every curve; each chart took the data without a rebuild.
  for (const id of charts) await expect(gw.getByTestId(id)).toHaveAttribute('data-builds', '1');
});

test('keyboard: arrows walk the points, the tooltip follows, Escape hides it', async ({ gw, app }) => {
  await openCurves(gw, app);
  const plot = gw.getByTestId('gamma-chart-plot');
  await expect(gw.getByTestId('gamma-chart').locator('canvas')).toBeVisible();
  await plot.focus();
  await gw.keyboard.press('Home');
  const first = Number(await plot.getAttribute('aria-valuenow'));
  await expect(gw.getByTestId('gamma-chart-tip')).toBeVisible();
  await expect(plot).toHaveAttribute('aria-valuetext', /^Strike [\d,.]+: Dealer gamma /);
  await gw.keyboard.press('ArrowRight');
  await expect(plot).toHaveAttribute('aria-valuenow', String(first + 1));
  await gw.keyboard.press('End');
  const last = Number(await plot.getAttribute('aria-valuenow'));
  expect(last).toBeGreaterThan(first + 1);
  await gw.keyboard.press('ArrowRight');
  await expect(plot).toHaveAttribute('aria-valuenow', String(last));
  await shot(gw.getByTestId('chart-gamma'), 'charts-05-keyboard-tooltip');
  await gw.keyboard.press('Escape');
  await expect(gw.getByTestId('gamma-chart-tip')).toHaveCount(0);
});

test('zoom by dragging, back to the ±15 % window by double-click; window choices', async ({ gw, app }) => {
  await openCurves(gw, app);
  const chart = gw.getByTestId('gex-chart');
  const over = chart.locator('.u-over');
  await expect(over).toBeVisible();
  await over.scrollIntoViewIfNeeded();
  const box = await over.boundingBox();
  if (!box) throw new Error('no plot area');
  await gw.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
  await gw.mouse.down();
  await gw.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2, { steps: 8 });
  await gw.mouse.up();
  await expect(chart).toHaveAttribute('data-zoomed', 'true');
  await shot(gw.getByTestId('chart-gex'), 'charts-06-gex-zoomed');
  await over.dblclick({ position: { x: box.width / 2, y: box.height / 2 } });
  await expect(chart).toHaveAttribute('data-zoomed', 'false');

  // "All" shows every strike; the default window shows fewer.
  const label = () => gw.getByTestId('gamma-chart-plot').getAttribute('aria-label');
  const windowed = await label();
  await gw.getByTestId('strike-window-all').click();
  await expect(gw.getByTestId('strike-window-all')).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(label).not.toBe(windowed);
  await gw.getByTestId('strike-window-15').click();
  await expect.poll(label).toBe(windowed);
  // Windows and zooms rescale the chart; they never rebuild it.
  await expect(gw.getByTestId('gamma-chart')).toHaveAttribute('data-builds', '1');
  await expect(chart).toHaveAttribute('data-builds', '1');

  // GEX as steps instead of bars: same chart, another drawing.
  await gw.getByTestId('gex-mode-step').click();
  await expect(gw.getByTestId('gex-mode-step')).toHaveAttribute('aria-pressed', 'true');
  await expect(gw.getByTestId('chart-gex')).toHaveAttribute('data-state', 'chart');
  expect(await paintedShare(gw, 'gex-chart')).toBeGreaterThan(0.01);
  await shot(gw.getByTestId('chart-gex'), 'charts-07-gex-stepped');
});

test('any expiration and the naive view are drawn: what is not polled is fetched on demand', async ({
  gw,
  app,
}) => {
  await openCurves(gw, app);
  const frame = gw.getByTestId('chart-gamma');
  await expect(frame).toHaveAttribute('data-state', 'chart');
  const select = gw.getByTestId('gamma-exp');
  // Every bucket is offered, then the listed expiration dates (from stored gamma by expiration).
  await expect(select.locator('option[value="first_weekly"]')).toHaveCount(1);
  const dates = await select
    .locator('optgroup option')
    .evaluateAll((els) => els.map((el) => (el as HTMLOptionElement).value));
  expect(dates.length).toBeGreaterThan(2);

  for (const exp of ['nearest', 'first_monthly']) {
    await select.selectOption(exp);
    await expect(frame).toHaveAttribute('data-state', 'chart');
    await expect(gw.getByTestId('gamma-chart-plot')).toHaveAttribute('aria-label', /.+/);
    await shot(frame, `charts-08-gamma-${exp}`);
  }
  // A date past the nearest ones: never polled, drawn all the same.
  const date = dates[2] as string;
  await select.selectOption(date);
  await expect(frame).toHaveAttribute('data-state', 'chart');
  await expect(frame.locator('.body.busy')).toHaveCount(0);
  await expect(gw.getByTestId('gamma-chart')).toHaveAttribute('aria-label', new RegExp(date));
  expect(Number(await gw.getByTestId('gamma-chart').getAttribute('data-points'))).toBeGreaterThan(10);
  expect(await paintedShare(gw, 'gamma-chart')).toBeGreaterThan(0.01);
  const fetched = await curve(app, { kind: 'gamma', exp: date });
  expect(fetched.data?.points.length).toBeGreaterThan(10);
  await shot(frame, 'charts-08-gamma-date');

  await select.selectOption('combined');
  await expect(frame).toHaveAttribute('data-state', 'chart');
  await gw.getByTestId('gamma-naive').check();
  await expect(frame).toHaveAttribute('data-state', 'chart');
  await expect(gw.getByTestId('gamma-chart-legend')).toContainText('naive');
  expect(await paintedShare(gw, 'gamma-chart')).toBeGreaterThan(0.01);
  // The naive view of a date, too.
  await select.selectOption(date);
  await expect(gw.getByTestId('gamma-chart')).toHaveAttribute('aria-label', new RegExp(`naive .*${date}`));
  await expect(frame).toHaveAttribute('data-state', 'chart');
  await expect(frame.locator('.body.busy')).toHaveCount(0);
  await shot(frame, 'charts-09-gamma-naive');
  await select.selectOption('combined');
  await gw.getByTestId('gamma-naive').uncheck();
  await expect(frame).toHaveAttribute('data-state', 'chart');
  await expect(gw.getByTestId('gamma-chart-legend')).toContainText('Dealer gamma');
});

test('history review: a pinned time shows the curve stored then, or says there is none', async ({
  gw,
  app,
}) => {
  const latest = await curve(app, { kind: 'gamma' });
  const asof = latest.snapshot?.asof;
  if (!asof) throw new Error('no stored curve');
  await openCurves(gw, app, asof);
  await expect(gw.getByTestId('pinned-banner')).toBeVisible();
  await expect(gw.getByTestId('chart-gamma')).toHaveAttribute('data-state', 'chart');
  await expect(gw.getByTestId('chart-gamma-asof')).toHaveText(`as of ${formatMarketTime(asof)}`);

  // Before the first poll nothing was stored.
  const before = new Date(Date.parse(asof) - 30 * 86_400_000).toISOString();
  await openCurves(gw, app, before);
  await expect(gw.getByTestId('chart-gamma')).toHaveAttribute('data-state', 'empty');
  await expect(gw.getByTestId('chart-gamma-empty')).toContainText('No stored curve for this time');
  // An expiration chosen at that time is not fetched either: the panel says nothing was stored then.
  const select = gw.getByTestId('gamma-exp');
  await select.selectOption('first_monthly');
  await expect(gw.getByTestId('chart-gamma')).toHaveAttribute('data-state', 'empty');
  await expect(gw.getByTestId('chart-gamma-empty')).toContainText('at or before this time');
  await snap(gw, 'charts-10-history-empty');
  // Option volume follows the pinned time as well.
  await chooseChartView(gw, 'volume');
  await expect(gw.getByTestId('chart-volume')).toHaveAttribute('data-state', 'empty');
  await expect(gw.getByTestId('chart-volume-empty')).toContainText('at or before this time');
});

test('option volume by strike for a chosen expiration', async ({ gw, app }) => {
  await openCurves(gw, app);
  await chooseChartView(gw, 'volume');
  const frame = gw.getByTestId('chart-volume');
  const stored = await app.call<{ data: unknown }>('ticker:optionsVolume', {
    ticker: TICKER,
    exp: 'nearest',
  });
  await expect(frame).toHaveAttribute('data-state', stored.data ? 'chart' : 'empty');
  if (stored.data) {
    await expect(gw.getByTestId('volume-totals')).toContainText('Calls');
    expect(await paintedShare(gw, 'volume-chart')).toBeGreaterThan(0.01);
  }
  await shot(frame, 'charts-11-volume');
  // Expirations the watcher does not poll are fetched when chosen.
  await gw.getByTestId('volume-exp').selectOption('first_monthly');
  await expect(frame).toHaveAttribute('data-state', 'chart');
  const date = await gw.getByTestId('volume-exp').locator('optgroup option').nth(3).getAttribute('value');
  if (!date) throw new Error('no listed expirations');
  await gw.getByTestId('volume-exp').selectOption(date);
  await expect(frame).toHaveAttribute('data-state', 'chart');
  await expect(gw.getByTestId('volume-totals')).toContainText(date);
  await shot(frame, 'charts-11-volume-date');
});

test('series: metrics on their own axes, windows 30d / 180d / 2y', async ({ gw, app }) => {
  await openCurves(gw, app);
  await chooseChartView(gw, 'series');
  const frame = gw.getByTestId('chart-series');
  await expect(frame).toHaveAttribute('data-state', 'chart', { timeout: 60_000 });
  const plot = gw.getByTestId('series-chart-plot');
  await expect(plot).toHaveAttribute('aria-label', /over 180d/);
  await expect(gw.getByTestId('series-chart-legend')).toContainText('Price');
  await expect(gw.getByTestId('series-chart-legend')).toContainText('IV rank');
  await shot(frame, 'charts-12-series-180d');

  for (const window of ['30d', '2y'] as const) {
    await gw.getByTestId(`series-window-${window}`).click();
    await expect(gw.getByTestId(`series-window-${window}`)).toHaveAttribute('aria-pressed', 'true');
    await expect(plot).toHaveAttribute('aria-label', new RegExp(`over ${window}`));
    await shot(frame, `charts-13-series-${window}`);
  }

  // Another metric joins on its own axis; removing it takes it away again.
  await gw.getByTestId('series-add').selectOption('atm_iv');
  await expect(gw.getByTestId('series-chart-legend')).toContainText('ATM IV');
  await expect(gw.getByTestId('series-picker')).toContainText('4 axes');
  await gw.getByTestId('series-remove-atm_iv').click();
  await expect(gw.getByTestId('series-chart-legend')).not.toContainText('ATM IV');
  await snap(gw, 'charts-14-series');
});

test('a theme switch redraws the charts in the new colours', async ({ gw, app }) => {
  await openCurves(gw, app);
  await expect(gw.getByTestId('chart-gex')).toHaveAttribute('data-state', 'chart');
  const swatch = gw.getByTestId('gamma-chart-legend').locator('.swatch').first();
  const colour = () => swatch.evaluate((el) => (el as HTMLElement).style.getPropertyValue('--swatch'));
  const dark = await colour();
  expect(dark).not.toBe('');
  await gw.emulateMedia({ colorScheme: 'light' });
  await expect.poll(colour).not.toBe(dark);
  await expect(gw.getByTestId('gex-chart').locator('canvas')).toBeVisible();
  expect(await paintedShare(gw, 'gex-chart')).toBeGreaterThan(0.02);
  await snap(gw, 'charts-15-curves-light');
  await shot(gw.getByTestId('chart-expirations'), 'charts-16-expirations-light');
});

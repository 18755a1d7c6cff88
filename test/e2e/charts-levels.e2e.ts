// The levels a trader trades on every chart, end to end against the app's own simulated market:
// gamma flip, call wall, put wall, max pain, ±1σ and spot are listed with their prices under the
// gamma curve, gamma by expiration, GEX by strike, option volume and (as horizontal lines) the
// series price chart; quick option-volume expiration changes end on the last one even when an
// earlier answer comes back late; "All expirations" sums them; IV and realized vol share one
// percent axis; a single expiration outside trading hours says what it shows. Screenshots:
// test/artifacts/screenshots/levels-*.png, dark and light.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page, Route } from '@playwright/test';
import { formatLevel, formatMarketTime } from '../../src/renderer/lib/format.ts';
import { expect, SCREENSHOTS, snap, test, type RunningApp } from './fixtures.ts';
import { chooseChartView } from './support/choose.ts';
import { holdStill } from './support/polls.ts';

test.describe.configure({ mode: 'serial' });

const TICKER = 'SPY';

interface Level {
  kind: string;
  price: number;
  label: string;
}

/** A bridge method's URL, whether or not the client percent-encodes the colon. */
const bridgeUrl = (method: string) => {
  const match = (url: URL) => decodeURIComponent(url.pathname).endsWith(`/bridge/${method}`);
  return match;
};
const VOLUME_URL = bridgeUrl('ticker:optionsVolume');
const CURVE_URL = bridgeUrl('ticker:curve');

async function shot(locator: Locator, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await locator.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

async function openCharts(page: Page, app: RunningApp): Promise<void> {
  await page.goto(`${app.origin}/#/ticker/${TICKER}/curves`);
  await expect(page.getByTestId('charts-tab')).toBeVisible();
}

async function levelsOf(app: RunningApp): Promise<Level[]> {
  const answer = await app.call<{ data: { levels: Level[] } | null }>('ticker:view', {
    ticker: TICKER,
    view: 'levels',
  });
  return answer.data?.levels ?? [];
}

/** The text the chart's level list shows for a level, e.g. "Call wall $612.00". */
const entry = (name: string, price: number) =>
  new RegExp(`${name}\\s*${formatLevel(price, TICKER).replace('$', '\\$').replace('.', '\\.')}`);

test.beforeAll(async ({ app }) => {
  test.setTimeout(180_000);
  await app.call('app:completeOnboarding', { watchlistName: 'Levels', tickers: [TICKER] });
  await app.call('poll:refreshNow', {});
  await expect
    .poll(
      async () =>
        ((
          await app.call<{ data: { points: unknown[] } | null }>('ticker:curve', {
            ticker: TICKER,
            kind: 'gex_by_strike',
          })
        ).data?.points.length ?? 0) > 0,
      { timeout: 150_000 },
    )
    .toBe(true);
  await expect
    .poll(async () => (await levelsOf(app)).some((l) => l.kind === 'call_wall'), { timeout: 60_000 })
    .toBe(true);
  await holdStill(app);
});

test('flip, call wall, put wall, max pain, ±1σ and spot are on every strike chart, with prices', async ({
  gw,
  app,
}) => {
  const levels = await levelsOf(app);
  const price = (kind: string) => levels.find((l) => l.kind === kind)?.price;
  const callWall = price('call_wall');
  const putWall = price('put_wall');
  const flip = price('gamma_flip');
  if (callWall === undefined || putWall === undefined) throw new Error('no walls in the levels payload');
  await openCharts(gw, app);
  for (const chart of ['gamma-chart', 'expirations-chart', 'gex-chart']) {
    const list = gw.getByTestId(`${chart}-markers`);
    await expect(list).toContainText('Levels');
    await expect(list).toContainText(entry('Call wall', callWall));
    await expect(list).toContainText(entry('Put wall', putWall));
    if (flip !== undefined) await expect(list).toContainText('Gamma flip');
    await expect(list).toContainText('Max pain');
    await expect(list).toContainText('+1σ 1D');
    await expect(list).toContainText('−1σ 1D');
    await expect(list).toContainText('Spot');
  }
  for (const theme of ['dark', 'light'] as const) {
    await gw.emulateMedia({ colorScheme: theme });
    await expect(gw.getByTestId('gex-chart').locator('canvas')).toBeVisible();
    await shot(gw.getByTestId('chart-gamma'), `levels-01-gamma-${theme}`);
    await shot(gw.getByTestId('chart-expirations'), `levels-02-expirations-${theme}`);
    await shot(gw.getByTestId('chart-gex'), `levels-03-gex-${theme}`);
  }
  await gw.emulateMedia({ colorScheme: 'dark' });
});

/** Holds the bridge's answer for one option-volume expiration until `release` is called. */
async function holdVolume(page: Page, exp: string) {
  let release!: () => void;
  const released = new Promise<void>((done) => (release = done));
  let delivered!: () => void;
  const done = new Promise<void>((ok) => (delivered = ok));
  await page.route(VOLUME_URL, async (route: Route) => {
    const body = route.request().postDataJSON() as { exp?: string };
    if (body.exp !== exp) return route.continue();
    const response = await route.fetch();
    await released;
    await route.fulfill({ response });
    delivered();
  });
  return { release, done };
}

test('option volume: the last expiration chosen wins, sides are labelled, all expirations sum', async ({
  gw,
  app,
}) => {
  await openCharts(gw, app);
  await chooseChartView(gw, 'volume');
  const frame = gw.getByTestId('chart-volume');
  await expect(frame).toHaveAttribute('data-state', 'chart', { timeout: 60_000 });
  const select = gw.getByTestId('volume-exp');
  const dates = await select
    .locator('optgroup option')
    .evaluateAll((els) => els.map((el) => (el as HTMLOptionElement).value));
  const last = dates[4] as string;
  // first_weekly's answer is held back until the later choices have been answered.
  const held = await holdVolume(gw, 'first_weekly');
  await select.selectOption('first_weekly');
  await select.selectOption('first_monthly');
  await select.selectOption(last);
  await expect(gw.getByTestId('volume-shown')).toHaveText(last, { timeout: 60_000 });
  held.release();
  await held.done;
  // The late answer changed nothing: still the last choice, nothing loading.
  await expect(gw.getByTestId('volume-shown')).toHaveText(last);
  await expect(gw.getByTestId('volume-pending')).toHaveCount(0);
  await expect(frame.locator('.body.busy')).toHaveCount(0);
  await expect(select).toHaveValue(last);
  await gw.unroute(VOLUME_URL);

  // Which side is which, in words (the canvas also captions "Calls ▲" and "Puts ▼").
  await expect(gw.getByTestId('volume-chart-unit')).toHaveText('y: Contracts, calls above zero, puts below');
  await expect(gw.getByTestId('volume-chart-markers')).toContainText('Call wall');
  await expect(gw.getByTestId('volume-chart-markers')).toContainText('Put wall');
  await shot(frame, 'levels-04-volume-date');

  await select.selectOption({ label: 'All expirations' });
  await expect(gw.getByTestId('volume-shown')).toContainText('All expirations', { timeout: 90_000 });
  await expect(gw.getByTestId('volume-shown')).toHaveText(/All expirations \(\d+ of \d+\)/);
  await expect(frame).toHaveAttribute('data-state', 'chart');
  const all = await app.call<{ data: { totals: { call_volume: number } } | null }>('ticker:optionsVolume', {
    ticker: TICKER,
    exp: 'combined',
  });
  const one = await app.call<{ data: { totals: { call_volume: number } } | null }>('ticker:optionsVolume', {
    ticker: TICKER,
    exp: 'nearest',
  });
  expect(all.data?.totals.call_volume ?? 0).toBeGreaterThan(one.data?.totals.call_volume ?? 0);
  for (const theme of ['dark', 'light'] as const) {
    await gw.emulateMedia({ colorScheme: theme });
    await expect(gw.getByTestId('volume-chart').locator('canvas')).toBeVisible();
    await shot(frame, `levels-05-volume-all-${theme}`);
  }
  await gw.emulateMedia({ colorScheme: 'dark' });
});

test('series: IV and realized vol on one percent axis; price read against the levels', async ({
  gw,
  app,
}) => {
  await openCharts(gw, app);
  await chooseChartView(gw, 'series');
  const frame = gw.getByTestId('chart-series');
  await expect(frame).toHaveAttribute('data-state', 'chart', { timeout: 60_000 });
  await gw.getByTestId('series-add').selectOption('atm_iv');
  await expect(gw.getByTestId('series-chart-legend')).toContainText('ATM IV');
  await gw.getByTestId('series-add').selectOption('realized_vol_20d');
  await expect(gw.getByTestId('series-chart-legend')).toContainText('Realized vol 20d');
  const picker = gw.getByTestId('series-picker');
  // Both chips name the same axis; the old separate "IV" axis is gone.
  await expect(picker.locator('li', { hasText: 'ATM IV' })).toContainText('%');
  await expect(picker.locator('li', { hasText: 'Realized vol 20d' })).toContainText('%');
  await expect(picker).toContainText('4 axes');
  await expect(picker).not.toContainText(/axes:.*\bIV\b/);
  await expect(gw.getByTestId('series-chart-markers')).toContainText('Call wall');
  await expect(gw.getByTestId('series-chart-markers')).toContainText('Gamma flip');
  for (const theme of ['dark', 'light'] as const) {
    await gw.emulateMedia({ colorScheme: theme });
    await expect(gw.getByTestId('series-chart').locator('canvas')).toBeVisible();
    await shot(frame, `levels-06-series-${theme}`);
  }
  await gw.emulateMedia({ colorScheme: 'dark' });
  await gw.getByTestId('series-remove-atm_iv').click();
  await gw.getByTestId('series-remove-realized_vol_20d').click();
});

test('a single expiration outside trading hours: the cached curve, marked; or when it can be pulled', async ({
  gw,
  app,
}) => {
  const nextOpen = '2026-03-03T14:30:00.000Z';
  let mode: 'bucket' | 'never' = 'bucket';
  // Whatever the app's fast clock says now, the answers a closed market gives are played here (the core side is covered by test/unit/core/queries/realtime-curve.test.ts).
  await gw.route(CURVE_URL, async (route) => {
    const body = route.request().postDataJSON() as { exp?: string };
    if (!body.exp || !/^\d/.test(body.exp)) return route.continue();
    if (mode === 'never') {
      return route.fulfill({
        json: {
          ok: true,
          value: {
            ticker: TICKER,
            kind: 'gamma',
            snapshot: null,
            data: null,
            origin: { source: 'closed_never', message: null, nextOpen },
          },
        },
      });
    }
    const real = await app.call<{ snapshot: unknown; data: unknown }>('ticker:curve', {
      ticker: TICKER,
      kind: 'gamma',
      exp: 'first_weekly',
    });
    return route.fulfill({
      json: {
        ok: true,
        value: {
          ...real,
          kind: 'gamma',
          origin: { source: 'closed_bucket', message: null, bucket: 'first_weekly', nextOpen },
        },
      },
    });
  });
  await openCharts(gw, app);
  const frame = gw.getByTestId('chart-gamma');
  await expect(frame).toHaveAttribute('data-state', 'chart');
  const select = gw.getByTestId('gamma-exp');
  // The listed dates come with the stored gamma-by-expiration curve, which may land after this one.
  const listed = () =>
    select.locator('optgroup option').evaluateAll((els) => els.map((el) => (el as HTMLOptionElement).value));
  await expect.poll(async () => (await listed()).length, { timeout: 60_000 }).toBeGreaterThan(1);
  const dates = await listed();
  await select.selectOption(dates[1] as string);
  await expect(gw.getByTestId('chart-gamma-closed')).toContainText(
    `Market closed: this date is the first weekly expiration, so its cached curve is shown`,
  );
  await expect(gw.getByTestId('chart-gamma-closed')).toContainText(formatMarketTime(nextOpen));
  await expect(frame).toHaveAttribute('data-state', 'chart');
  await shot(frame, 'levels-07-closed-bucket');

  mode = 'never';
  await select.selectOption(dates[dates.length - 1] as string);
  await expect(frame).toHaveAttribute('data-state', 'empty');
  await expect(frame).toContainText('This expiration was never pulled during trading hours');
  await expect(gw.getByTestId('chart-gamma-closed')).toContainText(
    `opens next at ${formatMarketTime(nextOpen)}`,
  );
  await shot(frame, 'levels-08-closed-never');
  await snap(gw, 'levels-09-curves-page');
  await gw.unroute(CURVE_URL);
});

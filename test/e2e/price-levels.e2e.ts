// Price with its levels over time, end to end against the app's own simulated market: a trader
// opens SPY, switches to the Price chart, and sees today's stored spot with the gamma flip, the
// walls and ±1σ 1D drawn as step lines (legend, hover), then the month (daily closes before the
// stored snapshots). Then the replay of the day shows the frame's 0DTE figures (the simulator lists
// a daily expiration for SPY, and the fast clock starts on a Monday).
// Screenshots: test/artifacts/screenshots/price-levels-*.png.
import type { Locator } from '@playwright/test';
import { expect, snap, test } from './fixtures.ts';
import { chooseTab } from './support/choose.ts';
import { holdStill } from './support/polls.ts';

test.describe.configure({ mode: 'serial' });
test.use({ appLabel: 'price-levels' });

const TICKER = 'SPY';
const LEVELS = ['price', 'gamma_flip', 'call_wall', 'put_wall', 'plus_1sigma_1d', 'minus_1sigma_1d'];
const NAMES = ['Price', 'Gamma flip', 'Call wall', 'Put wall', '+1σ 1D', '−1σ 1D'];

interface History {
  points: unknown[];
  closes: unknown[];
}

test.beforeAll(async ({ app }) => {
  test.setTimeout(240_000);
  await app.call('app:completeOnboarding', { watchlistName: 'Price', tickers: [TICKER] });
  await app.call('poll:refreshNow', {});
  // Three market-structure snapshots today, so the levels have steps to draw.
  await expect
    .poll(
      async () =>
        (await app.call<History>('ticker:levelsHistory', { ticker: TICKER, window: '1d' })).points.length,
      { timeout: 170_000, intervals: [2_000] },
    )
    .toBeGreaterThanOrEqual(3);
  await holdStill(app);
});

async function expectLevelsDrawn(chart: Locator, legend: Locator): Promise<void> {
  for (const key of LEVELS) {
    await expect(chart).toHaveAttribute('data-drawn', new RegExp(`(^| )${key.replace(/\+/g, '\\+')}( |$)`));
    const toggle = legend.getByTestId(`price-levels-plot-toggle-${key}`);
    await expect(toggle).toBeVisible();
    await expect(toggle).not.toContainText('no data');
  }
}

test('draws today and the month with the flip, the walls and ±1σ, and hover reads them', async ({
  gw,
  app,
}) => {
  await gw.goto(`${app.origin}/#/ticker/${TICKER}/overview`);
  await chooseTab(gw, 'Price chart');
  await expect(gw).toHaveURL(/#\/ticker\/SPY\/price/);

  const frame = gw.getByTestId('price-levels');
  await expect(frame).toHaveAttribute('data-state', 'chart');
  const chart = gw.getByTestId('price-levels-chart');
  const legend = gw.getByTestId('price-levels-plot-legend');
  await expect(chart).toHaveAttribute('data-window', '1d');
  await expect(gw.getByTestId('price-window-1d')).toHaveAttribute('aria-pressed', 'true');
  await expectLevelsDrawn(chart, legend);
  for (const [i, key] of LEVELS.entries())
    await expect(legend.getByTestId(`price-levels-plot-toggle-${key}`)).toHaveText(NAMES[i] as string);
  expect(Number(await chart.getAttribute('data-snapshots'))).toBeGreaterThanOrEqual(3);

  // Hover the latest part of the day: the tooltip gives the time and every level.
  const plot = gw.getByTestId('price-levels-plot-plot');
  const box = await plot.boundingBox();
  if (!box) throw new Error('no plot box');
  await gw.mouse.move(box.x + box.width * 0.85, box.y + box.height / 2);
  const tip = gw.getByTestId('price-levels-plot-tip');
  await expect(tip).toBeVisible();
  await expect(tip).toContainText(' ET');
  for (const name of NAMES) await expect(tip).toContainText(name);
  await expect(tip).toContainText('$');
  await snap(gw, 'price-levels-01-today');

  // The month: the backfilled daily closes before today's snapshots, the levels still drawn.
  await gw.getByTestId('price-window-1m').click();
  await expect(chart).toHaveAttribute('data-window', '1m');
  await expectLevelsDrawn(chart, legend);
  await expect.poll(async () => Number(await chart.getAttribute('data-closes'))).toBeGreaterThan(5);
  await expect(gw.getByTestId('price-levels-note')).toContainText('daily close');
  await gw.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
  await expect(tip).toContainText('close');
  await snap(gw, 'price-levels-02-month');
  // The light theme: the same lines, told apart on a white page too.
  await gw.emulateMedia({ colorScheme: 'light' });
  await gw.getByTestId('price-window-1d').click();
  await expect(chart).toHaveAttribute('data-window', '1d');
  await gw.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2);
  await expect(tip).toBeVisible();
  await snap(gw, 'price-levels-04-today-light');
  await gw.emulateMedia({ colorScheme: 'dark' });

  // A legend entry hides its line, and shows it again.
  const flip = legend.getByTestId('price-levels-plot-toggle-gamma_flip');
  await flip.click();
  await expect(flip).toHaveAttribute('aria-pressed', 'false');
  await flip.click();
  await expect(flip).toHaveAttribute('aria-pressed', 'true');
});

test('the replay of the day shows the frame’s 0DTE figures', async ({ gw, app }) => {
  await gw.goto(`${app.origin}/#/ticker/${TICKER}/curves`);
  await gw.getByRole('button', { name: 'Replay', exact: true }).click();
  const line = gw.getByTestId('replay-zero-dte');
  await expect(line).toBeVisible();
  // Monday 2 March 2026: SPY has an expiration ending that day.
  await expect(line).toHaveAttribute('data-state', 'expiring');
  await expect(line).toContainText('0DTE 2026-03-02');
  await expect(line).toContainText('0DTE GEX per 1% move');
  await expect(line).toContainText('0DTE share of gamma');
  await expect(gw.getByTestId('replay-zero-dte-gex')).toHaveText(/\$/);
  await expect(gw.getByTestId('replay-zero-dte-share')).toHaveText(/%$/);
  await expect(gw.getByTestId('replay-zero-dte-flip')).not.toBeEmpty();
  await snap(gw, 'price-levels-03-replay-0dte');
});

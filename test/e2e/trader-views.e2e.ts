// The views traders pay for elsewhere, end to end against the app's own simulated market: on SPY's
// Curves tab the 0DTE figures (a Monday: SPY lists a daily expiring today), the GEX chart's Vanna
// and Charm views with their units and totals, the "More levels" toggle that adds the
// absolute-gamma strike, the ±GEX strikes and the 0DTE levels to the charts, the term structure
// with its shape in the title, "Yesterday" drawing the record stored at Friday's close (the
// backfill of a new ticker) and "A week ago" saying that none was stored, 0DTE GEX picked in the
// series chart, and the Levels table's new rows. Screenshots:
// test/artifacts/screenshots/trader-views-*.png.
import type { Page } from '@playwright/test';
import type { MarketStructureData } from '../../src/shared/api/market-structure.ts';
import { formatFigure, formatLevel } from '../../src/shared/figure-format.ts';
import { termShapeSentence } from '../../src/renderer/features/charts/term/term-data.ts';
import { expect, snap, test } from './fixtures.ts';
import { chooseChartView } from './support/choose.ts';
import { holdStill } from './support/polls.ts';

test.describe.configure({ mode: 'serial' });
// Friday's record is the one the onboarding stores before the open: the clock starts 10 market
// minutes (10 s) before it, where FAST_START's 2 s were less than a loaded machine took to
// start the app and onboard.
test.use({ appLabel: 'trader-views', appFastStart: '2026-03-02T14:20:00Z' });

const TICKER = 'SPY';

interface GexAnswer {
  data: {
    points: { strike: number; net: number; vanna?: number; charm?: number }[];
    totals: Record<string, unknown>;
  } | null;
}
interface ViewAnswer {
  data: MarketStructureData | null;
}

/** Share of the chart canvas's pixels painted at all. */
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

test.beforeAll(async ({ app }) => {
  test.setTimeout(200_000);
  await app.call('app:completeOnboarding', { watchlistName: 'Views', tickers: [TICKER] });
  await app.call('poll:refreshNow', {});
  await expect
    .poll(
      async () => {
        const gex = await app.call<GexAnswer>('ticker:curve', { ticker: TICKER, kind: 'gex_by_strike' });
        const ms = await app.call<ViewAnswer>('ticker:view', { ticker: TICKER, view: 'market_structure' });
        // Today's record (the backfill stores Friday's close first, when the daily had expired).
        return (gex.data?.points.length ?? 0) > 0 && Boolean(ms.data?.zero_dte);
      },
      { timeout: 170_000 },
    )
    .toBe(true);
  // Nothing new while the tests read: the figures on screen stay the bridge's.
  await holdStill(app);
});

test('Curves: 0DTE figures, vanna and charm by strike with units and totals, more levels', async ({
  gw,
  app,
}) => {
  const ms = (await app.call<ViewAnswer>('ticker:view', { ticker: TICKER, view: 'market_structure' })).data;
  const gex = (await app.call<GexAnswer>('ticker:curve', { ticker: TICKER, kind: 'gex_by_strike' })).data;
  expect(ms?.zero_dte, 'a Monday: SPY lists a daily that ends today').toBeTruthy();
  expect(gex?.points.some((p) => (p.vanna ?? 0) !== 0)).toBe(true);

  await gw.goto(`${app.origin}/#/ticker/${TICKER}/curves`);
  await expect(gw.getByTestId('chart-gex')).toHaveAttribute('data-state', 'chart', { timeout: 60_000 });

  // 0DTE: the record's figures in the one formatter.
  const zero = gw.getByTestId('zero-dte');
  await expect(zero).toContainText(`expiring today, ${ms?.zero_dte?.expiration}`);
  await expect(gw.getByTestId('zero-dte-gex')).toHaveText(
    formatFigure('zero_dte_gex_usd_per_1_pct_move', ms?.zero_dte?.gex_usd_per_1_pct_move),
  );
  await expect(gw.getByTestId('zero-dte-share')).toHaveText(
    formatFigure('zero_dte_gamma_share_pct', ms?.zero_dte?.gamma_share_pct),
  );
  await expect(zero).toContainText('0DTE GEX per 1% move');
  await expect(zero).toContainText('0DTE share of gamma');
  await expect(zero).toContainText('0DTE call wall');
  await expect(zero).toContainText('0DTE put wall');

  // The totals under their figure names, whatever the view.
  const totals = gw.getByTestId('exposure-totals');
  await expect(gw.getByTestId('exposure-total-vanna_usd_per_1_vol_pt')).toHaveText(
    `Dealer vanna per vol point ${formatFigure('vanna_usd_per_1_vol_pt', gex?.totals['vanna_usd_per_1_vol_pt'] as number)}`,
  );
  await expect(gw.getByTestId('exposure-total-charm_usd_per_day')).toHaveText(
    `Dealer charm per day ${formatFigure('charm_usd_per_day', gex?.totals['charm_usd_per_day'] as number)}`,
  );
  await expect(totals).toContainText('Net GEX');
  await snap(gw, 'trader-views-01-curves-0dte-gex');

  for (const [greek, unit, title] of [
    ['vanna', 'USD of delta per vol point', 'Vanna by strike'],
    ['charm', 'USD of delta per day', 'Charm by strike'],
  ] as const) {
    await gw.getByTestId(`exposure-view-${greek}`).click();
    await expect(gw.getByTestId('chart-gex').getByRole('heading')).toHaveText(title);
    const chart = gw.getByTestId(`${greek}-chart`);
    await expect(chart).toBeVisible();
    await expect(gw.getByTestId(`${greek}-chart-unit`)).toHaveText(`y: ${unit}`);
    await expect(gw.getByTestId(`${greek}-chart-legend`).locator('.nodata')).toHaveCount(0);
    expect(await paintedShare(gw, `${greek}-chart`)).toBeGreaterThan(0.01);
    // The keyboard walk reads a strike's value in USD, signed.
    const plot = gw.getByTestId(`${greek}-chart-plot`);
    await plot.focus();
    await gw.keyboard.press('End');
    await expect(plot).toHaveAttribute(
      'aria-valuetext',
      /^Strike [\d,.]+: Dealer (vanna|charm) (−?\$[\d.]+[KMBT]?|—)/,
    );
    await gw.keyboard.press('Escape');
    await gw
      .getByTestId('chart-gex')
      .screenshot({ path: `test/artifacts/screenshots/trader-views-02-${greek}.png` });
  }
  // Another expiration: the same view, that expiration's vanna.
  await gw.getByTestId('gex-exp').selectOption('nearest');
  await expect(gw.getByTestId('charm-chart')).toBeVisible({ timeout: 60_000 });
  await gw.getByTestId('exposure-view-gex').click();
  await expect(gw.getByTestId('gex-chart')).toBeVisible();
  await gw.getByTestId('gex-exp').selectOption('combined');

  // More levels: off by default; on, the charts mark the absolute-gamma strike and ±GEX strikes.
  const markers = gw.getByTestId('gex-chart-markers');
  await expect(markers).toContainText('Gamma flip');
  await expect(markers).not.toContainText('Abs gamma');
  const more = gw.getByTestId('more-levels');
  await expect(more).not.toBeChecked();
  await more.check();
  await expect(markers).toContainText('Abs gamma');
  await expect(markers).toContainText('+GEX #1');
  await expect(markers).toContainText('0DTE flip');
  await expect(markers.locator('[data-kind="abs_gamma"]')).toHaveCount(1);
  // Each marked at the levels payload's price, under the service's label.
  const levels = await app.call<{ data: { levels: { id?: string; label: string; price: number }[] } | null }>(
    'ticker:view',
    { ticker: TICKER, view: 'levels' },
  );
  for (const id of [
    'abs_gamma_strike',
    'gex_positive_1',
    'gex_negative_1',
    'gex_negative_2',
    'zero_dte_flip',
  ]) {
    const level = levels.data?.levels.find((l) => l.id === id);
    expect(level, id).toBeTruthy();
    await expect(
      markers
        .locator('.level')
        .filter({ hasText: level?.label ?? '' })
        .first(),
    ).toHaveText(`${level?.label} ${formatLevel(level?.price, TICKER)}`);
  }
  // The main levels keep their labels on the canvas: drawn boxes never overlap.
  const drawn = JSON.parse(
    (await gw.getByTestId('gex-chart').locator('.uplot').getAttribute('data-marker-labels')) ?? '[]',
  ) as { label: string; left: number; top: number; width: number; height: number }[];
  for (const [i, a] of drawn.entries())
    for (const b of drawn.slice(i + 1))
      expect(
        a.left + a.width <= b.left ||
          b.left + b.width <= a.left ||
          a.top + a.height <= b.top ||
          b.top + b.height <= a.top,
        `${a.label} overlaps ${b.label}`,
      ).toBe(true);
  expect(drawn.map((d) => d.label).join(' ')).toContain('Spot');
  await snap(gw, 'trader-views-03-more-levels');
  await more.uncheck();
  await expect(markers).not.toContainText('Abs gamma');
});

test('Term structure: ATM IV by days to expiry, the shape in the title, overlays of earlier records', async ({
  gw,
  app,
}) => {
  const ms = (await app.call<ViewAnswer>('ticker:view', { ticker: TICKER, view: 'market_structure' })).data;
  const term = ms?.term_structure;
  expect(term?.points.length).toBeGreaterThan(2);
  await gw.goto(`${app.origin}/#/ticker/${TICKER}/curves`);
  await chooseChartView(gw, 'term');
  const frame = gw.getByTestId('chart-term');
  await expect(frame).toHaveAttribute('data-state', 'chart', { timeout: 60_000 });
  const sentence = termShapeSentence(term);
  expect(sentence).toMatch(/^(Contango|Backwardation|Flat): /);
  await expect(frame.getByRole('heading')).toHaveText(`Term structure · ${sentence}`);
  await expect(gw.getByTestId('term-summary')).toHaveAttribute('data-shape', term?.shape ?? '');
  const legend = gw.getByTestId('term-chart-legend');
  await expect(legend).toContainText('ATM IV');
  await expect(legend).toContainText('25Δ risk reversal (call − put)');
  await expect(legend).toContainText('25Δ butterfly');
  // Hover names the expiration of the point.
  const plot = gw.getByTestId('term-chart-plot');
  await plot.focus();
  await gw.keyboard.press('Home');
  await expect(plot).toHaveAttribute(
    'aria-valuetext',
    new RegExp(`^Expiration ${term?.points[0]?.expiration} \\([\\d.]+d\\): ATM IV [\\d.]+%`),
  );
  await gw.keyboard.press('Escape');
  await snap(gw, 'trader-views-04-term-structure');

  // Yesterday: the record stored in Friday's session (the new ticker's backfill), dashed, named
  // with its time; a second ATM IV series is drawn.
  const before = await paintedShare(gw, 'term-chart');
  await gw.getByTestId('term-past-yesterday').check();
  const status = gw.getByTestId('term-past-yesterday-status');
  await expect(status).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  await expect(status).toHaveText(/^\(Feb 27, \d\d:\d\d ET\)$/);
  await expect(legend).toContainText(/ATM IV, Yesterday, Feb 27, \d\d:\d\d ET/);
  await expect(gw.getByTestId('term-chart-legend').locator('.nodata')).toHaveCount(0);
  await expect.poll(() => paintedShare(gw, 'term-chart')).toBeGreaterThan(before);
  // A week ago: nothing stored in that session, said in words, nothing drawn.
  await gw.getByTestId('term-past-week').check();
  await expect(gw.getByTestId('term-past-week-status')).toHaveText(
    /^\(none stored for the 2026-02-2\d session\)$/,
    { timeout: 30_000 },
  );
  await expect(legend).not.toContainText('A week ago');
  await frame.screenshot({ path: 'test/artifacts/screenshots/trader-views-05-term-overlays.png' });
});

test('Series: 0DTE GEX is a metric to pick; the Levels table lists the more levels', async ({ gw, app }) => {
  await gw.goto(`${app.origin}/#/ticker/${TICKER}/curves`);
  await chooseChartView(gw, 'series');
  await expect(gw.getByTestId('series-picker')).toBeVisible();
  await gw.getByTestId('series-add').selectOption({ label: '0DTE GEX per 1% move' });
  const picker = gw.getByTestId('series-picker');
  await expect(picker).toContainText('0DTE GEX per 1% move');
  await expect(picker).toContainText('USD per 1% move');
  await expect(gw.getByTestId('chart-series')).toHaveAttribute('data-state', 'chart', { timeout: 60_000 });
  await expect(gw.getByTestId('series-chart-legend')).toContainText('0DTE GEX per 1% move');
  await expect(gw.getByTestId('series-chart-legend').locator('.nodata')).toHaveCount(0, { timeout: 60_000 });
  await snap(gw, 'trader-views-06-series-0dte');

  await gw.goto(`${app.origin}/#/ticker/${TICKER}/levels`);
  const panel = gw.getByTestId('panel-levels');
  await expect(panel).toBeVisible({ timeout: 60_000 });
  for (const id of [
    'abs_gamma_strike',
    'gex_positive_1',
    'gex_negative_1',
    'nearest_expiry_flip',
    'zero_dte_flip',
  ])
    await expect(gw.getByTestId(`level-${id}`)).toBeVisible();
  await expect(gw.getByTestId('level-abs_gamma_strike')).toContainText('Absolute-gamma strike');
  await expect(gw.getByTestId('level-gex_positive_1')).toContainText('Positive GEX strike');
  await snap(gw, 'trader-views-07-levels-table');
});

test('Alerts: a level-cross rule can target the more levels, named as in a sentence', async ({ gw, app }) => {
  await gw.goto(`${app.origin}/#/alerts/rules`);
  await gw.getByTestId('new-rule').click();
  await gw.getByTestId('rule-kind').selectOption({ label: 'Spot crosses a price level' });
  const options = await gw
    .getByTestId('rule-level')
    .locator('option')
    .evaluateAll((els) => els.map((el) => (el as HTMLOptionElement).text.trim()));
  expect(options).toEqual(
    expect.arrayContaining([
      'Gamma flip',
      'Call wall',
      'Absolute-gamma strike',
      'Largest positive GEX strike',
      'Largest negative GEX strike',
      'Nearest-expiry flip',
      '0DTE flip',
      '0DTE call wall',
      '0DTE put wall',
    ]),
  );
  // The custom price stays last, after every named level.
  expect(options[options.length - 1]).toBe('Custom price…');
  await gw.getByTestId('rule-level').selectOption({ label: '0DTE flip' });
  await snap(gw, 'trader-views-08-rule-0dte-flip');
});

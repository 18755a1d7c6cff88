// The skew chart, end to end against the app's own simulated market: the option volume is fetched
// with its IV columns, and under the volume chart the charts tab draws IV by strike for the chosen
// expiration, calls and puts as two lines, the expiration's ATM IV as a horizontal line and the
// levels as on the other strike charts; "All expirations" says why there is no skew. Screenshots:
// test/artifacts/screenshots/skew-*.png, dark and light.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { formatFigure } from '../../src/shared/figure-format.ts';
import { expect, SCREENSHOTS, test } from './fixtures.ts';
import { chooseChartView } from './support/choose.ts';
import { holdStill } from './support/polls.ts';

test.describe.configure({ mode: 'serial' });

const TICKER = 'SPY';

interface VolumeAnswer {
  data: {
    expiry: string;
    atm_iv?: number | null;
    points: { strike: number; call_iv?: number | null; put_iv?: number | null }[];
  } | null;
}

async function shot(locator: Locator, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await locator.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
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
  test.setTimeout(180_000);
  await app.call('app:completeOnboarding', { watchlistName: 'Skew', tickers: [TICKER] });
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
  await holdStill(app);
});

test('a chosen expiration’s IV skew: call and put lines, the ATM IV line, the levels', async ({
  gw,
  app,
}) => {
  await gw.goto(`${app.origin}/#/ticker/${TICKER}/curves`);
  await expect(gw.getByTestId('charts-tab')).toBeVisible();
  await chooseChartView(gw, 'volume');
  await expect(gw.getByTestId('chart-volume')).toHaveAttribute('data-state', 'chart', { timeout: 60_000 });
  const select = gw.getByTestId('volume-exp');
  const dates = await select
    .locator('optgroup option')
    .evaluateAll((els) => els.map((el) => (el as HTMLOptionElement).value));
  const date = dates[2] as string;
  await select.selectOption(date);
  await expect(gw.getByTestId('volume-shown')).toHaveText(date, { timeout: 60_000 });

  const frame = gw.getByTestId('chart-skew');
  await expect(frame).toHaveAttribute('data-state', 'chart', { timeout: 60_000 });
  await expect(gw.getByTestId('skew-shown')).toHaveText(date);
  // Both lines have data (the legend says "no data" for a series without any value).
  const legend = gw.getByTestId('skew-chart-legend');
  await expect(legend).toContainText('Call IV');
  await expect(legend).toContainText('Put IV');
  await expect(legend.locator('.nodata')).toHaveCount(0);
  await expect(gw.getByTestId('skew-chart-unit')).toHaveText('y: Implied volatility, % annualized');

  // The ATM IV shown is the one the bridge answers for that expiration, in the table's format.
  const answer = await app.call<VolumeAnswer>('ticker:optionsVolume', { ticker: TICKER, exp: date });
  expect(answer.data?.expiry).toBe(date);
  const atm = answer.data?.atm_iv ?? null;
  expect(atm).not.toBeNull();
  const atmText = formatFigure('expiry_atm_iv', atm);
  await expect(gw.getByTestId('skew-atm')).toHaveText(atmText);
  const markers = gw.getByTestId('skew-chart-markers');
  await expect(markers.locator('[data-kind="atm_iv"]')).toHaveText(`ATM IV (this expiration) ${atmText}`);
  await expect(markers).toContainText('Spot');
  await expect(markers).toContainText('Call wall');
  await expect(markers).toContainText('Put wall');

  // Each line paints pixels of its own: with both hidden less is drawn than with either one shown.
  await expect(gw.getByTestId('skew-chart').locator('canvas')).toBeVisible();
  expect(await paintedShare(gw, 'skew-chart')).toBeGreaterThan(0.01);
  const toggle = (side: string) => gw.getByTestId(`skew-chart-toggle-${side}`);
  const setShown = async (side: string, shown: boolean) => {
    if ((await toggle(side).getAttribute('aria-pressed')) !== String(shown)) await toggle(side).click();
    await expect(toggle(side)).toHaveAttribute('aria-pressed', String(shown));
  };
  await setShown('call_iv', false);
  await setShown('put_iv', false);
  const none = await paintedShare(gw, 'skew-chart');
  for (const [side, other] of [
    ['call_iv', 'put_iv'],
    ['put_iv', 'call_iv'],
  ] as const) {
    await setShown(side, true);
    await setShown(other, false);
    await expect.poll(() => paintedShare(gw, 'skew-chart')).toBeGreaterThan(none + 0.002);
  }
  await setShown('call_iv', true);
  await setShown('put_iv', true);

  // The keyboard walk reads both IVs at a strike, in percent.
  const plot = gw.getByTestId('skew-chart-plot');
  await plot.focus();
  await gw.keyboard.press('Home');
  await expect(plot).toHaveAttribute('aria-valuetext', /^Strike [\d,.]+: Call IV [\d.]+%, Put IV [\d.]+%/);
  await gw.keyboard.press('Escape');

  for (const theme of ['dark', 'light'] as const) {
    await gw.emulateMedia({ colorScheme: theme });
    await expect(gw.getByTestId('skew-chart').locator('canvas')).toBeVisible();
    await shot(frame, `skew-01-${theme}`);
  }
  await gw.emulateMedia({ colorScheme: 'dark' });

  // All expirations summed: volume yes, skew no, and the panel says why.
  await select.selectOption({ label: 'All expirations' });
  await expect(gw.getByTestId('volume-shown')).toContainText('All expirations', { timeout: 90_000 });
  await expect(frame).toHaveAttribute('data-state', 'empty');
  await expect(frame).toContainText('IV is per expiration');
  await shot(frame, 'skew-02-all-expirations');
});

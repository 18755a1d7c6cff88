// One name, one rounding, one unit, read off the ticker page as a trader reads it: the distance to
// the flip is the same text in the header, the headline, the card and Key levels; the ATM IV change
// reads in vol points; the As-of picker shows the year; on the curves the Gamma flip and Call wall
// labels are both drawn and no two level labels overlap. Screenshots:
// test/artifacts/screenshots/one-unit-*.png.
import { expect, snap, test, type RunningApp } from './fixtures.ts';
import { chooseTab } from './support/choose.ts';
import { holdStill } from './support/polls.ts';

test.describe.configure({ mode: 'serial' });
test.use({ appLabel: 'one-name-one-unit' });

const TICKER = 'SPY';

interface DrawnLabel {
  label: string;
  kind: string;
  left: number;
  top: number;
  width: number;
  height: number;
}

interface ViewAnswer {
  snapshot: { asof: string } | null;
}

/**
 * Pauses the polls with the record and the levels describing one market instant. The page's header
 * reads the record and the Levels tab the levels, two requests of one poll: on the 60× clock a
 * market minute is a second, and on a loaded machine the two can land a minute apart, each
 * right for its own time. While the two times differ, the polls resume and run again.
 */
async function holdStillOnOneInstant(app: RunningApp): Promise<void> {
  await expect
    .poll(
      async () => {
        await holdStill(app);
        const [record, levels] = await Promise.all(
          ['market_structure', 'levels'].map((view) =>
            app.call<ViewAnswer>('ticker:view', { ticker: TICKER, view }),
          ),
        );
        if (record?.snapshot?.asof === levels?.snapshot?.asof) return 'one instant';
        await app.call('poll:resume', {});
        await app.call('poll:refreshNow', {});
        return `record at ${record?.snapshot?.asof}, levels at ${levels?.snapshot?.asof}`;
      },
      { timeout: 120_000, intervals: [1_000] },
    )
    .toBe('one instant');
}

test.beforeAll(async ({ app }) => {
  test.setTimeout(180_000);
  await app.call('app:completeOnboarding', { watchlistName: 'Core', tickers: [TICKER] });
  await app.call('poll:refreshNow', {});
  // The record and the levels are stored (the views the page compares), and a second poll so the
  // As-of picker lists more than one time.
  for (const view of ['market_structure', 'levels', 'signals'])
    await expect
      .poll(
        async () =>
          (await app.call<{ data: unknown }>('ticker:view', { ticker: TICKER, view })).data !== null,
        { timeout: 120_000 },
      )
      .toBe(true);
  await app.call('poll:refreshNow', {});
});

test('the distance to flip reads the same everywhere; IV change in pts; As-of with the year', async ({
  gw,
  app,
}) => {
  // Hold the data still while the places are compared.
  await holdStillOnOneInstant(app);
  try {
    await gw.goto(`${app.origin}/#/ticker/${TICKER}/overview`);
    const header = gw.getByTestId('ticker-flip-distance');
    await expect(header).toHaveText(/^[+−]?\d+\.\d{2}%$/, { timeout: 60_000 });
    const shown = (await header.innerText()).trim();

    // The card.
    await expect(gw.getByTestId('structure-flip-distance')).toHaveText(shown);
    // Key levels: the gamma flip row's price and distance from spot, as the header shows them.
    const flipRow = gw.getByTestId('level-ladder').getByRole('listitem').filter({ hasText: 'Gamma flip' });
    await expect(flipRow.locator('.num').last()).toHaveText(shown);
    await expect(flipRow.locator('.num').first()).toHaveText(
      (await gw.getByTestId('ticker-flip-price').innerText()).trim(),
    );
    // The headline: "… 2.55 % below its gamma flip …", two decimals, the same size; within 0.5 %
    // of the flip it reads "at its gamma flip", and the header's distance is that small.
    const headline = (await gw.getByTestId('headline').innerText()).trim();
    const inHeadline = /(\d+\.\d+) ?% (above|below) its gamma flip/.exec(headline);
    if (/ at its gamma flip /.test(headline))
      expect(Math.abs(Number(shown.replace(/[+%]/g, '').replace('−', '-')))).toBeLessThanOrEqual(0.5);
    else {
      expect(inHeadline, `the headline states the distance: ${headline}`).not.toBeNull();
      expect(inHeadline?.[1]).toBe(shown.replace(/[+−%]/g, ''));
    }
    await snap(gw, 'one-unit-structure');
    // The Levels tab says the same.
    await chooseTab(gw, 'Levels');
    await expect(gw.getByTestId('level-from-spot-gamma_flip')).toHaveText(shown);
    await snap(gw, 'one-unit-levels');

    // Signals: levels of a stock in dollars; the signals' own snapshot (a poll apart from the
    // record's) in the same two-decimal form.
    await chooseTab(gw, 'Signals');
    const signals = gw.getByTestId('panel-signals');
    await expect(signals).toBeVisible();
    const pair = (panel: typeof signals, label: string) =>
      panel.locator('.pair').filter({ has: gw.getByText(label, { exact: true }) });
    await expect(pair(signals, 'Gamma flip').locator('dd')).toHaveText(/^\$\d[\d,]*\.\d{2}$/);
    await expect(pair(signals, 'Distance to flip').locator('dd')).toHaveText(/^[+−]?\d+\.\d{2}%$/);
    await snap(gw, 'one-unit-signals');

    // State: the ATM IV change and the 25Δ spread in vol points, never a percent; the IV at the
    // top Δ·OI strike named and explained on hover.
    await chooseTab(gw, 'State');
    const state = gw.getByTestId('panel-state');
    await expect(state).toBeVisible();
    await expect(pair(state, 'ATM IV change').locator('dd')).toHaveText(/^[+−]?\d+\.\d{2} pts$/);
    await expect(pair(state, '25Δ put − call IV').locator('dd')).toHaveText(/^[+−]?\d+\.\d{2} pts$/);
    await expect(pair(state, 'IV at top Δ·OI strike')).toHaveAttribute(
      'title',
      /largest \|delta\| × open interest/,
    );
    await expect(pair(state, 'IV at top Δ·OI strike').locator('dd')).toHaveText(/^\d+\.\d%$/);
    await snap(gw, 'one-unit-state');

    // The As-of picker: every stored time carries its year.
    const picker = gw.getByTestId('as-of');
    await expect(picker.locator('option')).not.toHaveCount(1);
    const times = (await picker.locator('option').allInnerTexts()).slice(1).map((t) => t.trim());
    expect(times.length).toBeGreaterThan(0);
    for (const time of times) expect(time).toMatch(/^[A-Z][a-z]{2} \d{1,2}, 20\d{2} \d{2}:\d{2} ET$/);
  } finally {
    await app.call('poll:resume', {});
  }
});

test('on the curves the Gamma flip and Call wall labels are both drawn, none overlapping', async ({
  gw,
  app,
}) => {
  await gw.goto(`${app.origin}/#/ticker/${TICKER}/curves`);
  const chart = gw.getByTestId('expirations-chart');
  await expect(chart.locator('canvas')).toBeVisible({ timeout: 60_000 });
  const plot = chart.locator('.uplot');
  await expect(plot).toHaveAttribute('data-marker-labels', /Gamma flip/, { timeout: 30_000 });
  const labels = JSON.parse((await plot.getAttribute('data-marker-labels')) ?? '[]') as DrawnLabel[];
  const names = labels.map((l) => l.label).join(' | ');
  expect(names).toMatch(/Gamma flip/);
  expect(names).toMatch(/Call wall/);
  for (const [i, a] of labels.entries())
    for (const b of labels.slice(i + 1)) {
      const apart =
        a.left + a.width <= b.left ||
        b.left + b.width <= a.left ||
        a.top + a.height <= b.top ||
        b.top + b.height <= a.top;
      expect(apart, `${a.label} and ${b.label} overlap`).toBe(true);
    }
  await chart.scrollIntoViewIfNeeded();
  await snap(gw, 'one-unit-curves');
});

// Gamma filters and label drivers as a trader checks them: Top setups narrowed by gamma regime and
// by the distance to the flip (filters the app applies itself, saved with a view), and the ticker
// page showing what made each label (the regime's trend and volatility read against the ticker's
// own history, the sentiment's skew, put/call OI and IV rank), for two correlated names side by
// side. Screenshots: gamma-labels-*.png.
import { expect, snap, test } from './fixtures.ts';

test.describe.configure({ mode: 'serial' });
test.use({ appLabel: 'gamma-labels' });

test.beforeAll(async ({ app }) => {
  test.setTimeout(240_000);
  await app.call('app:completeOnboarding', { watchlistName: 'Core', tickers: ['SPY', 'QQQ', 'IWM'] });
  await app.call('poll:refreshNow', {});
  await expect
    .poll(
      async () => {
        const out = await app
          .call<{ items: unknown[] }>('rankings:topSetups', { limit: 50 })
          .catch(() => ({ items: [] }));
        return out.items.length;
      },
      { timeout: 180_000 },
    )
    .toBeGreaterThan(4);
});

const absPct = (text: string): number => Math.abs(Number(text.replace(/[+−%\s]/g, '')));

test('top setups: filter on gamma regime and on distance to the flip, saved as a view', async ({
  gw,
  app,
}) => {
  await gw.goto(`${app.origin}/#/rankings/top_setups`);
  const table = gw.getByTestId('ranking-table');
  await expect(table).toBeVisible({ timeout: 90_000 });
  const rows = table.locator('tbody tr');
  const gammaCells = rows.getByTestId('row-gamma');
  await expect.poll(() => gammaCells.count()).toBeGreaterThan(4);

  // Every row says its gamma regime, or says it has no gamma data.
  const shown = await gammaCells.allTextContents();
  for (const text of shown)
    expect(text.trim()).toMatch(/^(Positive|Negative|Neutral|Unknown|No gamma data)$/);
  const regime = shown.filter((t) => t.trim() === 'Negative').length > 0 ? 'Negative' : 'Positive';

  await gw
    .getByLabel('Gamma regime')
    .selectOption({ label: `${regime} (spot ${regime === 'Negative' ? 'below' : 'above'} flip)` });
  await expect(gw.getByTestId('chip-gamma_regime')).toHaveText(new RegExp(`Gamma regime: ${regime}`));
  await expect
    .poll(async () => [...new Set((await gammaCells.allTextContents()).map((t) => t.trim()))])
    .toEqual([regime]);
  // The API's filters (echoed in the address) are untouched: the link carries the app's own key.
  expect(await gw.evaluate(() => location.hash)).toContain(`gamma_regime=${regime.toLowerCase()}`);

  // Within X % of spot, X the median distance of what is left: the table narrows and every
  // distance it shows is within X.
  const distances = (await rows.getByTestId('row-flip-distance').allTextContents())
    .map(absPct)
    .sort((a, b) => a - b);
  const cap = Math.max(0.1, Number(distances[Math.floor((distances.length - 1) / 2)]!.toFixed(2)));
  await gw.getByLabel('Flip within (% of spot)').fill(String(cap));
  await gw.getByLabel('Flip within (% of spot)').press('Enter');
  await expect(gw.getByTestId('chip-flip_distance_max')).toHaveText(
    new RegExp(`Flip within ${cap}% of spot`),
  );
  await expect
    .poll(async () =>
      Math.max(...(await rows.getByTestId('row-flip-distance').allTextContents()).map(absPct)),
    )
    .toBeLessThanOrEqual(cap);
  await expect
    .poll(async () => [...new Set((await gammaCells.allTextContents()).map((t) => t.trim()))])
    .toEqual([regime]);
  await snap(gw, 'gamma-labels-01-rankings-gamma-filters');

  // Saved with the view, reopened after a reload.
  await gw.getByRole('button', { name: 'Save view…' }).click();
  await gw.getByLabel('Name of the view').fill('Near the flip');
  await gw.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(gw.getByLabel('Saved views').locator('option:checked')).toHaveText('Near the flip');
  await gw.getByRole('button', { name: 'Clear all' }).click();
  await expect(gw.getByTestId('chip-gamma_regime')).toHaveCount(0);
  await expect.poll(() => gw.evaluate(() => location.hash)).not.toContain('gamma_regime');
  await gw.reload();
  await expect(gw.getByTestId('ranking-table')).toBeVisible();
  await expect(gw.getByTestId('chip-gamma_regime')).toHaveCount(0);
  await gw.getByLabel('Saved views').selectOption({ label: 'Near the flip' });
  await expect(gw.getByTestId('chip-gamma_regime')).toHaveText(new RegExp(regime));
  await expect(gw.getByTestId('chip-flip_distance_max')).toBeVisible();
  await expect(gw.getByLabel('Flip within (% of spot)')).toHaveValue(String(cap));
});

test('an impossible gamma filter says it is what empties the list', async ({ gw, app }) => {
  await gw.goto(`${app.origin}/#/rankings/top_setups?flip_distance_min=99`);
  await expect(gw.getByTestId('empty-reason')).toHaveText(
    /^No tickers match\. Most excluded by: Flip at least 99% from spot \((\d+) of \1\)\.$/,
    { timeout: 60_000 },
  );
});

for (const ticker of ['SPY', 'QQQ']) {
  test(`${ticker}: each label shows what made it`, async ({ gw, app }) => {
    await gw.goto(`${app.origin}/#/ticker/${ticker}/overview`);
    const drivers = gw.getByTestId('panel-market-structure').getByTestId('label-drivers');
    await expect(drivers).toBeVisible({ timeout: 90_000 });
    const regime = drivers.getByTestId('label-drivers-regime');
    await expect(regime).toContainText('Trend');
    // The volatility read names its figures and thresholds, against the ticker's own year.
    await expect(regime.locator('dd').nth(1)).toHaveText(
      /^(High|Low) vol: .*(own year|absolute rule).*ATM IV \d/,
    );
    await expect(regime.getByTestId('label-note')).toBeVisible();
    await expect(regime.getByTestId('label-note')).toContainText('SPX beside SPY');
    // The regime these drivers explain is the one in the page header.
    const label = (await regime.getByTestId('label-value').textContent())?.trim() ?? '';
    await expect(gw.locator('header.top')).toContainText(label);
    const sentiment = drivers.getByTestId('label-drivers-sentiment');
    await expect(sentiment).toContainText('Put/call OI');
    await expect(sentiment).toContainText('IV rank');
    await expect(sentiment.getByTestId('label-value')).toHaveText(
      (await gw
        .getByTestId('panel-market-structure')
        .locator('.driver', { hasText: 'Sentiment' })
        .locator('strong')
        .textContent()) ?? '',
    );
    await snap(gw, `gamma-labels-02-${ticker.toLowerCase()}-overview-drivers`);

    await gw.getByTestId('tab-explain').click();
    await expect(gw.getByTestId('panel-explain').getByTestId('label-drivers-regime')).toContainText(
      'Volatility',
    );
    await snap(gw, `gamma-labels-03-${ticker.toLowerCase()}-explain-drivers`);
  });
}

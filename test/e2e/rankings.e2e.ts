// Rankings as a trader drives them: every Top setups filter as a labelled control with chips, a
// saved view reopened (from the list and from its link), a user screener made from a preset with
// an override and still there after a reload, an empty screener that says which filter excluded
// the most tickers, and income money shown as money.
import { expect, snap, test } from './fixtures.ts';

test.describe.configure({ mode: 'serial' });
test.use({ appLabel: 'rankings' });

interface Item {
  ticker: string;
  regime_label: string;
  price: number;
  opportunity_score: number;
}

const human = (label: string): string => {
  const text = label.replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

let items: Item[] = [];

test.beforeAll(async ({ app }) => {
  test.setTimeout(240_000);
  await app.call('app:completeOnboarding', { watchlistName: 'Core', tickers: ['SPY', 'QQQ'] });
  await app.call('poll:refreshNow', {});
  await expect
    .poll(
      async () => {
        // The app is busy with its first polls; a refused call is retried, not fatal.
        const out = await app.call<{ items: Item[] }>('rankings:topSetups', { limit: 50 }).catch(() => null);
        items = out?.items ?? items;
        return items.length;
      },
      { timeout: 180_000 },
    )
    .toBeGreaterThan(4);
});

test('top setups: filters as controls and chips, saved as a view, reopened by list and link', async ({
  gw,
  app,
}) => {
  await gw.goto(`${app.origin}/#/rankings/top_setups`);
  const table = gw.getByTestId('ranking-table');
  await expect(table).toBeVisible();
  const rows = table.locator('tbody tr');
  const priceCells = rows.locator('td:nth-child(8)');
  const maxPrice = async (): Promise<number> =>
    Math.max(...(await priceCells.allTextContents()).map((t) => Number(t.replace(/[$,]/g, ''))));

  // The commonest regime: the table narrows to it and stays non-empty. Rankings are re-polled
  // every few seconds on the fast clock, so check what the table shows rather than counts.
  const counts = new Map<string, number>();
  for (const i of items) counts.set(i.regime_label, (counts.get(i.regime_label) ?? 0) + 1);
  const [regime] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]!;
  await gw.getByRole('combobox', { name: 'Regime', exact: true }).selectOption({ label: human(regime) });
  await expect(gw.getByTestId('chip-regime')).toHaveText(new RegExp(`Regime: ${human(regime)}`));
  await expect
    .poll(async () => [...new Set(await rows.locator('td:nth-child(4)').allTextContents())])
    .toEqual([human(regime)]);

  // A range: prices up to the median of what is left.
  const prices = items
    .filter((i) => i.regime_label === regime)
    .map((i) => i.price)
    .sort((a, b) => a - b);
  const cap = Math.ceil(prices[Math.floor((prices.length - 1) / 2)]!);
  await gw.getByLabel('Price to ($)').fill(String(cap));
  await gw.getByLabel('Price to ($)').press('Enter');
  await expect(gw.getByTestId('chip-price_max')).toHaveText(new RegExp(`Price ≤ \\$${cap}`));
  await expect.poll(maxPrice).toBeLessThanOrEqual(cap);

  // Min score, and a bad bound that is refused with a message, not applied.
  await gw.getByLabel('Min score').fill('1');
  await gw.getByLabel('Min score').press('Enter');
  await expect(gw.getByTestId('chip-min_score')).toHaveText(/Score ≥ 1/);
  await gw.getByLabel('IV rank from').fill('abc');
  await gw.getByLabel('IV rank from').press('Enter');
  await expect(gw.getByRole('alert').filter({ hasText: 'IV rank from: enter a number' })).toBeVisible();
  await expect(gw.getByTestId('chip-iv_rank_min')).toHaveCount(0);
  await snap(gw, 'rankings-01-top-setups-filters');
  await gw.getByLabel('IV rank from').fill('');
  await gw.getByLabel('IV rank from').press('Enter');

  // Removing a chip removes the filter.
  await gw.getByRole('button', { name: /Remove filter Price ≤/ }).click();
  await expect(gw.getByTestId('chip-price_max')).toHaveCount(0);
  await expect(gw.getByLabel('Price to ($)')).toHaveValue('');
  await expect.poll(maxPrice).toBeGreaterThan(cap);

  // Save the view; it is listed and selected.
  await gw.getByRole('button', { name: 'Save view…' }).click();
  await gw.getByLabel('Name of the view').fill('Regime longs');
  await gw.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(gw.getByLabel('Saved views')).toHaveValue(/\d+/);
  await expect(gw.getByLabel('Saved views').locator('option:checked')).toHaveText('Regime longs');
  const link = await gw.evaluate(() => location.hash);
  expect(link).toContain('regime=');

  // The filters survive leaving the view.
  await gw.getByRole('link', { name: 'Watchlists' }).first().click();
  await expect(gw.getByTestId('ranking-table')).toHaveCount(0);
  await gw.getByRole('link', { name: 'Rankings' }).first().click();
  await expect(gw.getByTestId('chip-regime')).toBeVisible();
  await expect(gw.getByTestId('chip-min_score')).toBeVisible();

  // Clear, then reopen from the list…
  await gw.getByRole('button', { name: 'Clear all' }).click();
  await expect(gw.getByTestId('chip-regime')).toHaveCount(0);
  await expect.poll(() => rows.count()).toBeGreaterThan(0);
  await gw.getByLabel('Saved views').selectOption({ label: 'Regime longs' });
  await expect(gw.getByTestId('chip-regime')).toBeVisible();
  await expect(gw.getByTestId('chip-min_score')).toHaveText(/Score ≥ 1/);

  // …and from its link, pasted.
  await gw.getByRole('button', { name: 'Clear all' }).click();
  await gw.getByRole('button', { name: 'Open link…' }).click();
  await gw.getByLabel('Link').fill(`${app.origin}/${link}`);
  await gw.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(gw.getByTestId('chip-regime')).toHaveText(new RegExp(human(regime)));
  await expect(gw.getByLabel('Saved views').locator('option:checked')).toHaveText('Regime longs');
  await snap(gw, 'rankings-02-saved-view-reopened');
});

test('screeners: a preset with an override saved as my screener, still there after a reload', async ({
  gw,
  app,
}) => {
  await gw.goto(`${app.origin}/#/rankings/screeners`);
  await gw.getByLabel('Preset').selectOption({ label: 'Range premium seller' });
  await expect(gw.getByTestId('chip-iv_rank_min')).toHaveText(/IV rank ≥ 50/);
  await expect(gw.getByLabel('IV rank from')).toHaveValue('50');
  await expect(gw.getByTestId('screener-preset')).toContainText('Preset:');

  // Override one value of the preset; the rest stays.
  await gw.getByLabel('IV rank from').fill('20');
  await gw.getByLabel('IV rank from').press('Enter');
  await expect(gw.getByTestId('chip-iv_rank_min')).toHaveText(/IV rank ≥ 20/);
  await expect(gw.getByTestId('chip-regime')).toHaveText(/Regime: Range bound/);
  await expect(gw.getByTestId('screener-preset')).toContainText('Preset with changes');
  await expect(gw.getByTestId('screener-preset')).toContainText('IV rank ≥ 20');

  await gw.getByRole('button', { name: 'Save screener…' }).click();
  await gw.getByLabel('Name of the screener').fill('Cheap range');
  await gw.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(gw.getByTestId('screener-preset')).toContainText('My screener “Cheap range”');

  // A reload starts fresh; the screener is still listed and opens with its override.
  await gw.goto(`${app.origin}/#/rankings/top_setups`);
  await gw.reload();
  await gw.getByTestId('tab-screeners').click();
  await expect(gw.getByLabel('Preset')).toHaveValue('momentum_breakout');
  await expect(gw.getByLabel('My screeners').locator('option', { hasText: 'Cheap range' })).toHaveCount(1);
  await gw.getByLabel('My screeners').selectOption({ label: 'Cheap range' });
  await expect(gw.getByLabel('Preset')).toHaveValue('range_premium_seller');
  await expect(gw.getByLabel('IV rank from')).toHaveValue('20');
  await expect(gw.getByTestId('ranking-table').or(gw.getByTestId('no-rankings'))).toBeVisible();
  await snap(gw, 'rankings-03-my-screener');

  // Rename it.
  await gw.getByRole('button', { name: 'Rename' }).click();
  await gw.getByLabel(/New name of/).fill('Cheap range sellers');
  await gw.getByRole('button', { name: 'Rename', exact: true }).last().click();
  await expect(gw.getByLabel('My screeners').locator('option:checked')).toHaveText('Cheap range sellers');
});

test('an empty screener says which filter excludes the most tickers', async ({ gw, app }) => {
  await gw.goto(`${app.origin}/#/rankings/screeners`);
  await gw.getByLabel('Preset').selectOption({ label: 'Trend pullback' });
  await expect(gw.getByTestId('chip-trend_state')).toBeVisible();
  // Start from no filters (each preset filter dropped by an override), so the most excluding one is
  // known whatever the simulated market does: no price reaches a million, few IV ranks reach 90.
  await gw.getByRole('button', { name: 'Clear all' }).click();
  await expect(gw.getByTestId('chip-trend_state')).toHaveCount(0);
  await gw.getByLabel('IV rank from').fill('90');
  await gw.getByLabel('IV rank from').press('Enter');
  await gw.getByLabel('Price from ($)').fill('1000000');
  await gw.getByLabel('Price from ($)').press('Enter');
  const empty = gw.getByTestId('no-rankings');
  await expect(empty).toBeVisible();
  await expect(gw.getByTestId('empty-reason')).toHaveText(
    /^No tickers match\. Most excluded by: Price ≥ \$1000000 \((\d+) of \1\)\.$/,
  );
  await snap(gw, 'rankings-04-empty-screener');
  await gw.getByRole('button', { name: 'Remove that filter' }).click();
  await expect(gw.getByTestId('chip-price_min')).toHaveCount(0);
  await expect(gw.getByTestId('empty-reason').or(gw.getByTestId('ranking-table'))).not.toContainText(
    'Price ≥',
  );
});

test('income: premiums in dollars and cents, yields in percent', async ({ gw, app }) => {
  await expect
    .poll(async () => (await app.call<{ items: unknown[] }>('rankings:income', { limit: 10 })).items.length, {
      timeout: 120_000,
    })
    .toBeGreaterThan(0);
  await gw.goto(`${app.origin}/#/rankings/income`);
  const table = gw.getByTestId('income-table');
  await expect(table).toBeVisible();
  for (const premium of await table.getByTestId('income-premium').allTextContents())
    expect(premium).toMatch(/^\$\d[\d,]*\.\d\d$/);
  for (const y of await table.getByTestId('income-annual-yield').allTextContents())
    expect(y).toMatch(/^\d+\.\d{1,2}%$/);
  await snap(gw, 'rankings-05-income');
});

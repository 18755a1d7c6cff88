// A new user's first session, end to end against the real core: first run, a
// watchlist, data arriving, ticker detail, a rule, its alert in the app, history and export.
// Steps run in order on one app; each leaves screenshots for review.
import { readFileSync } from 'node:fs';
import { expect, snap, test } from './fixtures.ts';

test.describe.configure({ mode: 'serial' });
// A first run needs an app nobody else has touched.
test.use({ appLabel: 'journey' });

interface Row {
  ticker: string;
  price: number | null;
  status: string;
}

test('first run: onboarding creates a watchlist and data arrives', async ({ gw }) => {
  await expect(gw.getByTestId('onboarding')).toBeVisible();
  await expect(gw.getByTestId('simulated-badge')).toHaveText('SIMULATED DATA');
  await snap(gw, '01-first-run');
  for (const t of ['SPY', 'QQQ', 'AAPL', 'NVDA', 'TSLA'])
    await expect(gw.getByTestId(`starter-${t}`)).toBeChecked();
  await gw.getByTestId('starter-TSLA').uncheck();
  await gw.getByTestId('onboarding-name').fill('Core');
  await gw.getByTestId('onboarding-start').click();

  await expect(gw.getByTestId('watchlist-tab-Core')).toBeVisible();
  await expect(gw.getByTestId('row-SPY')).toBeVisible();
  await expect(gw.getByTestId('row-TSLA')).toHaveCount(0);
  // Data arrives: every row gets a price (the rows refresh on snapshot events, no reload).
  for (const t of ['SPY', 'QQQ', 'AAPL', 'NVDA']) {
    await expect(gw.getByTestId(`row-status-${t}`)).toHaveCount(0, { timeout: 60_000 });
  }
  await expect(gw.getByTestId('row-SPY').locator('td.num').first()).toHaveText(/^\$\d[\d,]*\.\d\d$/);
  // The market-structure record comes with the row's first fetch: its 1-day expected move, in percent
  // and in dollars, fills in too (a row reloads on each snapshot event; no reload by hand).
  for (const t of ['SPY', 'QQQ', 'AAPL', 'NVDA']) {
    await expect(gw.getByTestId(`expected-move-${t}`)).toHaveText(/^±\d+(\.\d+)?%/);
  }
  await snap(gw, '02-watchlist-data');
});

test('add a ticker with suggestions, refuse an unknown one, reorder by keyboard', async ({ gw }) => {
  const input = gw.getByTestId('add-ticker-input');
  await input.fill('ms');
  await expect(gw.getByTestId('ticker-suggestions')).toBeVisible();
  await expect(gw.getByTestId('suggestion-MSFT')).toBeVisible();
  await snap(gw, '03-add-ticker-suggestions');
  await gw.getByTestId('suggestion-MSFT').click();
  await expect(gw.getByTestId('row-MSFT')).toBeVisible();

  await input.fill('ZZZZ');
  await input.press('Enter');
  await expect(gw.getByTestId('add-ticker-error')).toContainText('ZZZZ');
  // A symbol the universe lacks is refused, never swapped for the first suggestion: "MU" is in
  // every "(simulated)" name, and Enter once added AAPL for it.
  const rowCount = await gw.locator('[data-testid^="row-"][aria-rowindex]').count();
  await input.fill('MU');
  await input.press('Enter');
  await expect(gw.getByTestId('add-ticker-error')).toContainText('MU is not in');
  await expect(gw.locator('[data-testid^="row-"][aria-rowindex]')).toHaveCount(rowCount);

  // Keyboard reorder: focus MSFT's handle and move it to the top.
  const order = async () =>
    await gw
      .locator('[data-testid^="row-"][aria-rowindex]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')));
  const handle = gw.getByTestId('reorder-MSFT');
  await handle.focus();
  for (let i = 0; i < 4; i += 1) await gw.keyboard.press('ArrowUp');
  await expect.poll(order).toEqual(['row-MSFT', 'row-SPY', 'row-QQQ', 'row-AAPL', 'row-NVDA']);
  await expect(gw.getByTestId('reorder-MSFT')).toBeFocused();
  // The order is the list's, not just the screen's.
  await gw.reload();
  await expect.poll(order).toEqual(['row-MSFT', 'row-SPY', 'row-QQQ', 'row-AAPL', 'row-NVDA']);

  // Sorting by a column, then back to the user's order on the third click.
  await gw.getByTestId('sort-ticker').click();
  await expect.poll(order).toEqual(['row-AAPL', 'row-MSFT', 'row-NVDA', 'row-QQQ', 'row-SPY']);
  await gw.getByTestId('sort-ticker').click();
  await gw.getByTestId('sort-ticker').click();
  await expect.poll(order).toEqual(['row-MSFT', 'row-SPY', 'row-QQQ', 'row-AAPL', 'row-NVDA']);

  // Filter.
  await gw.getByTestId('row-filter').fill('nv');
  await expect(gw.getByTestId('row-count')).toHaveText('1 of 5 shown');
  await gw.getByTestId('row-filter').fill('');
});

test('ticker detail: market structure, signals, trade setup, levels with download', async ({ gw }) => {
  await gw.getByTestId('open-SPY').click();
  await expect(gw.getByTestId('ticker-title')).toHaveText('SPY');
  await expect(gw.getByTestId('panel-market-structure')).toBeVisible();
  await expect(gw.getByTestId('headline')).not.toBeEmpty();
  await expect(gw.getByTestId('level-ladder').locator('li')).not.toHaveCount(0);
  await snap(gw, '04-ticker-market-structure');

  await gw.getByTestId('tab-signals').click();
  await expect(gw.getByTestId('panel-signals')).toContainText('Gamma regime');
  await gw.getByTestId('tab-trade_setup').click();
  await expect(gw.getByTestId('panel-trade-setup')).toBeVisible();
  await snap(gw, '05-ticker-trade-setup');
  await gw.getByTestId('tab-explain').click();
  await expect(gw.getByTestId('panel-explain')).toBeVisible();

  await gw.getByTestId('tab-levels').click();
  await expect(gw.getByTestId('panel-levels')).toBeVisible();
  const download = gw.waitForEvent('download');
  await gw.getByTestId('download-tradingview').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/SPY.*\.txt$/i);
  const text = readFileSync(await file.path(), 'utf8');
  expect(text.length).toBeGreaterThan(10);
  // The app runs on the simulator: the script says so before anything else.
  expect(text.split('\n').slice(0, 2)).toEqual([
    '//@version=5',
    "// Simulated data (Gammawatch's built-in market simulator), not market prices.",
  ]);
  await snap(gw, '06-ticker-levels');

  // Tabs are reachable by keyboard.
  await gw.getByTestId('tab-levels').focus();
  await gw.keyboard.press('ArrowRight');
  await expect(gw.getByTestId('tab-price')).toHaveAttribute('aria-selected', 'true');
  await expect(gw.getByTestId('tab-price')).toBeFocused();
});

test('create a rule in the editor and see its alert arrive in the app', async ({ gw, app }) => {
  await gw.goto(`${app.origin}/#/alerts/rules`);
  await expect(gw.getByTestId('rule-list').or(gw.getByTestId('no-rules'))).toBeVisible();
  await gw.getByTestId('new-rule').click();
  await expect(gw.getByTestId('rule-editor')).toBeVisible();

  // A bad threshold is refused with the reason, next to the field.
  await gw.getByTestId('rule-name').fill('SPY moves');
  await gw.getByTestId('rule-kind').selectOption('metric_threshold');
  await gw.getByTestId('rule-metric').selectOption('price');
  await gw.getByTestId('rule-value').fill('not a number');
  await gw.getByTestId('rule-save').click();
  await expect(gw.getByTestId('error-value')).toBeVisible();

  // The price is at `p` now: one rule for each side means the next move fires exactly one.
  const rows = await app.call<{ rows: Row[] }>('tickers:latest', { tickers: ['SPY'] });
  const price = rows.rows[0]?.price;
  expect(price).toBeGreaterThan(0);
  await gw.getByTestId('rule-value').fill(String(price));
  await gw.getByTestId('rule-scope').selectOption('ticker');
  await gw.getByTestId('rule-scope-ticker').fill('SPY');
  await gw.getByTestId('rule-cooldown').fill('0');
  await gw.getByTestId('rule-severity').selectOption('warning');
  await snap(gw, '07-rule-editor');
  await gw.getByTestId('rule-save').click();
  await expect(gw.getByTestId('rule-editor')).toBeHidden();
  await expect(gw.getByTestId('rule-SPY moves')).toBeVisible();

  await gw.getByTestId('new-rule').click();
  await gw.getByTestId('rule-name').fill('SPY drops');
  await gw.getByTestId('rule-kind').selectOption('metric_threshold');
  await gw.getByTestId('rule-metric').selectOption('price');
  await gw.getByTestId('rule-op').selectOption('below');
  await gw.getByTestId('rule-value').fill(String(price));
  await gw.getByTestId('rule-scope').selectOption('ticker');
  await gw.getByTestId('rule-scope-ticker').fill('SPY');
  await gw.getByTestId('rule-cooldown').fill('0');
  await gw.getByTestId('rule-save').click();
  await expect(gw.getByTestId('rule-SPY drops')).toBeVisible();
  await snap(gw, '08-rules');

  // The alert arrives as a toast and in the unread count, without a reload. The market kept moving
  // while the rules were typed, so the price may have left `price` behind on one side for a while:
  // until an alert shows, both thresholds are put back at the newest price, which the next move
  // then crosses one way or the other.
  const toast = gw
    .getByTestId('toast-alert')
    .filter({ hasText: /SPY price (above|below)/ })
    .first();
  await expect
    .poll(
      async () => {
        if (await toast.isVisible()) return true;
        const now = (await app.call<{ rows: Row[] }>('tickers:latest', { tickers: ['SPY'] })).rows[0]?.price;
        const rules =
          await app.call<{ id: number; name: string; condition: Record<string, unknown> }[]>('rules:list');
        for (const rule of rules.filter((r) => r.name === 'SPY moves' || r.name === 'SPY drops'))
          await app.call('rules:update', {
            id: rule.id,
            patch: { condition: { ...rule.condition, value: now } },
          });
        return false;
      },
      { timeout: 90_000, intervals: [4_000] },
    )
    .toBe(true);
  await expect(gw.getByTestId('unread-count')).toBeVisible();
  await snap(gw, '09-alert-toast');

  await gw.getByTestId('nav-alerts').click();
  await gw.getByTestId('tab-history').click();
  const item = gw
    .getByTestId('alert-list')
    .locator('li')
    .filter({ hasText: /SPY price (above|below)/ })
    .first();
  await expect(item).toBeVisible();
  await snap(gw, '10-alert-history');

  // Click-through: the ticker as it was at the alert's snapshot.
  await item.getByTestId('alert-open').click();
  await expect(gw.getByTestId('pinned-banner')).toBeVisible();
  await expect(gw.getByTestId('ticker-title')).toHaveText('SPY');
  // The stored snapshot itself, not its loading state.
  await expect(gw.getByTestId('panel-market-structure')).toBeVisible();
  await snap(gw, '11-alert-click-through');
  await gw.getByTestId('back-to-live').click();
  await expect(gw.getByTestId('pinned-banner')).toBeHidden();

  // Mark all read clears the badge. The rules are held off meanwhile: with a zero cooldown on both
  // sides of the price, every next move alerts again (as it should), which refills the count.
  const enabled = (await app.call<{ id: number; enabled: boolean }[]>('rules:list')).filter((r) => r.enabled);
  for (const rule of enabled) await app.call('rules:update', { id: rule.id, patch: { enabled: false } });
  try {
    await gw.getByTestId('nav-alerts').click();
    await gw.getByTestId('mark-all-read').click();
    await expect(gw.getByTestId('unread-count')).toBeHidden();
  } finally {
    for (const rule of enabled) await app.call('rules:update', { id: rule.id, patch: { enabled: true } });
  }
});

test('history: timeline, compare two snapshots, export', async ({ gw, app }) => {
  await gw.goto(`${app.origin}/#/history/SPY`);
  await expect(gw.getByTestId('timeline')).toBeVisible();
  // Two snapshots at least: the fast clock keeps producing them.
  await expect(gw.getByTestId('timeline-entry-1')).toBeVisible({ timeout: 60_000 });
  await gw.getByTestId('pick-a-1').click();
  await gw.getByTestId('pick-b-0').click();
  await expect(gw.getByTestId('snapshot-compare')).toBeVisible();
  // Two different market-structure snapshots: the spot at least has moved.
  await expect(gw.getByTestId('change-count')).toHaveText(/^[1-9]\d* fields? changed$/);
  await expect(gw.getByTestId('snapshot-compare').locator('tr[data-changed="true"]').first()).toBeVisible();
  await snap(gw, '12-history-compare');

  const download = gw.waitForEvent('download');
  await gw.getByTestId('export-snapshots-csv').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const csv = readFileSync(await file.path(), 'utf8');
  expect(csv.split('\n').length).toBeGreaterThan(2);

  await gw.getByTestId('open-at-1').click();
  await expect(gw.getByTestId('pinned-banner')).toBeVisible();
});

test('settings: theme and poll status', async ({ gw, app }) => {
  await gw.goto(`${app.origin}/#/settings`);
  await expect(gw.getByTestId('poll-panel')).toBeVisible();
  await snap(gw, '13-settings-dark');
  await gw.getByTestId('theme-light').check();
  await expect(gw.locator('html')).toHaveAttribute('data-theme', 'light');
  await snap(gw, '14-settings-light');
  await gw.goto(`${app.origin}/#/watchlists`);
  await expect(gw.getByTestId('ticker-table')).toBeVisible();
  // The rows, not the table's first empty frame, are what the screenshot is for.
  await expect(gw.getByTestId('row-SPY')).toBeVisible();
  await snap(gw, '15-watchlist-light');
  await gw.goto(`${app.origin}/#/ticker/SPY/overview`);
  await expect(gw.getByTestId('panel-market-structure')).toBeVisible();
  await snap(gw, '16-ticker-light');
  await gw.goto(`${app.origin}/#/settings`);
  await gw.getByTestId('theme-system').check();
  // "System" follows the OS: the page holds the theme it resolved to (app.css keys on it).
  const systemDark = await gw.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches);
  await expect(gw.locator('html')).toHaveAttribute('data-theme', systemDark ? 'dark' : 'light');

  await gw.getByTestId('poll-pause').click();
  await expect(gw.getByTestId('poll-state')).toHaveText('paused');
  await gw.getByTestId('poll-resume').click();
  await expect(gw.getByTestId('poll-state')).not.toHaveText('paused');
});

test('rankings: the screener shows its preset; a row goes to the watchlist in one click', async ({
  gw,
  app,
}) => {
  await gw.goto(`${app.origin}/#/rankings/top_setups`);
  const table = gw.getByTestId('ranking-table');
  await expect(table).toBeVisible({ timeout: 60_000 });
  // The first ranked ticker not yet on the list.
  const add = table.locator('button[data-testid^="add-"]').first();
  const ticker = ((await add.getAttribute('data-testid')) ?? '').replace(/^add-/, '');
  expect(ticker).toMatch(/^[A-Z]+$/);
  await add.click();
  await expect(gw.getByTestId(`in-list-${ticker}`)).toBeVisible();
  const lists = await app.call<{ name: string; tickers: string[] }[]>('watchlists:list');
  expect(lists.find((l) => l.name === 'Core')?.tickers).toContain(ticker);

  await gw.getByTestId('tab-screeners').click();
  await expect(gw.getByTestId('ranking-table').or(gw.getByTestId('no-rankings'))).toBeVisible();
  await expect(gw.getByTestId('screener-preset')).toContainText('Preset:');
  await snap(gw, '18-rankings-screener');
});

// A two-way rule backtested as a trader reads it: spot crossing the gamma flip either way, from the
// rule editor, on the simulator's history. The verdict comes per direction (up read long, down
// read short), the table has a row group per direction, and the move-size table sets the size of
// the moves after each kind of firing against every session and against the sessions in negative
// and in positive gamma.
import { expect, snap, test } from './fixtures.ts';

// Half a year of stored closes to replay: the app's own two-year backfill.
test.use({ appLabel: 'backtest-directions', appBackfill: '2y' });

test('a two-way flip-cross rule: a verdict per direction and the size of the moves', async ({ gw, app }) => {
  test.setTimeout(300_000);
  await app.call('app:completeOnboarding', { watchlistName: 'Core', tickers: ['SPY'] });
  await gw.goto(`${app.origin}/#/alerts/rules`);
  await gw.reload();
  await expect(gw.getByRole('heading', { name: 'Alerts', exact: true })).toBeVisible();

  await gw.getByTestId('new-rule').click();
  await expect(gw.getByTestId('rule-editor')).toBeVisible();
  await gw.getByTestId('rule-name').fill('SPY crosses the flip');
  await gw.getByTestId('rule-kind').selectOption({ label: 'Spot crosses a price level' });
  await gw.getByTestId('rule-level').selectOption('gamma_flip');
  // "Either way" is the default direction: the rule fires both ways. No buffer: every crossing of
  // the daily closes counts, so half a year of history holds crossings both ways.
  await gw.getByTestId('rule-buffer-pct').fill('0');
  await gw.getByTestId('rule-buffer-snapshots').fill('1');
  await gw.getByTestId('rule-scope').selectOption({ label: 'One ticker' });
  await gw.getByTestId('rule-scope-ticker').fill('SPY');
  await gw.getByTestId('rule-backtest').click();

  const dialog = gw.getByTestId('backtest-dialog');
  await expect(dialog).toBeVisible();
  const results = gw.getByTestId('backtest-results');
  await expect(results).toBeVisible({ timeout: 240_000 });

  // Two verdicts, one per direction, each read its way; never one over both.
  const up = gw.getByTestId('backtest-verdict-up');
  const down = gw.getByTestId('backtest-verdict-down');
  await expect(up).toContainText('Fired up, read long');
  await expect(down).toContainText('Fired down, read short');
  await expect(down).toContainText(/After it fired down, a short did|Not enough history/);
  await expect(gw.getByTestId('backtest-verdict-none')).toHaveCount(0);
  // A flip cross claims a move: each direction says how big the moves after it were.
  for (const dir of ['up', 'down']) {
    await expect(gw.getByTestId(`backtest-move-verdict-${dir}`)).toHaveText(
      /Bigger moves|Smaller moves|about as big|not known yet/,
    );
  }
  await expect(down).toContainText(
    /Moves after firing: \d+\.\d\d% vs \d+\.\d\d% baseline over \d+ sessions? \(n=\d+\)/,
  );

  // The returns table: a row group per direction, three horizons each.
  const compare = gw.getByTestId('backtest-compare');
  await expect(compare.getByTestId('backtest-direction-up')).toContainText('Fired up, read long');
  await expect(compare.getByTestId('backtest-direction-down')).toContainText('Fired down, read short');
  await expect(compare.locator('tbody tr[data-testid^="backtest-horizon-"]')).toHaveCount(6);

  // The move-size table: each direction, the baseline, the sessions by gamma regime; 1/5/20 sessions.
  const moves = gw.getByTestId('backtest-move-table');
  await expect(moves).toBeVisible();
  await expect(moves.locator('thead')).toContainText('Absolute return');
  await expect(moves.locator('thead')).toContainText('Realized volatility');
  for (const row of ['up', 'down', 'baseline', 'regime-negative', 'regime-positive'])
    await expect(moves.getByTestId(`backtest-move-${row}`)).toBeVisible();
  await expect(moves.getByTestId('backtest-move-baseline')).toContainText('Every session (baseline)');
  await expect(moves.getByTestId('backtest-move-regime-negative')).toContainText(
    'Sessions in negative gamma',
  );
  // Figures, not dashes, for the baseline over 1 and 5 sessions (the count, then 9 measures).
  const base = moves.getByTestId('backtest-move-baseline').locator('td');
  await expect(base).toHaveCount(10);
  for (const i of [1, 2, 4, 5, 7, 8]) await expect(base.nth(i)).toHaveText(/^\d+\.\d\d%$/);

  // The firings say which way each one went.
  const firings = gw.getByTestId('backtest-firings');
  await expect(firings.locator('td[data-direction="up"]').first()).toHaveText('Up · long');
  await expect(firings.locator('td[data-direction="down"]').first()).toHaveText('Down · short');
  expect(await results.innerText()).not.toMatch(/\b[a-z]+_[a-z_]+\b/);

  await gw.setViewportSize({ width: 1440, height: 1700 });
  await snap(gw, 'backtest-04-directions');
});

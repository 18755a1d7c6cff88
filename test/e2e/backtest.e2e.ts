// Backtests as a trader runs them: a rule built in the editor and backtested before it is saved
// (progress, then the verdict against the baseline, the price chart marking each firing, the
// firings table), exported as CSV, and a screener preset's track record in the Rankings view.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, SCREENSHOTS, snap, test } from './fixtures.ts';

// Half a year of stored closes to replay: the app's own two-year backfill.
test.use({ appLabel: 'backtest', appBackfill: '2y' });

test('backtest a rule from the editor, export it, and read a screener track record', async ({ gw, app }) => {
  test.setTimeout(480_000);
  await app.call('app:completeOnboarding', { watchlistName: 'Core', tickers: ['SPY', 'QQQ'] });
  await gw.goto(`${app.origin}/#/alerts/rules`);
  await gw.reload();
  await expect(gw.getByRole('heading', { name: 'Alerts', exact: true })).toBeVisible();

  // A gamma regime rule on SPY, not saved: the Backtest button runs it as Save would send it.
  await gw.getByTestId('new-rule').click();
  const editor = gw.getByTestId('rule-editor');
  await expect(editor).toBeVisible();
  await gw.getByTestId('rule-name').fill('SPY gamma flips');
  await gw.getByTestId('rule-kind').selectOption({ label: 'Gamma regime changes' });
  await gw.getByTestId('rule-scope').selectOption({ label: 'One ticker' });
  await gw.getByTestId('rule-scope-ticker').fill('SPY');
  await gw.getByTestId('rule-backtest').click();

  const dialog = gw.getByTestId('backtest-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Backtest “SPY gamma flips”' })).toBeVisible();
  await expect(gw.getByTestId('backtest-rule')).toContainText('Gamma regime changes');

  // A long window runs long enough to show its progress; the Cancel button stops it.
  await gw.getByTestId('backtest-window-2y').click();
  // "Replaying SPY… 12 / 50": the run's own progress events.
  await expect(gw.getByTestId('backtest-progress-text')).toHaveText(/\d+ \/ \d+/);
  await expect(gw.getByTestId('backtest-cancel')).toBeVisible();
  await snap(gw, 'backtest-01-progress');
  await gw.getByTestId('backtest-cancel').click();
  await expect(gw.getByTestId('backtest-run')).toBeVisible({ timeout: 60_000 });
  await expect(gw.getByTestId('backtest-cancelled').first()).toBeVisible();

  // The default window again, to the end: the verdict, the figures beside the baseline, the chart,
  // the table.
  await gw.getByTestId('backtest-window-180d').click();
  const results = gw.getByTestId('backtest-results');
  await expect(results).toBeVisible({ timeout: 180_000 });
  await expect(gw.getByTestId('backtest-verdict')).toContainText(/doing nothing|Never fired|Not enough/);
  const compare = gw.getByTestId('backtest-compare');
  // Three horizons per direction the rule fired in (a gamma regime rule fires both ways).
  const groups = await compare.locator('tbody').count();
  expect(groups).toBeGreaterThanOrEqual(1);
  await expect(compare.locator('tbody tr[data-testid^="backtest-horizon-"]')).toHaveCount(3 * groups);
  await expect(compare).toContainText('After 5 sessions');
  await expect(compare).toContainText('Baseline median');
  await expect(gw.getByTestId('backtest-simulated')).toHaveText(/SIMULATED/);
  await expect(gw.getByTestId('backtest-source')).toContainText('replayed from stored snapshots');
  const chart = gw.getByTestId('backtest-chart');
  await expect(chart).toBeVisible();
  expect(Number(await chart.getAttribute('data-points'))).toBeGreaterThan(60);
  const count = Number((await gw.getByTestId('backtest-count').textContent())?.replaceAll(',', ''));
  if (count > 0) {
    const rows = gw.getByTestId('backtest-firings').locator('tbody tr');
    await expect(rows).toHaveCount(Math.min(count, 200));
    await expect(rows.first()).toContainText('SPY');
    await expect(gw.getByTestId('backtest-chart-markers')).toBeVisible();
  }
  // Every label in words, no API keys.
  expect(await results.innerText()).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
  // A tall window, so the screenshot holds the verdict, the chart and the first rows of the table.
  await gw.setViewportSize({ width: 1440, height: 1500 });
  await snap(gw, 'backtest-02-results');
  // The dialog alone, for the user guide's Backtest section (docs/screenshots/backtest.png).
  await dialog.screenshot({ path: join(SCREENSHOTS, 'backtest-dialog.png') });
  await gw.setViewportSize({ width: 1440, height: 900 });

  // Sorting by the 5-session return puts the largest first.
  if (count > 1) {
    await gw.getByTestId('backtest-firings').getByRole('button', { name: '5D %', exact: true }).click();
    await expect(gw.getByTestId('backtest-firings').locator('th[aria-sort="descending"]')).toContainText(
      '5D %',
    );
  }

  // Export CSV: a file with the firings and the summary.
  const download = gw.waitForEvent('download');
  await gw.getByTestId('backtest-export-csv').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const path = await file.path();
  const csv = readFileSync(path, 'utf8');
  expect(csv).toMatch(/ticker/i);
  expect(csv).toMatch(/baseline/i);

  // Back to the rule, still unsaved and as it was.
  await gw.getByTestId('backtest-close').click();
  await expect(dialog).toBeHidden();
  await expect(editor).toBeVisible();
  await expect(gw.getByTestId('rule-name')).toHaveValue('SPY gamma flips');
  await editor.getByRole('button', { name: 'Cancel' }).click();

  // Rankings → Screeners → Track record of a preset: tickers that entered and what came next.
  await gw.goto(`${app.origin}/#/rankings/screeners`);
  await gw.getByTestId('screener-select').selectOption({ label: 'Momentum breakout' });
  await gw.getByTestId('screener-mode-track').click();
  const track = gw.getByTestId('track-record');
  await expect(track).toBeVisible();
  await expect(track.getByRole('heading', { name: 'Track record: Momentum breakout' })).toBeVisible();
  // 30 days: the first run fills the history of every ticker the screener ranks.
  await track.getByTestId('backtest-window-30d').click();
  await expect(track.getByTestId('backtest-results')).toBeVisible({ timeout: 240_000 });
  // Entering Momentum breakout points up: one group, read long.
  await expect(track.getByTestId('backtest-direction-up')).toContainText('Bullish entries, read long');
  await expect(
    track.getByTestId('backtest-compare').locator('tbody tr[data-testid^="backtest-horizon-"]'),
  ).toHaveCount(3);
  const entries = Number((await track.getByTestId('backtest-count').textContent())?.replaceAll(',', ''));
  expect(entries).toBeGreaterThan(0);
  await expect(track.getByTestId('backtest-firings').locator('tbody tr').first()).toContainText(
    /entered Momentum breakout/i,
  );
  await gw.setViewportSize({ width: 1440, height: 1500 });
  await snap(gw, 'backtest-03-track-record');
});

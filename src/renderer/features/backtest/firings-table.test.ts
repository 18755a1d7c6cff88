// The firings of a backtest, one row each: the price each fired at reads in its ticker's unit, as
// the watchlist, the rankings and the ticker page show it ("$500.00" for a fund, index points for
// SPX), and the table sorts by price when its head is clicked.
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { renderScreen } from '../../../../test/component/harness/mount.ts';
import type { BacktestFiring } from '../../../shared/bridge/backtest.ts';
import FiringsTable from './firings-table.svelte';

const spy: BacktestFiring = {
  ticker: 'SPY',
  at: '2026-01-05T21:00:00.000Z',
  title: 'SPY gamma regime: Positive → Negative',
  price: 500,
  forward: { '1d': 1, '5d': -2, '20d': null },
  maxAdverse5d: -2.5,
};
const firings: BacktestFiring[] = [
  spy,
  { ...spy, ticker: 'SPX', title: 'SPX gamma regime: Positive → Negative', price: 5912.25 },
];

/** Each row's ticker and price cell, top to bottom. */
function prices(): [string, string][] {
  const rows = page.getByTestId('backtest-firings').element().querySelectorAll('tbody tr');
  return [...rows].map((row) => {
    const cells = row.querySelectorAll('td');
    return [cells[0]?.textContent?.trim() ?? '', cells[3]?.textContent?.trim() ?? ''];
  });
}

describe('firings table', () => {
  it('shows each firing’s price in its ticker’s unit and sorts by it', async () => {
    await renderScreen(FiringsTable, { firings, subject: 'rule' });
    await expect.poll(prices).toEqual(
      expect.arrayContaining([
        ['SPY', '$500.00'],
        ['SPX', '5,912.25'],
      ]),
    );
    await userEvent.click(page.getByRole('button', { name: /^Price/ }));
    const sorted = prices().map(([ticker]) => ticker);
    await userEvent.click(page.getByRole('button', { name: /Price/ }));
    expect(prices().map(([ticker]) => ticker)).toEqual([...sorted].reverse());
  });
});

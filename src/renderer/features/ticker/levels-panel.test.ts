// The Levels table on the real core's app state: a 0DTE level is listed until its expiration
// settles, then left out with a sentence saying which expiration settled and when, the futures
// column kept in line with the rows. Judged at the history-review instant (`at`) when one is given.
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import type { LevelsData } from '../../../shared/api/index.ts';
import { renderScreen } from '../../../../test/component/harness/mount.ts';
import LevelsPanel from './levels-panel.svelte';

// Thursday 2020-01-02, a full session: its 0DTE settles at 16:00 ET (21:00 UTC). Long before the
// core's own market clock, so `at` is the instant the table judges by.
const data: LevelsData = {
  ticker: 'SPY',
  asof: '2020-01-02 10:00:00 ET',
  price: 324.87,
  levels: [
    { label: 'Call wall', price: 330, kind: 'call_wall', id: 'call_wall' },
    {
      label: '0DTE call wall',
      price: 326,
      kind: 'zero_dte_call_wall',
      id: 'zero_dte_call_wall',
      expiration: '2020-01-02',
    },
    { label: 'Spot', price: 324.87, kind: 'spot', id: 'spot' },
    { label: 'Put wall', price: 320, kind: 'put_wall', id: 'put_wall' },
  ],
};
const SNAPSHOT = '2020-01-02T15:00:00.000Z';

describe('Levels table and 0DTE settlement', () => {
  it('lists the 0DTE wall before its expiration settles', async () => {
    await renderScreen(LevelsPanel, { data, snapshotAsof: SNAPSHOT, at: '2020-01-02T20:59:00.000Z' });
    await expect.element(page.getByTestId('level-zero_dte_call_wall')).toBeVisible();
    await expect.element(page.getByTestId('level-call_wall')).toBeVisible();
    expect(page.getByTestId('levels-settled-note').elements()).toHaveLength(0);
  });

  it('leaves it out once settled, and says so', async () => {
    await renderScreen(LevelsPanel, { data, snapshotAsof: SNAPSHOT, at: '2020-01-03T15:00:00.000Z' });
    await expect
      .element(page.getByTestId('levels-settled-note'))
      .toHaveTextContent(
        '0DTE flip and walls of the 2020-01-02 expiration left out: it settled at 16:00 ET on 2020-01-02.',
      );
    await expect.element(page.getByTestId('level-call_wall')).toBeVisible();
    expect(page.getByTestId('level-zero_dte_call_wall').elements()).toHaveLength(0);
  });
});

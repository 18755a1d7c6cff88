// Sessions read from a real (in-memory) store: each day's close, with its high and low where the
// store holds intraday prices of it (two points or more), none where it holds the close only; and
// the gamma regime of each day's last signals snapshot.
import { afterEach, describe, expect, it } from 'vitest';
import { gammaRegimesOf, storedSessions } from '../../../../src/core/backtest/stored-history.ts';
import { openDatabase, type Store } from '../../../../src/core/store/database.ts';
import { alertRuleBodySchema, type AlertRuleBody } from '../../../../src/shared/alert-rules.ts';
import { at } from '../../../support/ny-time.ts';

const stores: Store<AlertRuleBody>[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) if (s.isOpen) s.close();
});

describe('stored sessions', () => {
  it('carries a high and low only for sessions with intraday prices', () => {
    const store = openDatabase<AlertRuleBody>(':memory:', { ruleSchema: alertRuleBodySchema });
    stores.push(store);
    const points: [string, string, number][] = [
      // Monday: polled through the day; the close (16:00) is neither the high nor the low.
      ['2025-03-03', '10:00', 101],
      ['2025-03-03', '12:00', 104.5],
      ['2025-03-03', '14:00', 99.25],
      ['2025-03-03', '16:00', 102],
      // Tuesday: a backfilled close only.
      ['2025-03-04', '16:00', 103],
      // Wednesday: two points, the close is the low.
      ['2025-03-05', '11:00', 106],
      ['2025-03-05', '16:00', 100],
    ];
    store.metrics.put(
      points.map(([d, t, value]) => ({ ticker: 'SPY', metric: 'price', ts: at(d, t), value })),
    );
    const sessions = storedSessions(store, 'SPY', at('2025-03-01', '00:00'), at('2025-03-06', '00:00'));
    expect(sessions).toEqual([
      { date: '2025-03-03', close: 102, high: 104.5, low: 99.25 },
      { date: '2025-03-04', close: 103 },
      { date: '2025-03-05', close: 100, high: 106, low: 100 },
    ]);
  });

  it("reads each day's gamma regime from its last snapshot", () => {
    const snap = (date: string, time: string, regime: string) => ({
      endpoint: 'signals' as const,
      ticker: 'SPY',
      params: {},
      asof: at(date, time),
      payload: { gamma_regime: regime },
    });
    const regimes = gammaRegimesOf([
      snap('2025-03-03', '10:00', 'positive'),
      snap('2025-03-03', '16:00', 'negative'),
      snap('2025-03-04', '16:00', 'positive'),
    ]);
    expect([...regimes]).toEqual([
      ['2025-03-03', 'negative'],
      ['2025-03-04', 'positive'],
    ]);
  });
});

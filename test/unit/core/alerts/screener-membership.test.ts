import { describe, expect, it } from 'vitest';
import type { AlertSnapshot } from '../../../../src/core/alerts/conditions.ts';
import { evaluateSnapshot, type ActiveRule, type AlertContext } from '../../../../src/core/alerts/engine.ts';
import { memoryMembership, type MembershipStore } from '../../../../src/core/alerts/screener-membership.ts';
import { alertRuleBodySchema } from '../../../../src/shared/alert-rules.ts';
import { at } from '../../../support/ny-time.ts';

/** New York wall time on a Monday and the Tuesday after it. */
const ny = (day: 'mon' | 'tue', hhmm: string): number =>
  at(day === 'mon' ? '2026-03-02' : '2026-03-03', hhmm);

const rules: ActiveRule[] = (['screener_enter', 'screener_exit'] as const).map((kind, i) => ({
  id: i + 1,
  name: kind,
  enabled: true,
  body: alertRuleBodySchema.parse({
    condition: { kind, screener: 'momentum_breakout' },
    scope: { kind: 'all' },
    cooldownMinutes: 0,
  }),
}));

const snap = (asof: number, tickers: string[] | null): AlertSnapshot => ({
  endpoint: 'screener',
  ticker: null,
  params: { name: 'momentum_breakout' },
  asof,
  payload: tickers === null ? { error: 'no data' } : { items: tickers.map((ticker) => ({ ticker })) },
});

/** Feeds a series through the engine as ingest does (prev: the one before), keeping a history. */
function run(
  series: readonly AlertSnapshot[],
  membership: MembershipStore = memoryMembership(),
  stored: AlertSnapshot[] = [],
): string[] {
  const ctx: AlertContext = {
    rules,
    watchlistTickers: () => new Set(),
    lastFiredAsof: () => null,
    sawValue: () => false,
    history: (curr) => stored.filter((s) => s.asof < curr.asof),
    membership,
    channels: { desktop: true, inApp: true, webhooks: [], quietHours: null },
    wallNow: 0,
  };
  const out: string[] = [];
  for (const curr of series) {
    const prev = stored.at(-1) ?? null;
    for (const e of evaluateSnapshot(ctx, prev, curr))
      out.push(`${e.ticker} ${e.kind === 'screener_enter' ? 'entered' : 'left'}`);
    stored.push(curr);
  }
  return out;
}

describe('screener membership is remembered', () => {
  it.each<[string, AlertSnapshot[], string[]]>([
    [
      'an empty screener overnight does not make members enter again in the morning',
      [
        snap(ny('mon', '15:45'), ['SPY', 'META']),
        snap(ny('mon', '20:00'), []),
        snap(ny('tue', '09:45'), ['SPY', 'META']),
      ],
      [],
    ],
    [
      'a thinned list while closed is not a "left"',
      [
        snap(ny('mon', '15:45'), ['SPY', 'META']),
        snap(ny('mon', '16:30'), ['SPY']),
        snap(ny('tue', '09:45'), ['SPY', 'META']),
      ],
      [],
    ],
    [
      'a list without items (a failed response) changes nothing',
      [snap(ny('mon', '15:00'), ['SPY']), snap(ny('mon', '15:15'), null), snap(ny('mon', '15:30'), ['SPY'])],
      [],
    ],
    [
      'leaving while open, then entering again, reads as left then entered',
      [snap(ny('mon', '10:00'), ['SPY']), snap(ny('mon', '10:15'), []), snap(ny('mon', '10:30'), ['SPY'])],
      ['SPY left', 'SPY entered'],
    ],
    [
      'a new name during closed hours enters once',
      [
        snap(ny('mon', '15:45'), ['SPY']),
        snap(ny('mon', '20:00'), ['SPY', 'NVDA']),
        snap(ny('tue', '09:45'), ['SPY', 'NVDA']),
      ],
      ['NVDA entered'],
    ],
    ['a first look is not a change', [snap(ny('mon', '10:00'), ['SPY', 'META'])], []],
  ])('%s', (_name, series, expected) => {
    expect(run(series)).toEqual(expected);
  });

  it('a restart (a new context on the same membership) does not enter anyone again', () => {
    const membership = memoryMembership();
    const stored: AlertSnapshot[] = [];
    expect(
      run([snap(ny('mon', '10:00'), ['SPY']), snap(ny('mon', '10:15'), ['SPY', 'META'])], membership, stored),
    ).toEqual(['META entered']);
    // After the restart the stored series goes on; the closed-hours gap is empty.
    expect(
      run([snap(ny('mon', '21:00'), []), snap(ny('tue', '09:45'), ['SPY', 'META'])], membership, stored),
    ).toEqual([]);
  });

  it('a switch of source and back (no prev: the baseline moved) keeps the membership', () => {
    const membership = memoryMembership();
    expect(
      run([snap(ny('mon', '10:00'), ['SPY']), snap(ny('mon', '10:15'), ['SPY', 'META'])], membership),
    ).toEqual(['META entered']);
    // A new series (no prev, no history), same remembered membership: only the newcomer enters.
    expect(run([snap(ny('mon', '11:00'), ['SPY', 'META', 'AMD'])], membership)).toEqual(['AMD entered']);
  });

  it('without a stored membership, the seed is the last list taken while open, not an empty closed-hours one', () => {
    const stored = [snap(ny('mon', '15:45'), ['SPY', 'META']), snap(ny('mon', '20:00'), [])];
    expect(run([snap(ny('tue', '09:45'), ['SPY', 'META', 'AMD'])], memoryMembership(), stored)).toEqual([
      'AMD entered',
    ]);
  });
});

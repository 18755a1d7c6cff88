// Which snapshot stands for a session's close (shared/session-close.ts), by table.
import { describe, expect, it } from 'vitest';
import { nyToEpoch, sessionDateOf } from '../../../src/shared/market-calendar.ts';
import {
  closePreference,
  preMarketPrint,
  sessionCloses,
  sessionClosePreference,
  takenPreMarket,
} from '../../../src/shared/session-close.ts';
import { at } from '../../support/ny-time.ts';

describe('takenPreMarket', () => {
  it.each([
    ['2025-05-01', '08:28', true], // Thursday before the open
    ['2025-05-01', '00:10', true], // just after midnight of a trading day
    ['2025-05-01', '09:29', true],
    ['2025-05-01', '09:30', false], // the open
    ['2025-04-30', '20:35', false], // the evening of the session
    ['2025-05-03', '08:28', false], // a Saturday: no session that day, the close stands
    ['2025-09-01', '08:00', false], // Labor Day
  ])('%s %s → %s', (date, hhmm, expected) => {
    expect(takenPreMarket(at(date, hhmm))).toBe(expected);
  });

  it('marks a pre-market print for a stock or an ETF, never for an index', () => {
    const t = at('2025-05-01', '08:28');
    expect(preMarketPrint('SPY', t)).toBe(true);
    expect(preMarketPrint('AMD', t)).toBe(true);
    expect(preMarketPrint('SPX', t)).toBe(false);
    expect(preMarketPrint('^VIX', t)).toBe(false);
    expect(preMarketPrint('SPY', at('2025-04-30', '20:35'))).toBe(false);
  });
});

describe('closePreference', () => {
  const close = at('2025-04-30', '16:15');
  const evening = at('2025-04-30', '20:35');
  const premarket = at('2025-05-01', '08:28');
  it.each([
    ['a later file of the session', evening, false, close, false],
    ['a session file over a pre-market one', close, false, premarket, false],
    ['a complete file over a later partial one', close, false, evening, true],
    ['a complete pre-market file over a partial close', premarket, false, evening, true],
  ])('prefers %s', (_what, better, betterPartial, worse, worsePartial) => {
    expect(closePreference(better, betterPartial)).toBeGreaterThan(closePreference(worse, worsePartial));
  });

  it('is an exact integer for any time of this century', () => {
    const late = Date.UTC(2099, 11, 31, 23, 59);
    expect(Number.isSafeInteger(closePreference(late))).toBe(true);
    expect(closePreference(late) - closePreference(late - 1)).toBe(1);
  });
});

describe('sessionCloses', () => {
  it('picks one snapshot per session, whatever the order', () => {
    const files = [
      { asof: at('2025-05-02', '08:30'), name: 'May 2 pre-market' },
      { asof: at('2025-04-30', '16:15'), name: 'Apr 30 close' },
      { asof: at('2025-05-01', '08:28'), name: 'May 1 pre-market' },
      { asof: at('2025-04-30', '20:35'), name: 'Apr 30 evening' },
      { asof: at('2025-04-30', '21:00'), name: 'Apr 30 partial', partial: true },
    ];
    const chosen = sessionCloses(files);
    expect([...chosen].sort().map(([date, f]) => [date, f.name])).toEqual([
      ['2025-04-30', 'Apr 30 evening'],
      ['2025-05-01', 'May 2 pre-market'],
    ]);
  });
});

describe('sessionClosePreference', () => {
  it.each([
    ['a Wednesday', '2025-04-30'],
    ['a Friday (its window runs to Monday’s open)', '2025-05-02'],
    ['the Friday before Labor Day (to Tuesday’s open)', '2025-08-29'],
    ['the day before Thanksgiving (to Friday’s half day)', '2026-11-25'],
    ['the Friday before the clocks spring forward', '2026-03-06'],
    ['the Friday before they fall back', '2026-10-30'],
  ])('equals closePreference at every minute of %s’s window', (_, session) => {
    const rank = sessionClosePreference(session);
    const { from, to } = {
      from: nyToEpoch(session, 9 * 60 + 30),
      to: nyToEpoch(session, 9 * 60 + 30) + 5 * 86_400_000,
    };
    let checked = 0;
    for (let t = from; t < to; t += 60_000) {
      if (sessionDateOf(t) !== session) continue;
      for (const partial of [false, true]) expect(rank(t, partial)).toBe(closePreference(t, partial));
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(24 * 60);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeHistoryMetrics,
  type HistoryToday,
} from '../../../../../src/service/engine/interpret/history-metrics.ts';
import type { HistoryMetrics, TickerHistory } from '../../../../../src/service/engine/types.ts';
import { EMPTY_HISTORY, makeHistory, METRICS_DATE, pricePath } from '../../../../support/metrics-factory.ts';

const today = (over: Partial<HistoryToday> = {}): HistoryToday => ({
  date: METRICS_DATE,
  price: 100,
  atm_iv: 0.3,
  pcr_oi: 1,
  ...over,
});

const NUMERIC_KEYS = [
  'iv_rank',
  'iv_pct_chg',
  'realized_vol_20d',
  'put_call_ratio_oi_30day_change',
  'put_call_ratio_oi_60day_change',
  'trend_score',
  'momentum_score',
  'extension_score',
  'realized_vol_score',
  'trend_alignment_score',
] as const satisfies readonly (keyof HistoryMetrics)[];

describe('what a figure waits for (history_pending)', () => {
  it.each([
    // [what, closes before today, IVs before today (NaN: none), iv_rank pending, trend pending]
    ['no history at all', 0, 0, { stored: 1, needed: 20 }, { stored: 1, needed: 50 }],
    ['two files before today', 2, 2, { stored: 3, needed: 20 }, { stored: 3, needed: 50 }],
    // A price history file: trend at once, IV rank still counts sessions with an ATM IV.
    ['60 closes of a price file, 2 files', 60, 2, { stored: 3, needed: 20 }, undefined],
    ['a year of both', 260, 260, undefined, undefined],
  ] as const)('%s', (_what, closes, ivs, ivRank, trend) => {
    const ivValues = Array.from({ length: closes }, (_, i) =>
      i >= closes - ivs ? 0.2 + (i % 5) * 0.02 : NaN,
    );
    const h =
      closes === 0
        ? EMPTY_HISTORY
        : makeHistory({ closes: pricePath(100, [[closes - 1, 0.001, 0.01]]), ivs: ivValues });
    const m = computeHistoryMetrics(h, today());
    expect(m.history_pending?.iv_rank).toEqual(ivRank);
    expect(m.history_pending?.trend).toEqual(trend);
    if (ivRank) expect(m.iv_rank).toBeNull();
    else expect(m.iv_rank).not.toBeNull();
    if (trend) expect(m.trend_state).toBeNull();
    else expect(m.trend_state).not.toBeNull();
  });
});

describe('iv_rank and iv_pct_chg', () => {
  it('ranks today within the window: (iv − min) / (max − min) × 100', () => {
    // 29 sessions alternating 0.20 / 0.40, then today at 0.25: (0.25 − 0.20) / 0.20 = 25.
    const ivs = Array.from({ length: 29 }, (_, i) => (i % 2 ? 0.4 : 0.2));
    const h = makeHistory({ closes: new Array(29).fill(100), ivs });
    const m = computeHistoryMetrics(h, today({ atm_iv: 0.25 }));
    expect(m.iv_rank).toBeCloseTo(25, 6);
    // Prior session (last of history, index 28) was 0.20: +25 %.
    expect(m.iv_pct_chg).toBeCloseTo(25, 6);
    expect(m.notes.some((n) => n.includes('fewer than 252'))).toBe(true);
  });

  it('looks back 252 sessions including today, and no further', () => {
    // A spike to 0.90 just outside the window must not count.
    const ivs = [0.9, ...Array.from({ length: 251 }, (_, i) => 0.2 + (i % 3) * 0.05)];
    const h = makeHistory({ closes: new Array(252).fill(100), ivs });
    const m = computeHistoryMetrics(h, today({ atm_iv: 0.25 }));
    // Window: the last 251 history values (0.20-0.30) and today 0.25 → 50.
    expect(m.iv_rank).toBeCloseTo(50, 6);
  });

  it.each([
    ['today has no IV', { atm_iv: null }],
    ['today IV is zero', { atm_iv: 0 }],
  ])('is null when %s', (_name, over) => {
    const h = makeHistory({ closes: new Array(40).fill(100), ivs: 0.3 });
    const m = computeHistoryMetrics(h, today(over));
    expect(m.iv_rank).toBeNull();
    expect(m.iv_pct_chg).toBeNull();
  });

  it('needs 20 sessions of IV and a non-flat window', () => {
    const short = computeHistoryMetrics(makeHistory({ closes: new Array(10).fill(100) }), today());
    expect(short.iv_rank).toBeNull();
    expect(short.notes.some((n) => n.startsWith('IV rank needs'))).toBe(true);
    const flat = computeHistoryMetrics(makeHistory({ closes: new Array(40).fill(100), ivs: 0.3 }), today());
    expect(flat.iv_rank).toBeNull();
    expect(flat.notes.some((n) => n.includes('flat'))).toBe(true);
  });
});

describe('realized_vol_20d', () => {
  it('annualizes the sample deviation of the last 20 log returns, today as the last close', () => {
    // Returns alternate +a / −a: 20 of them have mean 0 and sample σ = a·√(20/19).
    const a = 0.01;
    const closes = [100];
    for (let i = 0; i < 20; i++) closes.push((closes[i] as number) * Math.exp(i % 2 ? -a : a));
    const price = closes.pop() as number;
    const m = computeHistoryMetrics(makeHistory({ closes }), today({ price }));
    expect(m.realized_vol_20d).toBeCloseTo(a * Math.sqrt(20 / 19) * Math.sqrt(252) * 100, 2);
  });

  it('is null with fewer than 21 closes', () => {
    const m = computeHistoryMetrics(makeHistory({ closes: new Array(19).fill(100) }), today());
    expect(m.realized_vol_20d).toBeNull();
  });
});

describe('put/call OI ratio changes', () => {
  // 2025-03-12 − 30 days = 2025-02-10 (a Monday session); − 60 days = 2025-01-11 (a Saturday: the
  // Friday 2025-01-10 session counts).
  it('subtract the value of the last session on or before 30 and 60 calendar days ago', () => {
    const base = makeHistory({ closes: new Array(80).fill(100) });
    const pcrs = base.dates.map((d) => (d === '2025-02-10' ? 0.8 : d === '2025-01-10' ? 1.5 : 1.1));
    const h: TickerHistory = { ...base, pcrOi: Float64Array.from(pcrs) };
    const m = computeHistoryMetrics(h, today({ pcr_oi: 1.0 }));
    expect(m.put_call_ratio_oi_30day_change).toBeCloseTo(1.0 - 0.8, 10);
    expect(m.put_call_ratio_oi_60day_change).toBeCloseTo(1.0 - 1.5, 10);
  });

  it('is null when history does not reach back, or has a gap of more than a week there', () => {
    const short = computeHistoryMetrics(makeHistory({ closes: new Array(15).fill(100) }), today());
    expect(short.put_call_ratio_oi_30day_change).toBeNull();
    const full = makeHistory({ closes: new Array(80).fill(100) });
    const keep = full.dates
      .map((d, i) => (d < '2025-01-25' || d > '2025-02-20' ? i : -1))
      .filter((i) => i >= 0);
    const gapped: TickerHistory = {
      dates: keep.map((i) => full.dates[i] as string),
      close: Float64Array.from(keep, (i) => full.close[i] as number),
      atmIv: Float64Array.from(keep, (i) => full.atmIv[i] as number),
      pcrOi: Float64Array.from(keep, (i) => full.pcrOi[i] as number),
    };
    const m = computeHistoryMetrics(gapped, today());
    expect(m.put_call_ratio_oi_30day_change).toBeNull();
    expect(m.put_call_ratio_oi_60day_change).not.toBeNull();
  });
});

describe('scores and states', () => {
  it('labels a steady climb as an up-trend with aligned signals', () => {
    const closes = pricePath(100, [[300, 0.004, 0.008]], 21);
    const price = closes.pop() as number;
    const m = computeHistoryMetrics(makeHistory({ closes }), today({ price }));
    expect(m.trend_state).toBe('up');
    expect(m.trend_score).toBeGreaterThanOrEqual(1);
    expect(m.realized_vol_state).not.toBeNull();
    expect(m.trend_alignment_state).not.toBeNull();
  });

  // Twelve sessions of a 3 %-a-day fall: the 20-day mean lags far behind. (A steady 25-session slide
  // is a trend the mean has caught up with: its extension is about −2.5, oversold on some paths only.)
  it('labels a crash after a long calm as a down-trend, oversold, with expanding or elevated volatility', () => {
    const closes = pricePath(
      100,
      [
        [260, 0.0005, 0.008],
        [12, -0.03, 0.03],
      ],
      4,
    );
    const price = closes.pop() as number;
    const m = computeHistoryMetrics(makeHistory({ closes }), today({ price }));
    expect(m.trend_state).toBe('down');
    expect(m.extension_state).toBe('oversold');
    expect(['expanding', 'elevated']).toContain(m.realized_vol_state);
  });

  it('returns nulls and one note without history, never NaN', () => {
    const m = computeHistoryMetrics(EMPTY_HISTORY, today());
    for (const k of NUMERIC_KEYS) expect(m[k]).toBeNull();
    expect(m.trend_state).toBeNull();
    expect(m.notes).toHaveLength(1);
    expect(m.notes[0]).toContain('no daily history');
  });

  it('says which scores a short history cannot support', () => {
    const m = computeHistoryMetrics(
      makeHistory({ closes: new Array(30).fill(100).map((v, i) => v + (i % 3)) }),
      today(),
    );
    expect(m.extension_score).not.toBeNull();
    expect(m.momentum_score).not.toBeNull();
    expect(m.trend_score).toBeNull();
    expect(m.realized_vol_score).toBeNull();
    expect(m.trend_alignment_score).toBeNull();
    expect(m.notes.some((n) => n.startsWith('Trend needs 50'))).toBe(true);
  });

  it('ignores history rows dated on or after the snapshot date', () => {
    const closes = pricePath(100, [[100, 0.001, 0.01]], 2);
    const h = makeHistory({ closes, before: '2025-03-14' }); // ends 2025-03-13, after the snapshot
    const trimmed = makeHistory({ closes: closes.slice(0, -2) }); // ends 2025-03-11
    expect(computeHistoryMetrics(h, today())).toEqual(computeHistoryMetrics(trimmed, today()));
  });

  it('never yields NaN and is deterministic for random but valid inputs', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 1, max: 1e6 }),
        fc.double({ min: 0.001, max: 0.08, noNaN: true }),
        fc.option(fc.double({ min: 0.01, max: 3, noNaN: true }), { nil: null }),
        (n, seed, vol, iv) => {
          const closes = pricePath(100, [[n, 0, vol]], seed);
          const price = closes.pop() as number;
          const ivs = closes.map((_, i) => 0.2 + 0.1 * Math.sin(i + seed));
          const h = makeHistory({ closes, ivs, pcrs: closes.map((_, i) => 0.8 + 0.01 * (i % 7)) });
          const t = today({ price, atm_iv: iv, pcr_oi: 0.9 });
          const m = computeHistoryMetrics(h, t);
          for (const k of NUMERIC_KEYS) {
            const v = m[k];
            expect(v === null || Number.isFinite(v)).toBe(true);
          }
          if (m.iv_rank !== null) {
            expect(m.iv_rank).toBeGreaterThanOrEqual(0);
            expect(m.iv_rank).toBeLessThanOrEqual(100);
          }
          expect(computeHistoryMetrics(h, t)).toEqual(m);
        },
      ),
      { numRuns: 60 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import { alertConditionSchema, type AlertCondition } from '../../../../src/shared/alert-rules.ts';
import {
  daysUntil,
  evaluateCondition,
  type AlertSnapshot,
  type ThresholdMemory,
} from '../../../../src/core/alerts/conditions.ts';

const T0 = Date.UTC(2025, 2, 10, 15, 0); // Monday 11:00 New York (EDT)
const MIN = 60_000;

function signals(fields: Record<string, unknown>, minutes = 0, ticker = 'SPY'): AlertSnapshot {
  return {
    endpoint: 'signals',
    ticker,
    params: {},
    asof: T0 + minutes * MIN,
    payload: { ticker, price: 500, gamma_regime: 'positive', ...fields },
  };
}

function structure(spot: number, levels: Record<string, number | null>, minutes = 0): AlertSnapshot {
  return {
    endpoint: 'market_structure',
    ticker: 'SPY',
    params: {},
    asof: T0 + minutes * MIN,
    payload: { key_levels: { spot, ...levels } },
  };
}

function screener(name: string, tickers: string[], minutes = 0): AlertSnapshot {
  return {
    endpoint: 'screener',
    ticker: null,
    params: { name },
    asof: T0 + minutes * MIN,
    payload: {
      items: tickers.map((ticker) => ({ ticker, opportunity_score: 7.5, regime_label: 'trending_low_vol' })),
    },
  };
}

const neverFired: ThresholdMemory = { lastFiredAsof: () => null, sawValue: () => false };
/** Label rules here test the transition itself: dwell off unless a case sets one (dwell.test.ts). */
const DWELL_KINDS = ['regime_change', 'tier_change', 'income_tier_change', 'gamma_regime_change'];
const cond = (c: unknown): AlertCondition => {
  const o = c as { kind: string; dwell?: unknown };
  return alertConditionSchema.parse(
    DWELL_KINDS.includes(o.kind) && o.dwell === undefined ? { ...o, dwell: { snapshots: 1, minutes: 0 } } : o,
  );
};

/** [from, to] pairs of the firings. */
function run(c: unknown, prev: AlertSnapshot | null, curr: AlertSnapshot, memory = neverFired) {
  return evaluateCondition(cond(c), prev, curr, memory).map((f) => [f.ticker, f.from, f.to]);
}

describe('label changes', () => {
  it.each([
    ['regime change', { kind: 'regime_change' }, 'regime_label', 'range_bound', 'trending_low_vol', true],
    ['regime unchanged', { kind: 'regime_change' }, 'regime_label', 'range_bound', 'range_bound', false],
    [
      'regime to listed',
      { kind: 'regime_change', to: ['flush_panic'] },
      'regime_label',
      'range_bound',
      'flush_panic',
      true,
    ],
    [
      'regime to unlisted',
      { kind: 'regime_change', to: ['flush_panic'] },
      'regime_label',
      'range_bound',
      'choppy_volatile',
      false,
    ],
    ['regime from missing', { kind: 'regime_change' }, 'regime_label', null, 'range_bound', false],
    ['gamma flips negative', { kind: 'gamma_regime_change' }, 'gamma_regime', 'positive', 'negative', true],
    [
      'gamma filtered',
      { kind: 'gamma_regime_change', to: ['positive'] },
      'gamma_regime',
      'positive',
      'negative',
      false,
    ],
    ['tier any', { kind: 'tier_change', direction: 'any' }, 'opportunity_tier', 'low', 'high', true],
    [
      'tier upgrade up',
      { kind: 'tier_change', direction: 'upgrade' },
      'opportunity_tier',
      'low',
      'moderate',
      true,
    ],
    [
      'tier upgrade down',
      { kind: 'tier_change', direction: 'upgrade' },
      'opportunity_tier',
      'moderate',
      'low',
      false,
    ],
    [
      'tier downgrade down',
      { kind: 'tier_change', direction: 'downgrade' },
      'opportunity_tier',
      'high',
      'pass',
      true,
    ],
    [
      'tier downgrade up',
      { kind: 'tier_change', direction: 'downgrade' },
      'opportunity_tier',
      'pass',
      'low',
      false,
    ],
    [
      'tier to high',
      { kind: 'tier_change', direction: 'to', tier: 'high' },
      'opportunity_tier',
      'moderate',
      'high',
      true,
    ],
    [
      'tier to other',
      { kind: 'tier_change', direction: 'to', tier: 'high' },
      'opportunity_tier',
      'pass',
      'moderate',
      false,
    ],
    [
      'income cc',
      { kind: 'income_tier_change', direction: 'any', strategy: 'cc' },
      'cc_income_tier',
      'low',
      'high',
      true,
    ],
    [
      'income csp ignored by cc rule',
      { kind: 'income_tier_change', direction: 'any', strategy: 'cc' },
      'csp_income_tier',
      'low',
      'high',
      false,
    ],
    [
      'income any strategy',
      { kind: 'income_tier_change', direction: 'upgrade' },
      'csp_income_tier',
      'pass',
      'moderate',
      true,
    ],
  ])('%s', (_name, condition, field, from, to, fires) => {
    const out = run(condition, signals({ [field]: from }), signals({ [field]: to }, 5));
    expect(out).toEqual(fires ? [['SPY', from, to]] : []);
  });

  it('no previous snapshot means no event', () => {
    expect(run({ kind: 'regime_change' }, null, signals({ regime_label: 'flush_panic' }))).toEqual([]);
  });

  it('ignores snapshots of endpoints the rule does not read', () => {
    const prev = { ...signals({ regime_label: 'range_bound' }), endpoint: 'trade_setup' as const };
    const curr = { ...signals({ regime_label: 'flush_panic' }), endpoint: 'trade_setup' as const };
    expect(run({ kind: 'regime_change' }, prev, curr)).toEqual([]);
  });

  it('titles name the ticker and the transition', () => {
    const [firing] = evaluateCondition(
      cond({ kind: 'gamma_regime_change' }),
      signals({ gamma_regime: 'positive' }),
      signals({ gamma_regime: 'negative', price: 498.5 }, 5),
      neverFired,
    );
    expect(firing?.title).toBe('SPY gamma regime: Positive → Negative');
    expect(firing?.message).toContain('498.50');
  });
});

describe('titles use words, never enum values', () => {
  it.each([
    [
      { kind: 'regime_change' },
      { regime_label: 'trending_down_high_vol' },
      { regime_label: 'choppy_volatile' },
      'SPY regime: Trending down, high vol → Choppy, volatile',
    ],
    [
      { kind: 'regime_change' },
      { regime_label: 'range_bound' },
      { regime_label: 'flush_panic' },
      'SPY regime: Range-bound → Flush / panic',
    ],
    [
      { kind: 'gamma_regime_change' },
      { gamma_regime: 'positive' },
      { gamma_regime: 'unknown' },
      'SPY gamma regime: Positive → Unknown',
    ],
    [
      { kind: 'tier_change', direction: 'any' },
      { opportunity_tier: 'low' },
      { opportunity_tier: 'high' },
      'SPY opportunity tier: Low → High',
    ],
    [
      { kind: 'income_tier_change', direction: 'any', strategy: 'cc' },
      { cc_income_tier: 'moderate' },
      { cc_income_tier: 'pass' },
      'SPY covered-call tier: Moderate → Pass',
    ],
    [
      { kind: 'income_tier_change', direction: 'any', strategy: 'csp' },
      { csp_income_tier: 'pass' },
      { csp_income_tier: 'low' },
      'SPY cash-secured-put tier: Pass → Low',
    ],
  ])('%o', (c, before, after, title) => {
    const [firing] = evaluateCondition(cond(c), signals(before), signals(after, 5), neverFired);
    expect(firing?.title).toBe(title);
    expect(`${firing?.title} ${firing?.message}`).not.toMatch(/[a-z]_[a-z]/);
  });

  it('screener and metric titles too', () => {
    const [enter] = evaluateCondition(
      cond({ kind: 'screener_enter', screener: 'highvol_breakdown' }),
      screener('highvol_breakdown', []),
      screener('highvol_breakdown', ['TSLA'], 5),
      neverFired,
    );
    expect(enter?.title).toBe('TSLA entered High-vol breakdown');
    const [metric] = evaluateCondition(
      cond({ kind: 'metric_threshold', metric: 'iv_rank', op: 'above', value: 70 }),
      signals({ iv_rank: 60 }),
      signals({ iv_rank: 75 }, 5),
      neverFired,
    );
    expect(metric?.title).toBe('SPY IV rank percentile above 70');
    // An IV reads in percent, as on every screen and as the rule was typed (11 for 0.11).
    const [iv] = evaluateCondition(
      cond({ kind: 'metric_threshold', metric: 'atm_iv', op: 'above', value: 0.11 }),
      signals({ atm_iv: 0.102 }),
      signals({ atm_iv: 0.1134 }, 5),
      neverFired,
    );
    expect(iv?.title).toMatch(/^SPY .+ above 11%$/);
    expect(iv?.message).toMatch(/ is 11\.3% \(above 11%; was 10\.2%\)\.$/);
  });
});

describe('screener membership', () => {
  it.each([
    [
      'enter',
      'screener_enter',
      ['AAA', 'BBB'],
      ['BBB', 'CCC', 'DDD'],
      [
        ['CCC', 'out', 'in'],
        ['DDD', 'out', 'in'],
      ],
    ],
    ['exit', 'screener_exit', ['AAA', 'BBB'], ['BBB', 'CCC'], [['AAA', 'in', 'out']]],
    ['unchanged', 'screener_enter', ['AAA'], ['AAA'], []],
    ['empty to empty', 'screener_exit', [], [], []],
  ])('%s', (_name, kind, before, after, expected) => {
    const c = { kind, screener: 'momentum_breakout' };
    expect(run(c, screener('momentum_breakout', before), screener('momentum_breakout', after, 5))).toEqual(
      expected,
    );
  });

  it('only the rule’s own preset', () => {
    const c = { kind: 'screener_enter', screener: 'momentum_breakout' };
    expect(run(c, screener('trend_pullback', []), screener('trend_pullback', ['AAA'], 5))).toEqual([]);
  });

  it('a first screener snapshot raises nothing', () => {
    expect(
      run({ kind: 'screener_enter', screener: 'trend_pullback' }, null, screener('trend_pullback', ['A'])),
    ).toEqual([]);
  });
});

describe('level crossing', () => {
  it.each([
    ['up through the flip', 'any', 99, 101, 100, 100, ['below', 'above']],
    ['down through the flip', 'any', 101, 99, 100, 100, ['above', 'below']],
    ['up only, went down', 'up', 101, 99, 100, 100, null],
    ['down only, went down', 'down', 101, 99, 100, 100, ['above', 'below']],
    ['the level moved past spot', 'any', 101, 101, 100, 102, ['above', 'below']],
    ['stays above', 'any', 101, 105, 100, 100, null],
    ['touching is not crossing', 'any', 99, 100, 100, 100, null],
  ])('%s', (_name, direction, spotA, spotB, levelA, levelB, expected) => {
    const c = { kind: 'level_cross', level: 'gamma_flip', direction };
    const out = run(c, structure(spotA, { gamma_flip: levelA }), structure(spotB, { gamma_flip: levelB }, 5));
    expect(out).toEqual(expected ? [['SPY', ...expected]] : []);
  });

  it('a missing level (no flip) raises nothing', () => {
    const c = { kind: 'level_cross', level: 'gamma_flip' };
    expect(run(c, structure(99, { gamma_flip: null }), structure(101, { gamma_flip: 100 }, 5))).toEqual([]);
  });

  it('watches the sigma levels too', () => {
    const c = { kind: 'level_cross', level: 'plus_1sigma_1d', direction: 'up' };
    expect(
      run(c, structure(104, { plus_1sigma_1d: 105 }), structure(106, { plus_1sigma_1d: 105 }, 5)),
    ).toEqual([['SPY', 'below', 'above']]);
  });
});

describe('metric threshold with hysteresis', () => {
  const above = { kind: 'metric_threshold', metric: 'iv_rank', op: 'above', value: 70, hysteresis: 5 };
  const below = { kind: 'metric_threshold', metric: 'iv_rank', op: 'below', value: 30, hysteresis: 5 };

  /** Feeds a sequence of values through the rule, remembering firings like the store would. */
  function sequence(c: unknown, values: number[]): number[] {
    const fired: number[] = [];
    const snaps = values.map((v, i) => signals({ iv_rank: v }, i * 5));
    const memory: ThresholdMemory = {
      lastFiredAsof: () =>
        fired.length ? (snaps[fired[fired.length - 1] as number] as AlertSnapshot).asof : null,
      sawValue: (_t, after, until, test) =>
        snaps.some(
          (s, i) => (after === null || s.asof > after) && s.asof <= until && test(values[i] as number),
        ),
    };
    for (let i = 1; i < snaps.length; i++) {
      if (evaluateCondition(cond(c), snaps[i - 1] as AlertSnapshot, snaps[i] as AlertSnapshot, memory).length)
        fired.push(i);
    }
    return fired;
  }

  it.each([
    ['simple crossing', above, [60, 75], [1]],
    ['starts above: no crossing seen', above, [75, 80], []],
    ['equal is not above', above, [60, 70], []],
    ['hovering inside the band does not re-fire', above, [60, 72, 68, 73, 69, 74], [1]],
    ['re-arms once past the band', above, [60, 72, 64, 73], [1, 3]],
    ['exactly at the re-arm level re-arms', above, [60, 72, 65, 71], [1, 3]],
    ['re-arm seen earlier, not just in prev', above, [60, 72, 60, 68, 71], [1, 4]],
    ['below mirrors above', below, [40, 28, 33, 27, 36, 25], [1, 5]],
  ])('%s', (_name, c, values, expected) => {
    expect(sequence(c, values)).toEqual(expected);
  });

  it('missing metric values raise nothing', () => {
    expect(run(above, signals({}), signals({ iv_rank: 90 }, 5))).toEqual([]);
  });
});

describe('earnings approaching', () => {
  const c = { kind: 'earnings_approaching', days: 5 };
  // T0 is Monday 2025-03-10 in New York.
  it.each([
    ['enters the window', '2025-03-20', '2025-03-14', [['SPY', '2025-03-20', '2025-03-14']]],
    ['already inside', '2025-03-14', '2025-03-14', []],
    ['still outside', '2025-03-20', '2025-03-20', []],
    ['date announced inside the window', null, '2025-03-12', [['SPY', null, '2025-03-12']]],
    ['in the past', '2025-03-07', '2025-03-07', []],
  ])('%s', (_name, before, after, expected) => {
    expect(run(c, signals({ earnings_date: before }), signals({ earnings_date: after }, 5))).toEqual(
      expected,
    );
  });

  it('crossing into the window as days pass', () => {
    const prev = signals({ earnings_date: '2025-03-16' }, -24 * 60); // Sunday: 7 days away
    const curr = signals({ earnings_date: '2025-03-16' }, 0); // Monday: 6 days away
    expect(run({ kind: 'earnings_approaching', days: 6 }, prev, curr)).toEqual([
      ['SPY', '2025-03-16', '2025-03-16'],
    ]);
  });

  it.each([
    ['2025-03-10', 0],
    ['2025-03-11', 1],
    ['2025-04-10', 31],
    ['2025-03-09', -1],
    ['not-a-date', null],
  ])('daysUntil %s', (date, expected) => {
    expect(daysUntil(T0, date)).toBe(expected);
  });
});

// A backtest read per direction and by move size: the verdict per direction (a short reading in
// its own words), never one verdict over two directions; the move verdict against the baseline with
// its sample-size caveat; the move-size table's rows.
import { describe, expect, it } from 'vitest';
import {
  directionVerdicts,
  moveRows,
  moveVerdict,
  rangeMeasure,
} from '../../../../src/renderer/features/backtest/direction-model.ts';
import type {
  BacktestResult,
  DirectionGroup,
  HorizonMoves,
  HorizonStats,
  MoveSummary,
} from '../../../../src/shared/bridge/backtest.ts';

const stats = (count: number, medianPct: number | null, upShare: number | null): HorizonStats => ({
  count,
  medianPct,
  upShare,
});
const horizons = (s: HorizonStats) => ({ '1d': s, '5d': s, '20d': s });

/** Moves with |r| medians per horizon (null: not measured); the other measures alike. */
function moves(count: number, d1: number | null, d5: number | null, range = false): MoveSummary {
  const m = (v: number | null): HorizonMoves => {
    const n = v === null ? 0 : count;
    const s = { count: n, medianPct: v };
    return {
      absPct: s,
      rangePct: range ? s : { count: 0, medianPct: null },
      closeRangePct: s,
      realizedVolPct: s,
    };
  };
  return { '1d': m(d1), '5d': m(d5), '20d': m(null) };
}

describe('move verdict', () => {
  it.each([
    // [firings |r| 5d, baseline |r| 5d, count, tone, detail]
    [1.8, 1.1, 14, 'bigger', 'Moves after firing: 1.80% vs 1.10% baseline over 5 sessions (n=14).'],
    [0.5, 1.1, 14, 'smaller', 'Moves after firing: 0.50% vs 1.10% baseline over 5 sessions (n=14).'],
    [1.15, 1.1, 14, 'same', 'Moves after firing: 1.15% vs 1.10% baseline over 5 sessions (n=14).'],
    [
      2.4,
      1.2,
      3,
      'bigger',
      'Moves after firing: 2.40% vs 1.20% baseline over 5 sessions (n=3). Only 3 firings: too few to trust.',
    ],
  ] as const)('%s%% vs %s%% (n=%i) is %s', (ours, base, n, tone, detail) => {
    const v = moveVerdict(moves(n, 1, ours), moves(500, 0.7, base), n, 'rule');
    expect(v.tone).toBe(tone);
    expect(v.detail).toBe(detail);
  });

  it('falls back to 1 session when no firing has 5 sessions after it, and says when none has any', () => {
    expect(moveVerdict(moves(2, 1.4, null), moves(500, 0.7, 1.1), 2, 'rule').detail).toMatch(
      /^Moves after firing: 1\.40% vs 0\.70% baseline over 1 session \(n=2\)\. Only 2 firings/,
    );
    expect(moveVerdict(moves(2, null, null), moves(500, 0.7, 1.1), 2, 'rule').tone).toBe('unknown');
  });
});

const group = (
  direction: DirectionGroup['direction'],
  ruleStats: HorizonStats,
  baseStats: HorizonStats,
  m: MoveSummary,
): DirectionGroup => ({
  direction,
  reading: direction === 'down' ? 'short' : 'long',
  summary: { count: ruleStats.count, perMonth: 1, horizons: horizons(ruleStats) },
  baseline: { sessions: 100, horizons: horizons(baseStats) },
  moves: m,
});

function result(
  directions: DirectionGroup[] | undefined,
  claim: 'move' | 'direction' = 'move',
): BacktestResult {
  return {
    runId: 'r',
    ruleName: 'Flip',
    from: '2026-01-02T21:00:00.000Z',
    to: '2026-06-02T21:00:00.000Z',
    tickers: ['SPY'],
    firings: [],
    // Over both directions read long: what the old single verdict would have judged.
    summary: { count: 24, perMonth: 4, horizons: horizons(stats(24, 0.9, 0.7)) },
    baseline: { sessions: 100, horizons: horizons(stats(100, 0.1, 0.52)) },
    prices: {},
    notes: [],
    cancelled: false,
    ...(directions ? { directions } : {}),
    moves: {
      claim,
      baseline: { sessions: 100, moves: moves(100, 0.7, 1.1) },
      byGammaRegime: [
        { regime: 'negative', sessions: 40, moves: moves(40, 1.0, 1.6) },
        { regime: 'positive', sessions: 60, moves: moves(60, 0.5, 0.9) },
      ],
    },
  };
}

describe('verdict per direction', () => {
  // Up firings beat the baseline read long; down firings lose read short.
  const twoWay = result([
    group('up', stats(12, 0.8, 0.7), stats(100, 0.1, 0.52), moves(12, 0.6, 0.9)),
    group('down', stats(12, -0.6, 0.3), stats(100, -0.1, 0.45), moves(12, 1.2, 2.0)),
  ]);

  it('gives each direction its own verdict, read its way', () => {
    const v = directionVerdicts(twoWay, 'rule');
    expect(v.map((x) => [x.direction, x.label, x.returns.headline])).toEqual([
      ['up', 'Fired up, read long', 'Beats doing nothing'],
      ['down', 'Fired down, read short', 'Does no better than doing nothing'],
    ]);
    expect(v[0]?.returns.detail).toMatch(/^After it fired up, price did better/);
    expect(v[1]?.returns.detail).toMatch(/^After it fired down, a short did worse/);
    // Never one verdict over both directions.
    expect(v).toHaveLength(2);
  });

  it('adds the move verdict for a rule that claims a move, per direction', () => {
    const v = directionVerdicts(twoWay, 'rule');
    expect(v.map((x) => x.moves?.tone)).toEqual(['smaller', 'bigger']);
    expect(v[1]?.moves?.detail).toBe('Moves after firing: 2.00% vs 1.10% baseline over 5 sessions (n=12).');
    const directional = directionVerdicts(result(twoWay.directions, 'direction'), 'rule');
    expect(directional.every((x) => x.moves === null)).toBe(true);
  });

  it.each([
    // [groups, labels]
    [[group('none', stats(5, 1, 1), stats(100, 0.1, 0.5), moves(5, 1, 1))], [null]],
    [[group('down', stats(5, 1, 1), stats(100, 0.1, 0.5), moves(5, 1, 1))], ['Fired down, read short']],
  ])('labels a lone group only when it has a direction', (groups, labels) => {
    expect(directionVerdicts(result(groups), 'rule').map((v) => v.label)).toEqual(labels);
  });

  it('says "too few to trust" once per direction: in the move verdict where there is one', () => {
    const few = [group('down', stats(3, 1, 1), stats(100, 0.1, 0.5), moves(3, 1, 2))];
    const [moveRule] = directionVerdicts(result(few), 'rule');
    expect(moveRule?.moves?.detail).toMatch(/Only 3 firings: too few to trust\.$/);
    expect(moveRule?.returns.detail).not.toMatch(/too few/);
    const [directional] = directionVerdicts(result(few, 'direction'), 'rule');
    expect(directional?.returns.detail).toMatch(/Only 3 firings: too few to trust\.$/);
  });

  it('reads a result from before directions with the one verdict', () => {
    const v = directionVerdicts(result(undefined), 'rule');
    expect(v).toHaveLength(1);
    expect(v[0]?.label).toBeNull();
    expect(v[0]?.returns.headline).toBe('Beats doing nothing');
  });
});

describe('move-size table', () => {
  const r = result([
    group('up', stats(12, 0.8, 0.7), stats(100, 0.1, 0.52), moves(12, 0.6, 0.9)),
    group('down', stats(9, -0.6, 0.3), stats(100, -0.1, 0.45), moves(9, 1.2, 2.0)),
  ]);

  it('lists each direction, then the baseline, then the sessions by gamma regime', () => {
    const rows = moveRows(r, 'rule');
    expect(rows.map((x) => [x.label, x.count, x.cells['5d'].abs])).toEqual([
      ['Fired up', 12, 0.9],
      ['Fired down', 9, 2.0],
      ['Every session (baseline)', 100, 1.1],
      ['Sessions in negative gamma', 40, 1.6],
      ['Sessions in positive gamma', 60, 0.9],
    ]);
  });

  it.each([
    [false, false, 'closeRangePct'],
    [true, false, 'closeRangePct'],
    [true, true, 'rangePct'],
  ] as const)('firings with intraday %s, baseline %s: range from %s', (firings, base, want) => {
    const x = result([group('up', stats(3, 1, 1), stats(100, 0.1, 0.5), moves(3, 1, 1, firings))]);
    if (x.moves) x.moves.baseline.moves = moves(100, 0.7, 1.1, base);
    expect(rangeMeasure(x)).toBe(want);
  });

  it('reads closes when the baseline has a high-low range over 1 session but not over 5', () => {
    const x = result([group('up', stats(3, 1, 1), stats(100, 0.1, 0.5), moves(3, 1, 1, true))]);
    if (x.moves) {
      const base = moves(100, 0.7, 1.1, true);
      base['5d'] = { ...base['5d'], rangePct: { count: 0, medianPct: null } };
      x.moves.baseline.moves = base;
    }
    expect(rangeMeasure(x)).toBe('closeRangePct');
  });
});

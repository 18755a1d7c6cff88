// The CSV of a result split by direction: each firing with its direction, its return read its way
// (a down firing short: negated) and its move sizes; a table per direction after the summary.
import { describe, expect, it } from 'vitest';
import { backtestCsv } from '../../../../src/core/backtest/result-export.ts';
import { directionGroups, sessionObservations } from '../../../../src/core/backtest/statistics.ts';
import { spanOf } from '../../../../src/core/backtest/window.ts';
import type { BacktestResult } from '../../../../src/shared/bridge/backtest.ts';
import { SAMPLE_BACKTEST_RESULT } from '../../../support/bridge-samples.ts';

const none = { absPct: null, rangePct: null, closeRangePct: null, realizedVolPct: null };

describe('backtest CSV with directions', () => {
  const firing = {
    ...(SAMPLE_BACKTEST_RESULT.firings[0] as BacktestResult['firings'][number]),
    direction: 'down' as const,
    signedForward: { '1d': -1, '5d': 2, '20d': null },
    moves: {
      '1d': { absPct: 1, rangePct: null, closeRangePct: 1, realizedVolPct: 15.8 },
      '5d': { absPct: 2, rangePct: null, closeRangePct: 3, realizedVolPct: 20.5 },
      '20d': none,
    },
  };
  const span = spanOf('30d', Date.parse('2026-02-02T21:00:00.000Z'));
  const sessions = sessionObservations(new Map(), '2026-01-01', '2026-02-02');
  const result: BacktestResult = {
    ...SAMPLE_BACKTEST_RESULT,
    firings: [firing],
    directions: directionGroups([firing], sessions, span),
  };
  const lines = backtestCsv(result).split('\r\n');

  it('adds the direction, the reading, the signed returns and the move sizes to each firing', () => {
    expect(lines[0]).toBe(
      'Ticker,Time,Title,Price,1d %,5d %,20d %,Max adverse 5d %,Direction,Reading,' +
        '1d % read its way,5d % read its way,20d % read its way,1d |move| %,5d |move| %,20d |move| %,' +
        '1d realized vol %,5d realized vol %,20d realized vol %',
    );
    expect(lines[1]).toBe(
      'SPY,2026-01-05T21:00:00.000Z,SPY gamma regime: Positive → Negative,500,1,-2,,-2.5,down,short,-1,2,,1,2,,15.8,20.5,',
    );
  });

  it('ends with a row per direction, read its way', () => {
    const header = lines.findIndex((l) => l.startsWith('Direction,Reading,Count'));
    expect(header).toBeGreaterThan(3);
    expect(lines[header - 1]).toBe('');
    // Medians of the one down firing read short: 1d −1, 5d +2; no baseline sessions.
    expect(lines[header + 1]).toBe('down,short,1,-1,2,,,,,1,2,');
  });
});

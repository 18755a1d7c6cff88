// The summary of a run and its baseline (pure): per horizon the median forward return and the
// share of up moves, over the firings, and over every session of the same tickers (a reading
// taken at each session's close): what doing nothing would have shown.
//
// Per direction (direction.ts): the firings of one direction read that way, against the baseline
// read the same way (a short reading's baseline is every session's return negated, so "share up"
// becomes the share of moves in the reading's favour). Move sizes (move-size.ts): the median of each
// measure over the firings, over every session, and over the sessions grouped by the gamma regime
// at their close.
import {
  BACKTEST_HORIZONS,
  FIRING_DIRECTIONS,
  MOVE_MEASURES,
  type BacktestBaseline,
  type BacktestFiring,
  type BacktestMoves,
  type BacktestSummary,
  type DirectionGroup,
  type ForwardReturns,
  type HorizonMoves,
  type HorizonStats,
  type MeasureStats,
  type Moves,
  type MoveSummary,
} from '../../shared/bridge/backtest.ts';
import { readingOf, signed } from './direction.ts';
import { outcomeAfter, type DailyClose } from './forward-returns.ts';
import { movesAfter } from './move-size.ts';
import { monthsIn } from './window.ts';

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >>> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Count, median and share of up moves (strictly above 0) of the returns that exist. */
export function horizonStats(values: readonly (number | null)[]): HorizonStats {
  const known = values.filter((v): v is number => v !== null && Number.isFinite(v));
  return {
    count: known.length,
    medianPct: median(known),
    upShare: known.length === 0 ? null : known.filter((v) => v > 0).length / known.length,
  };
}

function horizons(forwards: readonly ForwardReturns[]): BacktestSummary['horizons'] {
  const out = {} as Record<(typeof BACKTEST_HORIZONS)[number], HorizonStats>;
  for (const h of BACKTEST_HORIZONS) out[h] = horizonStats(forwards.map((f) => f[h]));
  return out;
}

export function summarize(
  forwards: readonly ForwardReturns[],
  span: { from: number; to: number },
): BacktestSummary {
  const months = monthsIn(span.from, span.to);
  return {
    count: forwards.length,
    perMonth: months > 0 ? forwards.length / months : 0,
    horizons: horizons(forwards),
  };
}

/** One baseline session: a reading at a ticker's close, and what came after it. */
export interface SessionObservation {
  ticker: string;
  date: string;
  forward: ForwardReturns;
  moves: Moves;
}

/** Every session of every ticker with a close dated in [fromDate, toDate], read at its close. */
export function sessionObservations(
  closesByTicker: ReadonlyMap<string, readonly DailyClose[]>,
  fromDate: string,
  toDate: string,
): SessionObservation[] {
  const out: SessionObservation[] = [];
  for (const [ticker, closes] of closesByTicker) {
    for (const c of closes) {
      if (c.date < fromDate || c.date > toDate) continue;
      out.push({
        ticker,
        date: c.date,
        forward: outcomeAfter(closes, c.date, c.close).forward,
        moves: movesAfter(closes, c.date, c.close),
      });
    }
  }
  return out;
}

export function baselineOf(forwards: readonly ForwardReturns[]): BacktestBaseline {
  return { sessions: forwards.length, horizons: horizons(forwards) };
}

/** Every session of every ticker with a close dated in [fromDate, toDate], read at its close. */
export function baseline(
  closesByTicker: ReadonlyMap<string, readonly DailyClose[]>,
  fromDate: string,
  toDate: string,
): BacktestBaseline {
  return baselineOf(sessionObservations(closesByTicker, fromDate, toDate).map((o) => o.forward));
}

/** Count and median of the values that exist. */
export function measureStats(values: readonly (number | null)[]): MeasureStats {
  const known = values.filter((v): v is number => v !== null && Number.isFinite(v));
  return { count: known.length, medianPct: median(known) };
}

/** The median of every move measure at every horizon. */
export function moveSummary(moves: readonly Moves[]): MoveSummary {
  const out = {} as MoveSummary;
  for (const h of BACKTEST_HORIZONS) {
    const stats = {} as HorizonMoves;
    for (const m of MOVE_MEASURES) stats[m] = measureStats(moves.map((x) => x[h][m]));
    out[h] = stats;
  }
  return out;
}

/** Forward returns read in a direction (short: negated). */
export function signedForward(
  forward: ForwardReturns,
  direction: BacktestFiring['direction'],
): ForwardReturns {
  const d = direction ?? 'none';
  return { '1d': signed(forward['1d'], d), '5d': signed(forward['5d'], d), '20d': signed(forward['20d'], d) };
}

/**
 * The firings split by direction, in the order up, down, none, each group with its statistics read
 * its way and the baseline read the same way; a direction that never fired has no group.
 */
export function directionGroups(
  firings: readonly BacktestFiring[],
  sessions: readonly SessionObservation[],
  span: { from: number; to: number },
): DirectionGroup[] {
  const groups: DirectionGroup[] = [];
  for (const direction of FIRING_DIRECTIONS) {
    const mine = firings.filter((f) => (f.direction ?? 'none') === direction);
    if (mine.length === 0) continue;
    groups.push({
      direction,
      reading: readingOf(direction),
      summary: summarize(
        mine.map((f) => signedForward(f.forward, direction)),
        span,
      ),
      baseline: baselineOf(sessions.map((o) => signedForward(o.forward, direction))),
      moves: moveSummary(mine.map((f) => f.moves).filter((m): m is Moves => m !== undefined)),
    });
  }
  return groups;
}

/**
 * Baseline move sizes, over every session and by the gamma regime at each session's close (the
 * start of the window); sessions whose regime is not stored are left out of the grouping only.
 */
export function baselineMoves(
  sessions: readonly SessionObservation[],
  regimeAt: (ticker: string, date: string) => string | null,
  claim: BacktestMoves['claim'],
): BacktestMoves {
  const byRegime = new Map<string, Moves[]>();
  for (const o of sessions) {
    const regime = regimeAt(o.ticker, o.date);
    if (regime === null || regime === 'unknown') continue;
    let list = byRegime.get(regime);
    if (!list) byRegime.set(regime, (list = []));
    list.push(o.moves);
  }
  const ORDER = ['negative', 'positive', 'neutral'];
  const rank = (r: string): number => (ORDER.includes(r) ? ORDER.indexOf(r) : ORDER.length);
  return {
    claim,
    baseline: { sessions: sessions.length, moves: moveSummary(sessions.map((o) => o.moves)) },
    byGammaRegime: [...byRegime]
      .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
      .map(([regime, list]) => ({ regime, sessions: list.length, moves: moveSummary(list) })),
  };
}

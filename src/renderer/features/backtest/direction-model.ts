// A backtest read per direction and by move size, in words (pure; the components lay these out).
// A rule that fires both ways gets a verdict per direction, each read its way (up long, down
// short, against the baseline read the same way), never one verdict over mixed directions. A
// gamma or volatility rule claims a move: its verdict compares the size of the moves after it
// fired with those of a typical session of the same tickers.
import {
  BACKTEST_HORIZONS,
  type BacktestHorizon,
  type BacktestResult,
  type DirectionGroup,
  type FiringDirection,
  type HorizonMoves,
  type MoveSummary,
} from '../../../shared/bridge/backtest.ts';
import { formatPercent } from '../../lib/format.ts';
import { FEW_FIRINGS, verdictOf, type Subject, type Verdict } from './backtest-model.ts';

const GROUP_LABELS: Record<Subject, Record<FiringDirection, string>> = {
  rule: {
    up: 'Fired up, read long',
    down: 'Fired down, read short',
    none: 'No direction, read long',
  },
  screener: {
    up: 'Bullish entries, read long',
    down: 'Bearish entries, read short',
    none: 'Entries, read long',
  },
};

export function groupLabel(direction: FiringDirection, subject: Subject): string {
  return GROUP_LABELS[subject][direction];
}

export type MoveTone = 'bigger' | 'smaller' | 'same' | 'unknown';

export interface MoveVerdict {
  tone: MoveTone;
  headline: string;
  detail: string;
}

export interface DirectionVerdict {
  direction: FiringDirection;
  /** Null when the result holds one group without a direction: nothing to tell apart. */
  label: string | null;
  count: number;
  returns: Verdict;
  /** For a rule that claims a move (gamma, volatility): the size of the moves against the baseline. */
  moves: MoveVerdict | null;
}

/** A median move size, unsigned: "1.82%". */
export function formatMove(pct: number | null | undefined): string {
  return formatPercent(pct, { digits: 2 });
}

/** Within this ratio of the baseline either way, moves are "about as big". */
const SAME_BAND = 0.1;

/**
 * Median |return| after firing against the baseline's: over 5 sessions, else 1 (firings too
 * recent for 5), as "Moves after firing: 1.8 % vs 1.1 % baseline over 5 sessions (n=14)".
 */
export function moveVerdict(
  firings: MoveSummary,
  baseline: MoveSummary,
  count: number,
  subject: Subject,
): MoveVerdict {
  const after = subject === 'rule' ? 'after firing' : 'after entering';
  const horizon = (['5d', '1d', '20d'] as const).find(
    (h) => firings[h].absPct.count > 0 && baseline[h].absPct.medianPct !== null,
  );
  if (!horizon) {
    return {
      tone: 'unknown',
      headline: 'Move size not known yet',
      detail: 'No closes after the firings yet to measure the moves.',
    };
  }
  const mine = firings[horizon].absPct;
  const base = baseline[horizon].absPct.medianPct as number;
  const ours = mine.medianPct as number;
  const n = mine.count;
  const sessions = horizon === '1d' ? '1 session' : `${horizon === '5d' ? 5 : 20} sessions`;
  const noun = subject === 'rule' ? (count === 1 ? 'firing' : 'firings') : count === 1 ? 'entry' : 'entries';
  const few = count < FEW_FIRINGS ? ` Only ${count} ${noun}: too few to trust.` : '';
  const detail = `Moves ${after}: ${formatMove(ours)} vs ${formatMove(base)} baseline over ${sessions} (n=${n}).${few}`;
  const ratio = base > 0 ? ours / base : ours > 0 ? Infinity : 1;
  if (ratio > 1 + SAME_BAND)
    return { tone: 'bigger', headline: 'Bigger moves than a typical session', detail };
  if (ratio < 1 - SAME_BAND)
    return { tone: 'smaller', headline: 'Smaller moves than a typical session', detail };
  return { tone: 'same', headline: 'Moves about as big as a typical session', detail };
}

const AFTER: Record<Subject, Record<FiringDirection, string>> = {
  rule: { up: 'After it fired up', down: 'After it fired down', none: 'After it fired' },
  screener: {
    up: 'After a bullish entry',
    down: 'After a bearish entry',
    none: 'After a ticker entered',
  },
};

/** One verdict per direction that fired; a result from before directions: the one verdict. */
export function directionVerdicts(result: BacktestResult, subject: Subject): DirectionVerdict[] {
  const groups = result.directions;
  const claimsMove = result.moves?.claim === 'move';
  const baseMoves = result.moves?.baseline.moves;
  if (!groups || groups.length === 0) {
    return [
      {
        direction: 'none',
        label: null,
        count: result.summary.count,
        returns: verdictOf(result, subject),
        moves: null,
      },
    ];
  }
  const lone = groups.length === 1 && groups[0]?.direction === 'none';
  return groups.map((g) => {
    const moves = claimsMove && baseMoves ? moveVerdict(g.moves, baseMoves, g.summary.count, subject) : null;
    return {
      direction: g.direction,
      label: lone ? null : groupLabel(g.direction, subject),
      count: g.summary.count,
      returns: verdictOf(g, subject, {
        after: AFTER[subject][g.direction],
        what: g.reading === 'short' ? 'a short' : 'price',
        // Said once per box: the move verdict above already carries the sample-size caveat.
        caveat: moves === null || moves.tone === 'unknown',
      }),
      moves,
    };
  });
}

/**
 * The range measure both sides have: the high-low range where intraday prices exist, else closes.
 * The baseline must have the high-low range at every horizon it has a close range for: intraday
 * prices of only the last sessions give a 1-session range and no 5-session one, and a column that
 * mixed the two measures would compare unlike figures.
 */
export function rangeMeasure(result: BacktestResult): 'rangePct' | 'closeRangePct' {
  const base = result.moves?.baseline.moves;
  const firingsHave = (result.directions ?? []).some((g) =>
    BACKTEST_HORIZONS.some((h) => g.moves[h].rangePct.count > 0),
  );
  const baseHas = base
    ? BACKTEST_HORIZONS.some((h) => base[h].rangePct.count > 0) &&
      BACKTEST_HORIZONS.every((h) => base[h].closeRangePct.count === 0 || base[h].rangePct.count > 0)
    : false;
  return firingsHave && baseHas ? 'rangePct' : 'closeRangePct';
}

export interface MoveRow {
  key: string;
  label: string;
  /** Firings or sessions measured (at 1 session). */
  count: number;
  kind: 'firings' | 'baseline';
  cells: Record<BacktestHorizon, { abs: number | null; range: number | null; vol: number | null }>;
}

const REGIME_WORDS: Record<string, string> = {
  negative: 'Sessions in negative gamma',
  positive: 'Sessions in positive gamma',
  neutral: 'Sessions in neutral gamma',
};

function cells(moves: MoveSummary, range: 'rangePct' | 'closeRangePct'): MoveRow['cells'] {
  const one = (h: HorizonMoves) => ({
    abs: h.absPct.medianPct,
    range: h[range].medianPct,
    vol: h.realizedVolPct.medianPct,
  });
  return { '1d': one(moves['1d']), '5d': one(moves['5d']), '20d': one(moves['20d']) };
}

/**
 * The move-size table: each direction's firings, then the baseline (every session), then the
 * sessions grouped by the gamma regime at their close ("does negative gamma bring bigger moves?").
 */
export function moveRows(
  result: BacktestResult,
  subject: Subject,
  groups?: readonly DirectionGroup[],
): MoveRow[] {
  const moves = result.moves;
  if (!moves) return [];
  const range = rangeMeasure(result);
  const rows: MoveRow[] = (groups ?? result.directions ?? []).map((g) => ({
    key: g.direction,
    label: groupLabel(g.direction, subject).replace(/, read (long|short)$/, ''),
    count: g.summary.count,
    kind: 'firings',
    cells: cells(g.moves, range),
  }));
  rows.push({
    key: 'baseline',
    label: 'Every session (baseline)',
    count: moves.baseline.sessions,
    kind: 'baseline',
    cells: cells(moves.baseline.moves, range),
  });
  for (const g of moves.byGammaRegime)
    rows.push({
      key: `regime-${g.regime}`,
      label: REGIME_WORDS[g.regime] ?? `Sessions in ${g.regime.replaceAll('_', ' ')} gamma`,
      count: g.sessions,
      kind: 'baseline',
      cells: cells(g.moves, range),
    });
  return rows;
}

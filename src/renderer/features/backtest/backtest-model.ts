// What a backtest (or a screener's track record) says, in words a trader reads: windows and
// horizons by name, the rule against the baseline of every session, the progress line, and the
// firings sorted. Pure functions: the components only lay these out.
import {
  BACKTEST_HORIZONS,
  BACKTEST_WINDOWS,
  type BacktestFiring,
  type BacktestHorizon,
  type BacktestProgress,
  type BacktestResult,
  type BacktestWindow,
  type HorizonStats,
} from '../../../shared/bridge/backtest.ts';
import { formatPercent, MISSING } from '../../lib/format.ts';

/** What is being tested: an alert rule (it "fires") or a screener (tickers "enter" it). */
export type Subject = 'rule' | 'screener';

const WINDOW_LABELS: Record<BacktestWindow, string> = {
  '30d': '30 days',
  '90d': '90 days',
  '180d': '180 days',
  '1y': '1 year',
  '2y': '2 years',
};

export const WINDOW_OPTIONS: readonly { key: BacktestWindow; label: string }[] = BACKTEST_WINDOWS.map(
  (key) => ({ key, label: WINDOW_LABELS[key] }),
);

export function windowLabel(window: BacktestWindow): string {
  return WINDOW_LABELS[window];
}

const SESSIONS: Record<BacktestHorizon, number> = { '1d': 1, '5d': 5, '20d': 20 };

/** "After 1 session", "After 5 sessions": forward horizons count trading sessions, not days. */
export function horizonLabel(horizon: BacktestHorizon): string {
  const n = SESSIONS[horizon];
  return `After ${n} session${n === 1 ? '' : 's'}`;
}

/** A share 0..1 as a whole percent: 0.625 → "63%". */
export function formatShare(share: number | null | undefined): string {
  return typeof share === 'number' && Number.isFinite(share)
    ? formatPercent(share * 100, { digits: 0 })
    : MISSING;
}

/** A forward return, already in percent, signed: "+1.24%", "−0.50%". */
export function formatReturn(pct: number | null | undefined): string {
  return formatPercent(pct, { sign: true });
}

/** A difference of two percents, in percentage points: "+0.42 pts", "−1.10 pts". */
export function formatPoints(points: number | null | undefined): string {
  const text = formatPercent(points, { sign: true });
  return text === MISSING ? MISSING : `${text.slice(0, -1)} pts`;
}

/** Firings per month, one decimal ("2.5"), or the dash. */
export function formatPerMonth(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? value.toFixed(1) : MISSING;
}

export type Comparison = 'better' | 'worse' | 'mixed' | 'unknown';

export interface HorizonComparison {
  horizon: BacktestHorizon;
  rule: HorizonStats;
  baseline: HorizonStats;
  /** Rule median minus baseline median, percentage points. */
  edgePct: number | null;
  /** Rule share up minus baseline share up (0..1 units). */
  upEdge: number | null;
  verdict: Comparison;
}

const isNum = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * One horizon, rule against baseline: better when the median return is higher and price went up
 * at least as often; worse when both are lower or equal; mixed when they disagree (or tie).
 */
export function compareHorizon(
  horizon: BacktestHorizon,
  rule: HorizonStats,
  baseline: HorizonStats,
): HorizonComparison {
  const known = rule.count > 0 && isNum(rule.medianPct) && isNum(baseline.medianPct);
  const edgePct = known ? (rule.medianPct as number) - (baseline.medianPct as number) : null;
  const upEdge =
    known && isNum(rule.upShare) && isNum(baseline.upShare) ? rule.upShare - baseline.upShare : null;
  let verdict: Comparison = 'unknown';
  if (edgePct !== null) {
    if (edgePct > 0 && (upEdge === null || upEdge >= 0)) verdict = 'better';
    else if (edgePct < 0 && (upEdge === null || upEdge <= 0)) verdict = 'worse';
    else verdict = 'mixed';
  }
  return { horizon, rule, baseline, edgePct, upEdge, verdict };
}

export function comparisons(result: Pick<BacktestResult, 'summary' | 'baseline'>): HorizonComparison[] {
  return BACKTEST_HORIZONS.map((h) =>
    compareHorizon(h, result.summary.horizons[h], result.baseline.horizons[h]),
  );
}

export interface Verdict {
  tone: 'pos' | 'neg' | 'neutral';
  headline: string;
  detail: string;
}

/** Fewer firings than this and the figures are noise; the verdict says so. */
export const FEW_FIRINGS = 10;

const SHORT: Record<BacktestHorizon, string> = { '1d': '1', '5d': '5', '20d': '20' };

function sessionsList(list: readonly BacktestHorizon[]): string {
  const parts = list.map((h) => SHORT[h]);
  const last = parts.pop();
  const head = parts.length ? `${parts.join(', ')} and ${last}` : last;
  return `${head} session${list.length === 1 && list[0] === '1d' ? '' : 's'}`;
}

/**
 * Whether the rule beat doing nothing: after it fired, did price do better than on a typical
 * session of the same tickers? Read long (a higher return is better); the caption says so.
 */
export function verdictOf(
  result: Pick<BacktestResult, 'summary' | 'baseline'>,
  subject: Subject,
  /** How the detail names the moment and what did better (a short reading: "a short"). */
  words: { after?: string; what?: string; caveat?: boolean } = {},
): Verdict {
  const count = result.summary.count;
  if (count === 0) {
    return {
      tone: 'neutral',
      headline: subject === 'rule' ? 'Never fired in this window' : 'No ticker entered in this window',
      detail: 'Nothing to compare with the baseline. Try a longer window or a looser condition.',
    };
  }
  const rows = comparisons(result);
  const better = rows.filter((r) => r.verdict === 'better').map((r) => r.horizon);
  const worse = rows.filter((r) => r.verdict === 'worse').map((r) => r.horizon);
  const known = rows.filter((r) => r.verdict !== 'unknown');
  const after = words.after ?? (subject === 'rule' ? 'After it fired' : 'After a ticker entered');
  const what = words.what ?? 'price';
  const few =
    count < FEW_FIRINGS && words.caveat !== false
      ? ` Only ${count} ${subject === 'rule' ? (count === 1 ? 'firing' : 'firings') : count === 1 ? 'entry' : 'entries'}: too few to trust.`
      : '';
  if (known.length === 0) {
    return {
      tone: 'neutral',
      headline: 'Not enough history to compare',
      detail: `No forward returns yet: the firings are too recent, or the closes after them are missing.${few}`,
    };
  }
  if (better.length === known.length) {
    return {
      tone: 'pos',
      headline: 'Beats doing nothing',
      detail: `${after}, ${what} did better than on a typical session after ${sessionsList(better)}.${few}`,
    };
  }
  if (worse.length === known.length) {
    return {
      tone: 'neg',
      headline: 'Does no better than doing nothing',
      detail: `${after}, ${what} did worse than on a typical session after ${sessionsList(worse)}.${few}`,
    };
  }
  const parts = [
    better.length ? `better after ${sessionsList(better)}` : '',
    worse.length ? `worse after ${sessionsList(worse)}` : '',
  ].filter(Boolean);
  return {
    tone: 'neutral',
    headline: 'Mixed against doing nothing',
    detail: `${after}, ${what} did ${parts.length ? parts.join(', ') : 'about as well as on a typical session'}${parts.length ? ' than on a typical session' : ''}.${few}`,
  };
}

/** The line under the progress bar: "Replaying SPY… 12 / 50". */
export function progressText(progress: BacktestProgress | null): string {
  if (!progress) return 'Starting…';
  const what =
    progress.phase === 'history'
      ? `Loading history${progress.ticker ? ` for ${progress.ticker}` : ''}`
      : progress.phase === 'replay'
        ? `Replaying${progress.ticker ? ` ${progress.ticker}` : ''}`
        : `Measuring returns${progress.ticker ? ` for ${progress.ticker}` : ''}`;
  return progress.total > 0 ? `${what}… ${progress.done} / ${progress.total}` : `${what}…`;
}

/** 0..1 for the progress bar; null while the total is not known. */
export function progressShare(progress: BacktestProgress | null): number | null {
  if (!progress || progress.total <= 0) return null;
  return Math.min(1, Math.max(0, progress.done / progress.total));
}

export type FiringSortKey = 'ticker' | 'at' | 'price' | '1d' | '5d' | '20d' | 'maxAdverse5d';
export type SortDirection = 'asc' | 'desc';

function sortValue(f: BacktestFiring, key: FiringSortKey): string | number | null {
  switch (key) {
    case 'ticker':
      return f.ticker;
    case 'at':
      return Date.parse(f.at);
    case 'price':
      return f.price;
    case 'maxAdverse5d':
      return f.maxAdverse5d;
    default:
      return f.forward[key];
  }
}

/** Firings sorted by a column; a missing value (a return past the data) always goes last. */
export function sortFirings(
  firings: readonly BacktestFiring[],
  key: FiringSortKey,
  direction: SortDirection,
): BacktestFiring[] {
  const sign = direction === 'asc' ? 1 : -1;
  return firings
    .map((f, i) => ({ f, i, v: sortValue(f, key) }))
    .sort((a, b) => {
      const av = typeof a.v === 'number' && !Number.isFinite(a.v) ? null : a.v;
      const bv = typeof b.v === 'number' && !Number.isFinite(b.v) ? null : b.v;
      if (av === null && bv === null) return a.i - b.i;
      if (av === null) return 1;
      if (bv === null) return -1;
      const c =
        typeof av === 'string' && typeof bv === 'string' ? av.localeCompare(bv) : Number(av) - Number(bv);
      return c === 0 ? a.i - b.i : c * sign;
    })
    .map(({ f }) => f);
}

/** A new column is sorted the way a trader looks first: newest, biggest return, worst drawdown. */
export function defaultDirection(key: FiringSortKey): SortDirection {
  return key === 'ticker' || key === 'maxAdverse5d' ? 'asc' : 'desc';
}

/** A fresh id for a run, within the contract's 1-64 letters, digits, "_" and "-". */
export function newRunId(prefix: 'bt' | 'tr' = 'bt'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** The ticker the chart opens on: the one with the most firings (the first listed on a tie). */
export function defaultChartTicker(
  result: Pick<BacktestResult, 'tickers' | 'firings' | 'prices'>,
): string | null {
  const withPrices = chartTickers(result);
  let best: string | null = null;
  let bestCount = -1;
  for (const t of withPrices) {
    const n = result.firings.filter((f) => f.ticker === t).length;
    if (n > bestCount) {
      best = t;
      bestCount = n;
    }
  }
  return best;
}

/** Tickers with closes to draw, in the result's order (then any others the prices carry). */
export function chartTickers(result: Pick<BacktestResult, 'tickers' | 'prices'>): string[] {
  const has = (t: string) => (result.prices[t]?.length ?? 0) > 0;
  const listed = result.tickers.filter(has);
  const extra = Object.keys(result.prices).filter((t) => has(t) && !listed.includes(t));
  return [...listed, ...extra];
}

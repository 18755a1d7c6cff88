// The figures that need the ticker's daily history: IV rank and change, realized volatility, the
// put/call OI ratio changes, the history scores and their states. Today's values (from the chain)
// close the series. Anything the history is too short for comes back null with a note, never NaN:
// a chain folder builds history from its own snapshots and a daily price file.
import { addDays } from '../../../shared/market-calendar.ts';
import type { HistoryMetrics, HistoryPending, TickerHistory } from '../types.ts';
import {
  alignmentComponents,
  extensionScore,
  momentum,
  MOMENTUM_CHANGE_LAG,
  MOMENTUM_LONG,
  realizedVol,
  RV_DISTRIBUTION_MIN,
  RV_LONG_WINDOW,
  TREND_WINDOW,
  trendAlignmentScore,
  trendScore,
  VOL_WINDOW,
} from './scores.ts';
import { annualizedVolPct, lastPositive, round } from './series-math.ts';
import {
  ALIGNMENT_SCALES,
  extensionState,
  momentumState,
  realizedVolState,
  trendAlignmentState,
  trendState,
} from './states.ts';

/** Sessions in the IV-rank window (one year, today included). */
export const IV_RANK_SESSIONS = 252;
/** Fewer valid IV readings than this and IV rank is not computed. */
export const IV_RANK_MIN_SESSIONS = 20;
/** Calendar-day look-backs of the put/call OI ratio changes. */
export const PCR_LOOKBACKS = [30, 60] as const;
/** The session used for a look-back must be no older than this many days before the target date. */
export const PCR_LOOKBACK_TOLERANCE_DAYS = 7;

/** A ticker with no daily history (a ticker before its first session): the one shared value. */
export const EMPTY_HISTORY: TickerHistory = {
  dates: [],
  close: new Float64Array(0),
  atmIv: new Float64Array(0),
  pcrOi: new Float64Array(0),
};

export interface HistoryToday {
  date: string; // YYYY-MM-DD, the snapshot's New York date
  price: number;
  atm_iv: number | null;
  pcr_oi: number | null;
}

interface Series {
  dates: string[];
  closes: number[];
  ivs: number[];
  pcrs: number[];
}

/** History strictly before today, with today appended; rows on or after today's date are ignored. */
function withToday(history: TickerHistory, today: HistoryToday): Series {
  const n = Math.min(history.dates.length, history.close.length, history.atmIv.length, history.pcrOi.length);
  const s: Series = { dates: [], closes: [], ivs: [], pcrs: [] };
  for (let i = 0; i < n; i++) {
    const date = history.dates[i] as string;
    if (date >= today.date) break;
    s.dates.push(date);
    s.closes.push(history.close[i] as number);
    s.ivs.push(history.atmIv[i] as number);
    s.pcrs.push(history.pcrOi[i] as number);
  }
  s.dates.push(today.date);
  s.closes.push(today.price);
  s.ivs.push(today.atm_iv ?? NaN);
  s.pcrs.push(today.pcr_oi ?? NaN);
  return s;
}

const valid = (x: number): boolean => x > 0 && Number.isFinite(x);

/** (iv − min) / (max − min) × 100 over the last 252 sessions with a valid IV, today included. */
function ivRank(s: Series, notes: string[], pending: HistoryPending): number | null {
  const today = s.ivs[s.ivs.length - 1] as number;
  if (!valid(today)) return null;
  const window = s.ivs.slice(-IV_RANK_SESSIONS).filter(valid);
  if (window.length < IV_RANK_MIN_SESSIONS) {
    notes.push(`IV rank needs ${IV_RANK_MIN_SESSIONS} sessions of ATM IV; ${window.length} stored`);
    pending.iv_rank = { stored: window.length, needed: IV_RANK_MIN_SESSIONS };
    return null;
  }
  const lo = Math.min(...window);
  const hi = Math.max(...window);
  if (hi === lo) {
    notes.push('IV rank is undefined: ATM IV was flat over the window');
    return null;
  }
  if (window.length < IV_RANK_SESSIONS)
    notes.push(
      `IV rank is over ${window.length} sessions of ATM IV, fewer than ${IV_RANK_SESSIONS} (a year)`,
    );
  return round(((today - lo) / (hi - lo)) * 100, 2);
}

/** Percent change of ATM IV against the prior session's. */
function ivPctChange(s: Series): number | null {
  const n = s.ivs.length;
  if (n < 2) return null;
  const today = s.ivs[n - 1] as number;
  const prior = s.ivs[n - 2] as number;
  return valid(today) && valid(prior) ? round((today / prior - 1) * 100, 2) : null;
}

/** Today's pcr_oi minus the value of the last session on or before `days` calendar days ago. */
function pcrChange(s: Series, days: number): number | null {
  const n = s.dates.length;
  const today = s.pcrs[n - 1] as number;
  if (!Number.isFinite(today)) return null;
  const target = addDays(s.dates[n - 1] as string, -days);
  const floor = addDays(target, -PCR_LOOKBACK_TOLERANCE_DAYS);
  for (let i = n - 2; i >= 0; i--) {
    const date = s.dates[i] as string;
    if (date > target) continue;
    if (date < floor) return null;
    const then = s.pcrs[i] as number;
    return Number.isFinite(then) ? round(today - then, 4) : null;
  }
  return null;
}

const EMPTY_SCORES = {
  trend_score: null,
  momentum_score: null,
  extension_score: null,
  realized_vol_score: null,
  realized_vol_percentile: null,
  trend_alignment_score: null,
  trend_state: null,
  momentum_state: null,
  extension_state: null,
  realized_vol_state: null,
  trend_alignment_state: null,
} as const;

type ScoreFields = Pick<HistoryMetrics, Exclude<keyof typeof EMPTY_SCORES, 'realized_vol_percentile'>> & {
  /** The regime's volatility read judges rv20 against the ticker's own year (regime.ts). */
  realized_vol_percentile: number | null;
};

/** The five scores and their states from the closes; a note for each one the closes cannot support. */
function scoresAndStates(closes: number[], notes: string[], pending: HistoryPending): ScoreFields {
  const out: ScoreFields = { ...EMPTY_SCORES };
  // Today's price counts as the last close, so "stored" includes it.
  const need = (what: string, closesNeeded: number): void => {
    notes.push(`${what} needs ${closesNeeded} daily closes; ${closes.length} stored`);
  };
  const trend = trendScore(closes);
  if (trend === null) {
    need('Trend', TREND_WINDOW);
    pending.trend = { stored: closes.length, needed: TREND_WINDOW };
  } else {
    out.trend_score = trend;
    out.trend_state = trendState(trend);
  }
  const mom = momentum(closes);
  if (mom === null) need('Momentum', MOMENTUM_LONG + MOMENTUM_CHANGE_LAG + 1);
  else {
    out.momentum_score = mom.score;
    out.momentum_state = momentumState(mom.score, mom.change, out.trend_state);
  }
  const ext = extensionScore(closes);
  if (ext === null) need('Extension', VOL_WINDOW + 1);
  else {
    out.extension_score = ext;
    out.extension_state = extensionState(ext);
  }
  const rv = realizedVol(closes);
  if (rv === null)
    need('The realized-volatility state', Math.max(RV_LONG_WINDOW + 1, VOL_WINDOW + RV_DISTRIBUTION_MIN));
  else {
    out.realized_vol_score = rv.score;
    out.realized_vol_percentile = rv.percentile;
    out.realized_vol_state = realizedVolState(rv);
  }
  if (trend !== null && mom !== null && ext !== null) {
    const parts = alignmentComponents(trend, mom.score, ext, ALIGNMENT_SCALES);
    out.trend_alignment_score = trendAlignmentScore(parts);
    out.trend_alignment_state = trendAlignmentState(parts);
  }
  return out;
}

/** History metrics of one snapshot: the daily history (strictly before today) plus today's values. */
export function computeHistoryMetrics(history: TickerHistory, today: HistoryToday): HistoryMetrics {
  const s = withToday(history, today);
  const sessions = s.dates.length - 1;
  const notes: string[] = [];
  if (!valid(today.price)) {
    notes.push('no valid price today: history metrics unavailable');
    return { ...EMPTY_SCORES, ...emptyHistoryFigures(), notes };
  }
  const pending: HistoryPending = {};
  const withPending = (): { history_pending?: HistoryPending } =>
    Object.keys(pending).length > 0 ? { history_pending: pending } : {};
  if (sessions === 0) {
    notes.push(
      'no daily history: IV rank, realized volatility, trend, momentum and extension need past sessions, and none are stored',
    );
    if (valid(today.atm_iv ?? Number.NaN)) pending.iv_rank = { stored: 1, needed: IV_RANK_MIN_SESSIONS };
    pending.trend = { stored: 1, needed: TREND_WINDOW };
    return { ...EMPTY_SCORES, ...emptyHistoryFigures(), ...withPending(), notes };
  }
  const rv20Window = lastPositive(s.closes, VOL_WINDOW + 1);
  if (rv20Window === null)
    notes.push(`20-day realized volatility needs ${VOL_WINDOW + 1} daily closes; ${s.closes.length} stored`);
  const scores = scoresAndStates(s.closes, notes, pending);
  const ivRankValue = ivRank(s, notes, pending);
  return {
    iv_rank: ivRankValue,
    iv_pct_chg: ivPctChange(s),
    realized_vol_20d: rv20Window ? round(annualizedVolPct(rv20Window) as number, 2) : null,
    put_call_ratio_oi_30day_change: pcrChange(s, PCR_LOOKBACKS[0]),
    put_call_ratio_oi_60day_change: pcrChange(s, PCR_LOOKBACKS[1]),
    ...scores,
    ...withPending(),
    notes,
  };
}

function emptyHistoryFigures(): Pick<
  HistoryMetrics,
  | 'iv_rank'
  | 'iv_pct_chg'
  | 'realized_vol_20d'
  | 'put_call_ratio_oi_30day_change'
  | 'put_call_ratio_oi_60day_change'
> {
  return {
    iv_rank: null,
    iv_pct_chg: null,
    realized_vol_20d: null,
    put_call_ratio_oi_30day_change: null,
    put_call_ratio_oi_60day_change: null,
  };
}

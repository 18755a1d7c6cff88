// The conditions of alert rules, as pure functions of the previous and the new snapshot of the
// same series. No snapshot before the new one means no event: a first look is not a change.
import { TIER_ORDER, type AlertCondition, type Dwell } from '../../shared/alert-rules.ts';
import { metricText, sentenceCase, valueText } from '../../shared/alert-labels.ts';
import type { SnapshotEndpoint } from '../../shared/bridge/tickers.ts';
import { addDays, epochToNy, parseIsoDate } from '../../shared/market-calendar.ts';
import { confirmedChangeAtLast } from './dwell.ts';
import { itemOf, itemTickers, number, text } from './fields.ts';
import { levelCrossing, levelEndpoint, type LevelCrossCondition } from './level-cross.ts';

export interface AlertSnapshot {
  endpoint: SnapshotEndpoint;
  /** Null for cross-ticker snapshots (rankings, screeners). */
  ticker: string | null;
  /** Request parameters that tell series apart (e.g. the screener name). */
  params: Readonly<Record<string, string>>;
  /** `meta.asof`, epoch ms. */
  asof: number;
  payload: unknown;
}

export interface Firing {
  ticker: string;
  from: string | null;
  to: string | null;
  title: string;
  message: string;
  /** Tells apart firings of one rule on one snapshot (strategy, earnings date); '' when unique. */
  discriminator: string;
  details: Record<string, unknown>;
}

/**
 * What a threshold rule with hysteresis needs from history: its last firing for the ticker, and
 * whether the metric was seen past the re-arm level in a span of stored snapshots.
 */
export interface ThresholdMemory {
  lastFiredAsof(ticker: string): number | null;
  /** Some stored value in (after, until] passes `test`; `after` null means from the first. */
  sawValue(ticker: string, after: number | null, until: number, test: (value: number) => boolean): boolean;
  /**
   * Earlier snapshots of the series being evaluated, oldest first (those before `prev` count), for
   * the dwell of label rules. Absent or empty: only prev and curr are known.
   */
  history?(): readonly AlertSnapshot[];
}

/** The snapshots a condition reads, so the engine evaluates a rule only where it can apply. */
export function sourceOf(condition: AlertCondition): { endpoint: SnapshotEndpoint; screener?: string } {
  switch (condition.kind) {
    case 'screener_enter':
    case 'screener_exit':
      return { endpoint: 'screener', screener: condition.screener };
    case 'level_cross':
      return { endpoint: levelEndpoint(condition.level) };
    default:
      return { endpoint: 'signals' };
  }
}

/** What a label rule calls its field, inside a sentence. */
const FIELD_TEXT: Record<string, string> = {
  regime_label: 'regime',
  opportunity_tier: 'opportunity tier',
  cc_income_tier: 'covered-call tier',
  csp_income_tier: 'cash-secured-put tier',
  gamma_regime: 'gamma regime',
};

function labelChange(
  field: string,
  dwell: Dwell,
  prev: AlertSnapshot,
  curr: AlertSnapshot,
  memory: ThresholdMemory,
  accept: (from: string, to: string) => boolean,
  discriminator = '',
): Firing[] {
  const ticker = curr.ticker;
  if (!ticker) return [];
  const earlier = (memory.history?.() ?? []).filter((s) => s.asof < prev.asof);
  const points = [...earlier, prev, curr].map((s) => ({ asof: s.asof, value: text(s.payload, field) }));
  const change = confirmedChangeAtLast(points, dwell);
  if (!change || !accept(change.from, change.to)) return [];
  const { from, to } = change;
  const name = FIELD_TEXT[field] ?? valueText(field).toLowerCase();
  const Name = name.charAt(0).toUpperCase() + name.slice(1);
  const minutes = Math.round((curr.asof - change.since) / 60_000);
  const heldNote =
    dwell.snapshots > 1 || dwell.minutes > 0
      ? ` It has held for ${change.held} snapshot${change.held === 1 ? '' : 's'} over ${minutes} min.`
      : '';
  return [
    {
      ticker,
      from,
      to,
      title: `${ticker} ${name}: ${valueText(from)} → ${valueText(to)}`,
      message: `${Name} changed from ${valueText(from)} to ${valueText(to)}${priceNote(curr.payload)}.${heldNote}`,
      discriminator,
      details: { field, price: number(curr.payload, 'price'), since: change.since, held: change.held },
    },
  ];
}

function priceNote(payload: unknown): string {
  const price = number(payload, 'price');
  return price === null ? '' : ` at ${price.toFixed(2)}`;
}

const tierRank = (tier: string): number => (TIER_ORDER as readonly string[]).indexOf(tier);

function tierAccept(direction: 'any' | 'upgrade' | 'downgrade' | 'to', tier: string | undefined) {
  return (from: string, to: string): boolean => {
    switch (direction) {
      case 'any':
        return true;
      case 'upgrade':
        return tierRank(to) > tierRank(from) && tierRank(from) >= 0;
      case 'downgrade':
        return tierRank(to) < tierRank(from) && tierRank(to) >= 0;
      case 'to':
        return to === tier;
    }
  };
}

const inList = (list: readonly string[] | undefined) => (_from: string, to: string) =>
  !list || list.length === 0 || list.includes(to);

/** Whole calendar days from the snapshot's New York date to an ISO date. */
export function daysUntil(asof: number, isoDate: string): number | null {
  try {
    parseIsoDate(isoDate);
  } catch {
    return null;
  }
  const today = epochToNy(asof).date;
  if (isoDate < today) return -1;
  let days = 0;
  for (let d = today; d < isoDate && days <= 400; d = addDays(d, 1)) days++;
  return days;
}

function earnings(condition: { days: number }, prev: AlertSnapshot, curr: AlertSnapshot): Firing[] {
  const ticker = curr.ticker;
  const date = text(curr.payload, 'earnings_date');
  if (!ticker || date === null) return [];
  const within = (snap: AlertSnapshot, d: string): boolean => {
    const days = daysUntil(snap.asof, d);
    return days !== null && days >= 0 && days <= condition.days;
  };
  if (!within(curr, date)) return [];
  const prevDate = text(prev.payload, 'earnings_date');
  if (prevDate === date && within(prev, date)) return [];
  const days = daysUntil(curr.asof, date) as number;
  const when = text(curr.payload, 'earnings_time');
  const dayWord = days === 0 ? 'today' : days === 1 ? 'in 1 day' : `in ${days} days`;
  return [
    {
      ticker,
      from: prevDate,
      to: date,
      title: `${ticker} earnings ${dayWord}`,
      message: `Earnings on ${date}${when ? ` (${when})` : ''}, ${dayWord}.`,
      discriminator: date,
      details: { earnings_date: date, earnings_time: when, days },
    },
  ];
}

function levelCross(condition: LevelCrossCondition, prev: AlertSnapshot, curr: AlertSnapshot): Firing[] {
  const ticker = curr.ticker;
  if (!ticker) return [];
  const crossing = levelCrossing(ticker, condition, prev.payload, curr.payload);
  return crossing ? [{ ticker, ...crossing, discriminator: '' }] : [];
}

function screener(kind: 'enter' | 'exit', name: string, prev: AlertSnapshot, curr: AlertSnapshot): Firing[] {
  if (curr.params['name'] !== name || prev.params['name'] !== name) return [];
  const before = itemTickers(prev.payload);
  const after = itemTickers(curr.payload);
  if (!before || !after) return [];
  const [from, to] = kind === 'enter' ? [before, after] : [after, before];
  const out: Firing[] = [];
  for (const ticker of [...to].sort()) {
    if (from.has(ticker)) continue;
    const item = itemOf(kind === 'enter' ? curr.payload : prev.payload, ticker);
    const score = number(item, 'opportunity_score');
    out.push({
      ticker,
      from: kind === 'enter' ? 'out' : 'in',
      to: kind === 'enter' ? 'in' : 'out',
      title: `${ticker} ${kind === 'enter' ? 'entered' : 'left'} ${valueText(name)}`,
      message: `${ticker} ${kind === 'enter' ? 'now passes' : 'no longer passes'} the ${valueText(name)} screener${score === null ? '' : ` (score ${score.toFixed(1)})`}.`,
      discriminator: name,
      details: { screener: name, opportunity_score: score, regime_label: text(item, 'regime_label') },
    });
  }
  return out;
}

function threshold(
  condition: { metric: string; op: 'above' | 'below'; value: number; hysteresis: number },
  prev: AlertSnapshot,
  curr: AlertSnapshot,
  memory: ThresholdMemory,
): Firing[] {
  const ticker = curr.ticker;
  const { metric, op, value, hysteresis } = condition;
  const c = number(curr.payload, metric);
  const p = number(prev.payload, metric);
  if (!ticker || c === null || p === null) return [];
  const firing = op === 'above' ? c > value : c < value;
  if (!firing) return [];
  const lastFired = memory.lastFiredAsof(ticker);
  let armed: boolean;
  if (lastFired === null) {
    // Never fired: an ordinary crossing.
    armed = op === 'above' ? p <= value : p >= value;
  } else {
    // Fired before: it re-arms only once the value was back past the hysteresis band.
    const rearmed = (v: number): boolean =>
      op === 'above' ? v <= value - hysteresis : v >= value + hysteresis;
    armed = rearmed(p) || memory.sawValue(ticker, lastFired, prev.asof, rearmed);
  }
  if (!armed) return [];
  return [
    {
      ticker,
      from: String(p),
      to: String(c),
      title: `${ticker} ${metricText(metric)} ${op} ${value}`,
      message: `${sentenceCase(metricText(metric))} is ${c} (${op} ${value}; was ${p}).`,
      discriminator: '',
      details: { metric, value: c, previous: p, threshold: value, hysteresis },
    },
  ];
}

/** The events one condition raises for a new snapshot, given the previous one of the same series. */
export function evaluateCondition(
  condition: AlertCondition,
  prev: AlertSnapshot | null,
  curr: AlertSnapshot,
  memory: ThresholdMemory,
): Firing[] {
  if (!prev) return [];
  const source = sourceOf(condition);
  if (source.endpoint !== curr.endpoint || prev.endpoint !== curr.endpoint) return [];
  switch (condition.kind) {
    case 'regime_change':
      return labelChange('regime_label', condition.dwell, prev, curr, memory, inList(condition.to));
    case 'tier_change':
      return labelChange(
        'opportunity_tier',
        condition.dwell,
        prev,
        curr,
        memory,
        tierAccept(condition.direction, condition.tier),
      );
    case 'income_tier_change': {
      const strategies = condition.strategy ? [condition.strategy] : (['cc', 'csp'] as const);
      return strategies.flatMap((s) =>
        labelChange(
          `${s}_income_tier`,
          condition.dwell,
          prev,
          curr,
          memory,
          tierAccept(condition.direction, condition.tier),
          s,
        ),
      );
    }
    case 'gamma_regime_change':
      return labelChange('gamma_regime', condition.dwell, prev, curr, memory, inList(condition.to));
    case 'screener_enter':
      return screener('enter', condition.screener, prev, curr);
    case 'screener_exit':
      return screener('exit', condition.screener, prev, curr);
    case 'metric_threshold':
      return threshold(condition, prev, curr, memory);
    case 'level_cross':
      return levelCross(condition, prev, curr);
    case 'earnings_approaching':
      return earnings(condition, prev, curr);
  }
}

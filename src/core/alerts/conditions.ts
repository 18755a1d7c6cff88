// The conditions of alert rules, as pure functions of the previous and the new snapshot of the
// same series. No snapshot before the new one means no event: a first look is not a change.
import { TIER_ORDER, type AlertCondition } from '../../shared/alert-rules.ts';
import type { SnapshotEndpoint } from '../../shared/bridge/tickers.ts';
import { addDays, epochToNy, parseIsoDate } from '../../shared/market-calendar.ts';
import { itemOf, itemTickers, number, spotAndLevel, text } from './fields.ts';

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
}

/** The snapshots a condition reads, so the engine evaluates a rule only where it can apply. */
export function sourceOf(condition: AlertCondition): { endpoint: SnapshotEndpoint; screener?: string } {
  switch (condition.kind) {
    case 'screener_enter':
    case 'screener_exit':
      return { endpoint: 'screener', screener: condition.screener };
    case 'level_cross':
      return { endpoint: 'market_structure' };
    default:
      return { endpoint: 'signals' };
  }
}

const LEVEL_NAMES: Record<string, string> = {
  gamma_flip: 'gamma flip',
  plus_1sigma_1d: '+1σ (1d)',
  minus_1sigma_1d: '−1σ (1d)',
  plus_1sigma_1w: '+1σ (1w)',
  minus_1sigma_1w: '−1σ (1w)',
};

function labelChange(
  field: string,
  title: string,
  prev: AlertSnapshot,
  curr: AlertSnapshot,
  accept: (from: string, to: string) => boolean,
  discriminator = '',
): Firing[] {
  const ticker = curr.ticker;
  const from = text(prev.payload, field);
  const to = text(curr.payload, field);
  if (!ticker || from === null || to === null || from === to || !accept(from, to)) return [];
  return [
    {
      ticker,
      from,
      to,
      title: `${ticker} ${title}: ${from} → ${to}`,
      message: `${title} changed from ${from} to ${to}${priceNote(curr.payload)}.`,
      discriminator,
      details: { field, price: number(curr.payload, 'price') },
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

function levelCross(
  condition: { level: string; direction: 'up' | 'down' | 'any' },
  prev: AlertSnapshot,
  curr: AlertSnapshot,
): Firing[] {
  const ticker = curr.ticker;
  const a = spotAndLevel(prev.payload, condition.level);
  const b = spotAndLevel(curr.payload, condition.level);
  if (!ticker || !a || !b) return [];
  const side = (x: { spot: number; level: number }) =>
    x.spot > x.level ? 'above' : x.spot < x.level ? 'below' : null;
  const from = side(a);
  const to = side(b);
  if (from === null || to === null || from === to) return [];
  if (condition.direction === 'up' && to !== 'above') return [];
  if (condition.direction === 'down' && to !== 'below') return [];
  const name = LEVEL_NAMES[condition.level] ?? condition.level;
  return [
    {
      ticker,
      from,
      to,
      title: `${ticker} crossed ${to} ${name}`,
      message: `Spot ${b.spot.toFixed(2)} moved ${to} the ${name} at ${b.level.toFixed(2)} (was ${a.spot.toFixed(2)} vs ${a.level.toFixed(2)}).`,
      discriminator: '',
      details: { level: condition.level, spot: b.spot, level_value: b.level },
    },
  ];
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
      title: `${ticker} ${kind === 'enter' ? 'entered' : 'left'} ${name}`,
      message: `${ticker} ${kind === 'enter' ? 'now passes' : 'no longer passes'} the ${name} screener${score === null ? '' : ` (score ${score.toFixed(1)})`}.`,
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
      title: `${ticker} ${metric} ${op} ${value}`,
      message: `${metric} is ${c} (${op} ${value}; was ${p}).`,
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
      return labelChange('regime_label', 'regime', prev, curr, inList(condition.to));
    case 'tier_change':
      return labelChange(
        'opportunity_tier',
        'opportunity tier',
        prev,
        curr,
        tierAccept(condition.direction, condition.tier),
      );
    case 'income_tier_change': {
      const strategies = condition.strategy ? [condition.strategy] : (['cc', 'csp'] as const);
      return strategies.flatMap((s) =>
        labelChange(
          `${s}_income_tier`,
          `${s} income tier`,
          prev,
          curr,
          tierAccept(condition.direction, condition.tier),
          s,
        ),
      );
    }
    case 'gamma_regime_change':
      return labelChange('gamma_regime', 'gamma regime', prev, curr, inList(condition.to));
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

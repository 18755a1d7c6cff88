// The conditions of alert rules, as pure functions of the previous and the new snapshot of the
// same series. No snapshot before the new one means no event: a first look is not a change.
import { TIER_ORDER, type AlertCondition, type Dwell } from '../../shared/alert-rules.ts';
import { metricText, priceText, sentenceCase, signedPct, valueText } from '../../shared/alert-labels.ts';
import { formatFigure, formatThreshold } from '../../shared/figure-format.ts';
import { flipDistancePct } from '../../shared/flip-distance.ts';
import type { SnapshotEndpoint } from '../../shared/bridge/tickers.ts';
import { addDays, epochToNy, parseIsoDate } from '../../shared/market-calendar.ts';
import { confirmedChangeAtLast } from './dwell.ts';
import { itemOf, itemTickers, number, text } from '../lib/payload-fields.ts';
import { zoneOf } from './level-buffer.ts';
import type { MembershipChange } from './screener-membership.ts';
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
  /**
   * The remembered screener membership's change at this snapshot (screener rules); null: no
   * change to report; absent: no membership kept, screener rules compare prev and curr.
   */
  screenerChange?(): MembershipChange | null;
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
  bufferPct = 0,
): Firing[] {
  const ticker = curr.ticker;
  if (!ticker) return [];
  const earlier = (memory.history?.() ?? []).filter((s) => s.asof < prev.asof);
  // A gamma-regime buffer: a snapshot with spot inside the band around the flip shows no regime
  // (null: it neither confirms nor breaks a run), so a whipsaw across the flip confirms nothing.
  const inBand = (payload: unknown): boolean => {
    const spot = number(payload, 'price');
    const flip = number(payload, 'gex_flip');
    return (
      bufferPct > 0 && spot !== null && flip !== null && zoneOf({ spot, level: flip }, bufferPct) === 'inside'
    );
  };
  const points = [...earlier, prev, curr].map((s) => ({
    asof: s.asof,
    value: inBand(s.payload) ? null : text(s.payload, field),
  }));
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
  const levels = field === 'gamma_regime' ? flipNote(ticker, prev.payload, curr.payload) : null;
  return [
    {
      ticker,
      from,
      to,
      title: `${ticker} ${name}: ${valueText(from)} → ${valueText(to)}`,
      message: levels
        ? `${ticker} gamma ${valueText(from)} → ${valueText(to)}: ${levels.text}.${heldNote}`
        : `${Name} changed from ${valueText(from)} to ${valueText(to)}${priceNote(ticker, curr.payload)}.${heldNote}`,
      discriminator,
      details: {
        field,
        price: number(curr.payload, 'price'),
        since: change.since,
        held: change.held,
        ...(levels ? { gex_flip: levels.flip, dist_to_flip_pct: levels.distancePct } : {}),
        ...(bufferPct > 0 ? { buffer_pct: bufferPct } : {}),
      },
    },
  ];
}

/**
 * Where spot stands against the flip, for a gamma-regime message: "spot $598.20 crossed below the
 * flip $600.10 (−0.32 %)". The percentage is spot's distance from the flip (negative below it): the
 * shared distance-to-flip figure (flip-distance.ts, positive when the flip is above spot) turned
 * round, so the sign agrees with the words "below"/"above" in the same sentence.
 */
function flipNote(
  ticker: string,
  prevPayload: unknown,
  currPayload: unknown,
): { text: string; flip: number; distancePct: number } | null {
  const spot = number(currPayload, 'price');
  const flip = number(currPayload, 'gex_flip');
  if (spot === null || flip === null || spot === flip) return null;
  const toFlip = flipDistancePct(spot, flip, number(currPayload, 'dist_to_gex_flip_pct'));
  if (toFlip === null) return null;
  const side = spot > flip ? 'above' : 'below';
  const prevSpot = number(prevPayload, 'price');
  const prevFlip = number(prevPayload, 'gex_flip');
  const known = prevSpot !== null && prevFlip !== null;
  const changedSides = known && prevSpot > prevFlip !== spot > flip;
  // Spot crossed the flip where it stood, or the flip moved across a spot that stayed.
  const spotCrossed = changedSides && prevSpot > prevFlip !== spot > prevFlip;
  const p = (n: number): string => priceText(ticker, n);
  const distance = signedPct(-toFlip);
  return {
    text: spotCrossed
      ? `spot ${p(spot)} crossed ${side} the flip ${p(flip)} (${distance})`
      : changedSides
        ? `spot ${p(spot)} is now ${side} the flip ${p(flip)} (${distance}; the flip moved from ${p(prevFlip)})`
        : `spot ${p(spot)} is ${side} the flip ${p(flip)} (${distance})`,
    flip,
    distancePct: toFlip,
  };
}

function priceNote(ticker: string, payload: unknown): string {
  const price = number(payload, 'price');
  return price === null ? '' : ` at ${priceText(ticker, price)}`;
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
  condition: LevelCrossCondition,
  prev: AlertSnapshot,
  curr: AlertSnapshot,
  memory: ThresholdMemory,
): Firing[] {
  const ticker = curr.ticker;
  if (!ticker) return [];
  // Only a buffered rule reads further back than prev: one without keeps its old decision exactly.
  const earlier = condition.buffer ? (memory.history?.() ?? []).filter((s) => s.asof < prev.asof) : [];
  const crossing = levelCrossing(ticker, condition, prev.payload, curr.payload, earlier, {
    prev: prev.asof,
    curr: curr.asof,
  });
  return crossing ? [{ ticker, ...crossing, discriminator: '' }] : [];
}

/**
 * Screener rules fire on the remembered membership's changes (screener-membership.ts): "entered"
 * once until it "left". Without a membership (a caller that keeps none) the old comparison of prev
 * and curr stands in for it.
 */
function screener(
  kind: 'enter' | 'exit',
  name: string,
  prev: AlertSnapshot | null,
  curr: AlertSnapshot,
  change: MembershipChange | null | undefined,
): Firing[] {
  if (curr.params['name'] !== name) return [];
  let moved: string[];
  if (change !== undefined) {
    if (change === null || change.screener !== name) return [];
    moved = kind === 'enter' ? change.entered : change.left;
  } else {
    if (!prev || prev.params['name'] !== name) return [];
    const before = itemTickers(prev.payload);
    const after = itemTickers(curr.payload);
    if (!before || !after) return [];
    const [from, to] = kind === 'enter' ? [before, after] : [after, before];
    moved = [...to].filter((t) => !from.has(t)).sort();
  }
  const out: Firing[] = [];
  for (const ticker of moved) {
    const item = itemOf(kind === 'enter' ? curr.payload : prev?.payload, ticker);
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
      // Every figure in the unit the screens show it in (an IV as "10.2%"), as the rule was typed.
      title: `${ticker} ${metricText(metric)} ${op} ${formatThreshold(metric, value, { ticker })}`,
      message: `${sentenceCase(metricText(metric))} is ${formatFigure(metric, c, { ticker })} (${op} ${formatThreshold(metric, value, { ticker })}; was ${formatFigure(metric, p, { ticker })}).`,
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
  const source = sourceOf(condition);
  if (source.endpoint !== curr.endpoint) return [];
  // Screener membership is remembered across gaps: it needs no previous snapshot.
  if (condition.kind === 'screener_enter' || condition.kind === 'screener_exit') {
    const kind = condition.kind === 'screener_enter' ? 'enter' : 'exit';
    return screener(kind, condition.screener, prev, curr, memory.screenerChange?.());
  }
  if (!prev || prev.endpoint !== curr.endpoint) return [];
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
      return labelChange(
        'gamma_regime',
        condition.dwell,
        prev,
        curr,
        memory,
        inList(condition.to),
        '',
        condition.buffer?.pct ?? 0,
      );
    case 'metric_threshold':
      return threshold(condition, prev, curr, memory);
    case 'level_cross':
      return levelCross(condition, prev, curr, memory);
    case 'earnings_approaching':
      return earnings(condition, prev, curr);
  }
}

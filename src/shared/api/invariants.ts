// Rules the spec states about values, as checks that return violations instead of throwing. The
// client attaches them to a result as warnings (bad data is flagged, not rejected); the service's
// tests assert there are none.
import type { GammaRegime } from './enums.ts';
import type { GammaExpirationPoint } from './curves.ts';
import type { IncomeItem, IncomeMeta } from './income.ts';
import type { KeyLevels, MarketStructureData } from './market-structure.ts';
import type { OptionsVolumeData } from './options-volume.ts';
import type { SeriesData } from './series.ts';
import type { TopSetupsItem, TopSetupsMeta } from './top-setups.ts';

export interface Violation {
  /** Which rule, e.g. `bucket_sum`, `gamma_regime`, `pct_units`. */
  rule: string;
  /** Dotted path into the checked value, e.g. `data.points.3`. */
  path: string;
  message: string;
}

type Maybe<T> = T | null | undefined;
const known = (v: Maybe<number>): v is number => typeof v === 'number' && Number.isFinite(v);
const fmt = (v: number) => String(Number(v.toPrecision(6)));

// ---- gamma_regime (trade-setup rules 1-3) -------------------------------------------------------

/** Positive above the flip, negative below, neutral when equal, unknown when either is missing. */
/**
 * Spot and flip count as equal (gamma_regime neutral) within this fraction of spot: the precision to which
 * the flip itself is located (bisection to 0.01 % of spot). Exact float equality would never happen.
 */
export const GAMMA_REGIME_TIE_FRACTION = 1e-4;

export function gammaRegimeOf(spot: Maybe<number>, flip: Maybe<number>): GammaRegime {
  if (!known(spot) || !known(flip)) return 'unknown';
  if (Math.abs(spot - flip) <= GAMMA_REGIME_TIE_FRACTION * Math.abs(spot)) return 'neutral';
  return spot > flip ? 'positive' : 'negative';
}

export function checkGammaRegime(
  record: { gamma_regime?: Maybe<string>; price?: Maybe<number> },
  flip: Maybe<number>,
  path = 'data',
): Violation[] {
  if (record.gamma_regime == null) return [];
  const want = gammaRegimeOf(record.price, flip);
  if (record.gamma_regime === want) return [];
  return [
    {
      rule: 'gamma_regime',
      path: `${path}.gamma_regime`,
      message: `gamma_regime is ${record.gamma_regime} but spot ${record.price ?? 'null'} vs flip ${flip ?? 'null'} gives ${want}`,
    },
  ];
}

// ---- Expiration buckets sum to combined --------------------------------------------------------

/** At each strike nearest + first_weekly + first_monthly + all_other_expiries = combined. */
export function checkBucketSums(
  points: readonly GammaExpirationPoint[],
  { relTol = 1e-4, path = 'data.points' }: { relTol?: number; path?: string } = {},
): Violation[] {
  const out: Violation[] = [];
  points.forEach((p, i) => {
    const parts = [p.nearest, p.first_weekly, p.first_monthly, p.all_other_expiries];
    const sum = parts.reduce((a, b) => a + b, 0);
    const scale = Math.max(Math.abs(p.combined), ...parts.map(Math.abs));
    if (Math.abs(sum - p.combined) > relTol * scale + 1e-12) {
      out.push({
        rule: 'bucket_sum',
        path: `${path}.${i}`,
        message: `at strike ${p.strike} the buckets sum to ${fmt(sum)}, combined is ${fmt(p.combined)}`,
      });
    }
  });
  return out;
}

// ---- `_pct` fields are percent units (heuristic) ------------------------------------------------

export type PctVerdict = 'ok' | 'fraction' | 'mismatch';

/**
 * Compares a reported percent with the percent implied by prices. A value 100× too small is the
 * classic slip (a decimal fraction where percent units are due) and is named as such.
 */
export function comparePct(reported: number, implied: number): PctVerdict {
  const close = (a: number, b: number) => Math.abs(a - b) <= 0.02 + 0.03 * Math.abs(b);
  if (close(reported, implied)) return 'ok';
  if (Math.abs(implied) >= 0.05 && close(reported, implied / 100)) return 'fraction';
  return 'mismatch';
}

function pctViolation(verdict: PctVerdict, path: string, reported: number, implied: number): Violation[] {
  if (verdict === 'ok') return [];
  const why =
    verdict === 'fraction'
      ? 'looks like a decimal fraction, not percent units'
      : 'is inconsistent with the price levels';
  return [{ rule: 'pct_units', path, message: `${fmt(reported)} ${why} (levels imply ${fmt(implied)} %)` }];
}

/**
 * Distance from spot to the flip in percent. Sign conventions differ between services (spot − flip
 * or flip − spot) and so may the denominator (spot or flip), so any of them counts as consistent.
 */
export function checkFlipDistancePct(
  spot: Maybe<number>,
  flip: Maybe<number>,
  distPct: Maybe<number>,
  path: string,
): Violation[] {
  if (!known(spot) || !known(flip) || !known(distPct) || spot <= 0 || flip <= 0) return [];
  const candidates = [((spot - flip) / spot) * 100, ((spot - flip) / flip) * 100];
  const verdicts = candidates.map((c) => comparePct(Math.abs(distPct), Math.abs(c)));
  if (verdicts.includes('ok')) return [];
  const i = verdicts.includes('fraction') ? verdicts.indexOf('fraction') : 0;
  return pctViolation(verdicts[i] as PctVerdict, path, distPct, Math.abs(candidates[i] as number));
}

/** An expected-move percent against its ±1σ levels (either side may carry the rounding). */
export function checkExpectedMovePct(
  spot: Maybe<number>,
  plus: Maybe<number>,
  minus: Maybe<number>,
  movePct: Maybe<number>,
  path: string,
): Violation[] {
  if (!known(spot) || !known(movePct) || spot <= 0) return [];
  const implied: number[] = [];
  if (known(plus)) implied.push((plus / spot - 1) * 100);
  if (known(minus)) implied.push((1 - minus / spot) * 100);
  if (implied.length === 0) return [];
  const verdicts = implied.map((v) => comparePct(movePct, v));
  if (verdicts.includes('ok')) return [];
  const i = verdicts.includes('fraction') ? verdicts.indexOf('fraction') : 0;
  return pctViolation(verdicts[i] as PctVerdict, path, movePct, implied[i] as number);
}

// ---- Per-resource checks ------------------------------------------------------------------------

export function checkTradeSetupData(data: {
  price?: Maybe<number>;
  gamma_regime?: Maybe<string>;
  gamma_flip_price?: Maybe<number>;
  dist_to_gex_flip_pct?: Maybe<number>;
}): Violation[] {
  return [
    ...checkGammaRegime(data, data.gamma_flip_price),
    ...checkFlipDistancePct(
      data.price,
      data.gamma_flip_price,
      data.dist_to_gex_flip_pct,
      'data.dist_to_gex_flip_pct',
    ),
  ];
}

/** Signals and the ticker state name the flip `gex_flip` (catalog) or `gamma_flip_price` (trade setup). */
export function checkSignalsData(data: {
  price?: Maybe<number>;
  gamma_regime?: Maybe<string>;
  gex_flip?: Maybe<number>;
  gamma_flip_price?: Maybe<number>;
  dist_to_gex_flip_pct?: Maybe<number>;
}): Violation[] {
  const flip = data.gamma_flip_price ?? data.gex_flip;
  return [
    ...checkGammaRegime(data, flip),
    ...checkFlipDistancePct(data.price, flip, data.dist_to_gex_flip_pct, 'data.dist_to_gex_flip_pct'),
  ];
}

export function checkMarketStructureData(data: MarketStructureData): Violation[] {
  const lv: KeyLevels = data.key_levels;
  const sf = data.supporting_factors;
  const flip = lv.gamma_flip ?? sf.gamma_flip;
  const out = [
    ...checkFlipDistancePct(
      lv.spot,
      flip,
      sf.distance_to_flip_pct,
      'data.supporting_factors.distance_to_flip_pct',
    ),
    ...checkExpectedMovePct(
      lv.spot,
      lv.plus_1sigma_1d,
      lv.minus_1sigma_1d,
      sf.expected_move_pct_1d,
      'data.supporting_factors.expected_move_pct_1d',
    ),
    ...checkExpectedMovePct(
      lv.spot,
      lv.plus_1sigma_1w,
      lv.minus_1sigma_1w,
      sf.expected_move_pct_1w,
      'data.supporting_factors.expected_move_pct_1w',
    ),
  ];
  const fc = data.drivers.flip_context;
  if (fc) {
    out.push(
      ...checkFlipDistancePct(lv.spot, flip, fc.distance_pct, 'data.drivers.flip_context.distance_pct'),
    );
    // Only the sides are checked: how near counts as at_flip is the interpreter's own band (not in the spec),
    // so at_flip is accepted anywhere, and above/below must agree with the sign of spot − flip.
    const want = gammaRegimeOf(lv.spot, flip);
    const state = { positive: 'above_flip', negative: 'below_flip', neutral: null, unknown: null }[want];
    if (state && fc.state !== state && fc.state !== 'at_flip') {
      out.push({
        rule: 'flip_context',
        path: 'data.drivers.flip_context.state',
        message: `flip_context is ${fc.state} but spot ${lv.spot} vs flip ${flip ?? 'null'} gives ${state}`,
      });
    }
  }
  return out;
}

/** Sorted by a score, descending (the rankings' fixed sort). */
function checkDescending(scores: readonly number[], rule: string, field: string): Violation[] {
  const out: Violation[] = [];
  for (let i = 1; i < scores.length; i++) {
    if ((scores[i] as number) > (scores[i - 1] as number)) {
      out.push({
        rule,
        path: `data.items.${i}.${field}`,
        message: `${field} ${scores[i]} ranks after ${scores[i - 1]}; the sort is descending`,
      });
    }
  }
  return out;
}

function checkFloor(scores: readonly number[], min: Maybe<number>, field: string): Violation[] {
  if (!known(min)) return [];
  return scores.flatMap((s, i) =>
    s < min
      ? [
          {
            rule: 'min_score',
            path: `data.items.${i}.${field}`,
            message: `${field} ${s} is below the minimum ${min}`,
          },
        ]
      : [],
  );
}

function checkCount(meta: { count?: Maybe<number>; limit?: Maybe<number> }, n: number): Violation[] {
  const out: Violation[] = [];
  if (known(meta.count) && meta.count !== n) {
    out.push({
      rule: 'count',
      path: 'meta.count',
      message: `meta.count is ${meta.count} but ${n} items came`,
    });
  }
  if (known(meta.limit) && n > meta.limit) {
    out.push({ rule: 'limit', path: 'data.items', message: `${n} items exceed limit ${meta.limit}` });
  }
  return out;
}

export function checkTopSetups(meta: Partial<TopSetupsMeta>, items: readonly TopSetupsItem[]): Violation[] {
  const scores = items.map((it) => it.opportunity_score);
  return [
    ...checkDescending(scores, 'sort_order', 'opportunity_score'),
    ...checkFloor(scores, meta.min_score, 'opportunity_score'),
    ...checkCount(meta, items.length),
  ];
}

/** At most two rows per ticker, one per strategy; sorted by income_score descending. */
export function checkIncomeSetups(meta: Partial<IncomeMeta>, items: readonly IncomeItem[]): Violation[] {
  const out: Violation[] = [];
  const seen = new Map<string, Set<string>>();
  items.forEach((it, i) => {
    const strategies = seen.get(it.ticker) ?? new Set<string>();
    if (strategies.has(it.strategy)) {
      out.push({
        rule: 'rows_per_ticker',
        path: `data.items.${i}`,
        message: `${it.ticker} has more than one ${it.strategy} row (at most one cc and one csp per ticker)`,
      });
    }
    strategies.add(it.strategy);
    seen.set(it.ticker, strategies);
  });
  const scores = items.map((it) => it.income_score);
  return [
    ...out,
    ...checkDescending(scores, 'sort_order', 'income_score'),
    ...checkFloor(scores, meta.min_income_score, 'income_score'),
    ...checkCount(meta, items.length),
  ];
}

export function checkOptionsVolume(data: OptionsVolumeData): Violation[] {
  const out: Violation[] = [];
  const sum = { call: 0, put: 0 };
  data.points.forEach((p, i) => {
    sum.call += p.call_volume;
    sum.put += p.put_volume;
    if (p.total !== p.call_volume + p.put_volume) {
      out.push({
        rule: 'volume_total',
        path: `data.points.${i}.total`,
        message: `total ${p.total} ≠ calls + puts`,
      });
    }
  });
  const t = data.totals;
  if (t.call_volume !== sum.call || t.put_volume !== sum.put || t.total !== sum.call + sum.put) {
    out.push({ rule: 'volume_totals', path: 'data.totals', message: 'totals do not add up the points' });
  }
  return out;
}

/** One point per day, oldest first. */
export function checkSeriesOrder(data: SeriesData): Violation[] {
  const out: Violation[] = [];
  for (let i = 1; i < data.points.length; i++) {
    const prev = data.points[i - 1]?.date ?? '';
    const cur = data.points[i]?.date ?? '';
    if (cur <= prev) {
      out.push({
        rule: 'series_order',
        path: `data.points.${i}.date`,
        message: `${cur} does not follow ${prev}`,
      });
    }
  }
  return out;
}

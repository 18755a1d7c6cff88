// Rankings filters on gamma: the gamma regime and the distance from spot to the gamma flip. They
// are the app's own, beyond the spec's /top-setups filters: never sent to the API (the spec's query
// stays as it is), applied main-side to the stored ranking after the API answered, on each row's
// gamma data: the ranking's own figures (our service puts them in the item's
// trade_setup.signal_snapshot), else the ticker's latest stored signals in the active source. A row
// with neither has no gamma data: a gamma filter leaves it out, and the UI says so.
import { z } from 'zod';
import { GAMMA_REGIMES, gammaRegimeSchema, type GammaRegime } from '../api/enums.ts';
import type { TopSetupsItem } from '../api/top-setups.ts';
import { flipDistancePct } from '../flip-distance.ts';

/** The filter keys, as saved with a view and written in a link. */
export const GAMMA_FILTER_KEYS = ['gamma_regime', 'flip_distance_min', 'flip_distance_max'] as const;
export type GammaFilterKey = (typeof GAMMA_FILTER_KEYS)[number];

export const isGammaFilterKey = (key: string): key is GammaFilterKey =>
  (GAMMA_FILTER_KEYS as readonly string[]).includes(key);

/** |distance to flip| in percent of spot: at least `min`, at most `max` (either side of spot). */
const distance = z.number().min(0).max(100);

/** Zod fields of the filters (merged into the bridge's top-setups filters). */
export const gammaFilterFields = {
  gamma_regime: z.array(gammaRegimeSchema).optional(),
  flip_distance_min: distance.optional(),
  flip_distance_max: distance.optional(),
};

/** The same as screener overrides: `null` removes a bound. */
export const gammaOverrideFields = {
  gamma_regime: z.array(gammaRegimeSchema).optional(),
  flip_distance_min: distance.nullable().optional(),
  flip_distance_max: distance.nullable().optional(),
};

export interface GammaFilters {
  gamma_regime?: readonly GammaRegime[] | undefined;
  flip_distance_min?: number | null | undefined;
  flip_distance_max?: number | null | undefined;
}

/** One row's gamma data and where it came from. */
export const rowGammaSchema = z.object({
  regime: gammaRegimeSchema.nullable(),
  flip: z.number().nullable(),
  /** (flip − spot) / spot × 100: positive when the flip is above spot (shared/flip-distance.ts). */
  distance_pct: z.number().nullable(),
  /** `ranking`: the ranking item's own figures; `ticker_state`: the ticker's latest stored signals. */
  from: z.enum(['ranking', 'ticker_state']),
  /** When the figures were taken (ISO), when known. */
  asof: z.string().nullable(),
});
export type RowGamma = z.infer<typeof rowGammaSchema>;

/** Only the applied filters (an empty list or a null bound is no filter). */
export function gammaFiltersOf(filters: Readonly<Record<string, unknown>> | undefined): GammaFilters {
  const out: GammaFilters = {};
  const regimes = filters?.['gamma_regime'];
  if (Array.isArray(regimes) && regimes.length > 0)
    out.gamma_regime = regimes.filter((r): r is GammaRegime =>
      (GAMMA_REGIMES as readonly unknown[]).includes(r),
    );
  for (const key of ['flip_distance_min', 'flip_distance_max'] as const) {
    const v = filters?.[key];
    if (typeof v === 'number' && Number.isFinite(v)) out[key] = v;
  }
  return out;
}

export const hasGammaFilter = (f: GammaFilters): boolean =>
  (f.gamma_regime?.length ?? 0) > 0 ||
  typeof f.flip_distance_min === 'number' ||
  typeof f.flip_distance_max === 'number';

/** One test per applied filter: the failing ones name the filter (for "most excluded by"). */
function checks(
  f: GammaFilters,
): { key: GammaFilterKey; value: number | string[]; pass: (g: RowGamma) => boolean }[] {
  const out: ReturnType<typeof checks> = [];
  const regimes = f.gamma_regime;
  if (regimes && regimes.length > 0)
    out.push({
      key: 'gamma_regime',
      value: [...regimes],
      pass: (g) => g.regime !== null && regimes.includes(g.regime),
    });
  const lo = f.flip_distance_min;
  if (typeof lo === 'number')
    out.push({
      key: 'flip_distance_min',
      value: lo,
      pass: (g) => g.distance_pct !== null && Math.abs(g.distance_pct) >= lo,
    });
  const hi = f.flip_distance_max;
  if (typeof hi === 'number')
    out.push({
      key: 'flip_distance_max',
      value: hi,
      pass: (g) => g.distance_pct !== null && Math.abs(g.distance_pct) <= hi,
    });
  return out;
}

/** Whether a row passes the gamma filters; a row without gamma data passes none (as a bound on a missing value). */
export function passesGamma(gamma: RowGamma | null | undefined, f: GammaFilters): boolean {
  const tests = checks(f);
  if (tests.length === 0) return true;
  if (!gamma) return false;
  return tests.every((t) => t.pass(gamma));
}

/** For an empty answer: how many of the universe each gamma filter excludes on its own. */
export function gammaExclusions(
  gammas: readonly (RowGamma | null)[],
  f: GammaFilters,
): { key: GammaFilterKey; value: number | string[]; excluded: number; total: number }[] {
  return checks(f).map((t) => ({
    key: t.key,
    value: t.value,
    excluded: gammas.filter((g) => !g || !t.pass(g)).length,
    total: gammas.length,
  }));
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Gamma figures from a record carrying `gamma_regime`, a flip and a price (signals, a signal snapshot). */
export function gammaFromRecord(
  record: Readonly<Record<string, unknown>> | null | undefined,
  from: RowGamma['from'],
  asof: string | null,
): RowGamma | null {
  if (!record) return null;
  const parsed = gammaRegimeSchema.safeParse(record['gamma_regime']);
  const flip = num(record['gex_flip']) ?? num(record['gamma_flip_price']);
  const price = num(record['price']);
  const distance = flipDistancePct(price, flip, num(record['dist_to_gex_flip_pct']));
  const regime = parsed.success ? parsed.data : null;
  if (regime === null && flip === null && distance === null) return null;
  return { regime, flip, distance_pct: distance, from, asof };
}

/** The ranking item's own gamma figures (our service's trade_setup.signal_snapshot), if it carries them. */
export function gammaOfItem(item: TopSetupsItem): RowGamma | null {
  const snap = item.trade_setup.signal_snapshot as Readonly<Record<string, unknown>>;
  return gammaFromRecord({ price: item.price, ...snap }, 'ranking', null);
}

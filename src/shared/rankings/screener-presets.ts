// The five screener presets of the spec (preset specification 1.0), written as the query strings
// they are defined to equal: "each equals /top-setups with these filters". Keeping them as query
// parameters makes the per-key override a plain merge, parsed by the same code as /top-setups.
import type { ScreenerPreset } from '../api/index.ts';

export const SCREENER_PRESET_VERSION = '1.0';

export const SCREENER_PRESETS: Readonly<Record<ScreenerPreset, Readonly<Record<string, string>>>> = {
  momentum_breakout: {
    regime: 'trending_low_vol',
    recommended_direction: 'long',
    trend_state: 'up',
    momentum_state: 'strong,improving',
    extension_state: 'neutral',
    realized_vol_state: 'subdued,contracting',
    iv_rank_max: '40',
    price_min: '20',
    min_score: '7.0',
  },
  capitulation_reversal: {
    regime: 'flush_panic,trending_down_high_vol',
    extension_state: 'oversold',
    realized_vol_state: 'expanding,elevated',
    momentum_state: 'fading',
    recommended_direction: 'long',
    iv_rank_min: '60',
    min_score: '5.0',
  },
  range_premium_seller: {
    regime: 'range_bound',
    trend_state: 'sideways',
    extension_state: 'neutral',
    recommended_direction: 'neutral',
    iv_rank_min: '50',
    price_min: '25',
    min_score: '4.0',
  },
  trend_pullback: {
    trend_state: 'up',
    momentum_state: 'fading',
    extension_state: 'oversold',
    realized_vol_state: 'subdued,contracting',
    recommended_direction: 'long',
    iv_rank_min: '30',
    min_score: '5.0',
  },
  highvol_breakdown: {
    regime: 'trending_down_low_vol,trending_down_high_vol',
    trend_state: 'down',
    momentum_state: 'strong,improving',
    extension_state: 'neutral',
    recommended_direction: 'short',
    iv_rank_min: '30',
    min_score: '6.0',
  },
};

/** A range's bounds as query keys (the ranges of /top-setups: price, iv_rank, ivAtMaxDelta). */
const RANGE_BOUNDS = [
  ['price_min', 'price_max'],
  ['iv_rank_min', 'iv_rank_max'],
  ['ivAtMaxDelta_min', 'ivAtMaxDelta_max'],
] as const;

/** Empty values are unset (the spec's filter rule 2). */
const given = (v: string | undefined): string | undefined =>
  v === undefined || v.trim() === '' ? undefined : v;

/**
 * The preset's parameters with the caller's query laid over them, key by key. One case the spec
 * leaves open: a bound the caller sets that crosses the preset's other bound of the same range
 * (iv_rank_min=60 on momentum_breakout, whose iv_rank_max is 40). The caller sent no inverted range,
 * so it is not their 400: their bound replaces the preset's range (meta.filters echoes the range
 * applied). An inverted range sent whole is still a 400. The official client (tv-mcp) lets any one
 * bound through to any preset.
 */
export function presetQuery(preset: ScreenerPreset, query: ReadonlyMap<string, string>): Map<string, string> {
  const own = SCREENER_PRESETS[preset];
  const merged = new Map([...Object.entries(own), ...query]);
  for (const [min, max] of RANGE_BOUNDS) {
    const lo = given(query.get(min));
    const hi = given(query.get(max));
    if (lo !== undefined && hi === undefined && own[max] !== undefined && Number(lo) > Number(own[max]))
      merged.delete(max);
    if (hi !== undefined && lo === undefined && own[min] !== undefined && Number(hi) < Number(own[min]))
      merged.delete(min);
  }
  return merged;
}

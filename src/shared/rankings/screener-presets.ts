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

/** The preset's parameters with the caller's query laid over them, key by key. */
export function presetQuery(preset: ScreenerPreset, query: ReadonlyMap<string, string>): Map<string, string> {
  return new Map([...Object.entries(SCREENER_PRESETS[preset]), ...query]);
}

import { describe, expect, it } from 'vitest';
import {
  humanizeKey,
  roundForExport,
  roundTo,
  sectionOf,
  unitOf,
  unitSuffix,
} from '../../../src/shared/snapshot-fields.ts';

describe('unitOf: unit and precision by the spec naming conventions', () => {
  it.each([
    ['price', 'price', 2],
    ['gamma_flip', 'price', 2],
    ['plus_1sigma_1d', 'price', 2],
    ['call_wall', 'price', 2],
    ['dist_to_gex_flip_pct', 'percent', 2],
    ['expected_move_pct_1d', 'percent', 2],
    ['realized_vol_20d', 'percent', 2],
    ['atm_iv', 'iv', 2],
    ['ivAtMaxDelta', 'iv', 2],
    ['iv_rank', 'rank', 0],
    ['opportunity_score', 'score', 1],
    ['speculative_interest_score', 'score', 2],
    ['trend_score', 'score', 2],
    ['gex_usd_per_1_pct_move', 'usd', 0],
    ['gamma_notional_per_1pct_move_usd', 'usd', 0],
    ['pcr_oi', 'ratio', 2],
    ['put_call_ratio_oi_30day_change', 'ratio', 2],
    ['put_call_iv_spread', 'number', 2],
  ])('%s is %s with %i decimals', (key, kind, digits) => expect(unitOf(key)).toEqual({ kind, digits }));
});

describe('roundTo and roundForExport', () => {
  it.each([
    [0.1 + 0.2, 2, 0.3],
    // 1.005 is stored as 1.00499…: rounded on its decimal value, as every screen rounds it.
    [1.005, 2, 1.01],
    [0.725, 2, 0.73],
    [-0.725, 2, -0.73],
    [1.0051, 2, 1.01],
    [-2.5, 0, -3],
    [-0.0001, 2, 0],
  ])('roundTo(%d, %i) = %d', (value, digits, want) => expect(roundTo(value, digits)).toBe(want));

  it.each([
    // atm_iv is a decimal; exports write it in percent as the screens show it: 13.04, not 0.13040000000000002.
    ['atm_iv', 0.13040000000000002, 13.04],
    ['price', 601.123456, 601.12],
    ['iv_rank', 82.96, 83],
    ['opportunity_score', 6.4444, 6.4],
    ['dist_to_gex_flip_pct', -1.78912, -1.79],
    ['gex_usd_per_1_pct_move', 1234567.89, 1234568],
  ])('%s: %d → %d', (key, value, want) => expect(roundForExport(key, value)).toBe(want));
});

describe('labels and sections', () => {
  it.each([
    ['iv_rank', 'IV rank'],
    ['atm_iv', 'ATM IV'],
    ['pcr_oi', 'Put/call OI'],
    ['trending_down_high_vol', 'Trending down high vol'],
    ['expected_move_pct_1d', 'Expected move % 1D'],
    ['ivAtMaxDelta', 'IV at top Δ·OI strike'],
  ])('humanizeKey(%s) = %s', (key, want) => expect(humanizeKey(key)).toBe(want));

  it.each([
    ['headline', 'Summary'],
    ['key_levels.spot', 'Key levels'],
    ['trade_recommendation.risk.max_risk_pct', 'Trade recommendation'],
    ['call_diag.x', 'Call diag'],
  ])('sectionOf(%s) = %s', (path, want) => expect(sectionOf(path)).toBe(want));

  it.each([
    ['price', ' ($)'],
    ['atm_iv', ' (%)'],
    ['dist_to_gex_flip_pct', ' (%)'],
    ['iv_rank', ''],
  ])('unitSuffix(%s) = %j', (key, want) => expect(unitSuffix(key)).toBe(want));
});

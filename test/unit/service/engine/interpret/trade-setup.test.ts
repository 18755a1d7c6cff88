import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TRADE_BIASES, OPPORTUNITY_TIERS } from '../../../../../src/shared/api/enums.ts';
import { topSetupsItemSchema } from '../../../../../src/shared/api/top-setups.ts';
import { tradeSetupBlobSchema } from '../../../../../src/shared/api/trade-setup-blob.ts';
import {
  tradeRecommendationSchema,
  tradeSetupDataSchema,
} from '../../../../../src/shared/api/trade-setup.ts';
import { classifyRegime } from '../../../../../src/service/engine/interpret/regime.ts';
import {
  toTopSetupsItem,
  toTradeRecommendation,
  toTradeSetupData,
} from '../../../../../src/service/engine/interpret/trade-projections.ts';
import {
  interpretTradeSetup,
  REGIME_PLAYBOOK,
  SCORE_TERMS,
  TRADE_SETUP_INTERPRETER_VERSION,
} from '../../../../../src/service/engine/interpret/trade-setup.ts';
import type { TickerMetrics } from '../../../../../src/service/engine/types.ts';
import { makeTickerMetrics } from '../../../../support/metrics-factory.ts';
import { arbitraryMetrics } from './arbitrary-metrics.ts';
import { nonFinitePaths } from './no-nan.ts';

const calm = { realized_vol_state: 'subdued', realized_vol_score: -0.6, iv_rank: 25 } as const;
const stormy = { realized_vol_state: 'elevated', realized_vol_score: 0.7, iv_rank: 75 } as const;
const aboveFlip = { gex_flip: 96, dist_to_gex_flip_pct: 4, gamma_regime: 'positive' } as const;
const belowFlip = { gex_flip: 104, dist_to_gex_flip_pct: -4, gamma_regime: 'negative' } as const;

const SCENARIOS = {
  /** trending_low_vol, everything aligned: 6.5 + 1 + 0.75 + 0.25 + 0.5 + 0.5 + 0.9 → 10. */
  breakout: {
    trend_score: 2.5,
    trend_state: 'up',
    ...calm,
    ...aboveFlip,
    trend_alignment_state: 'aligned',
    momentum_state: 'strong',
    extension_state: 'neutral',
  },
  /** trending_down_low_vol: 5.5 + 0 − 0.25 + 0 + 0.5 + (0.8 − 0.5) × 2 = 6.35 → 6.4. */
  shortRally: {
    trend_score: -2.5,
    trend_state: 'down',
    ...calm,
    iv_rank: 45,
    ...belowFlip,
    trend_alignment_state: 'mixed',
    momentum_state: 'weak',
    extension_state: 'neutral',
  },
  /** trending_high_vol fighting itself: 5 − 1 − 0.75 + 0.25 − 0.5 + 0.5 + 0.6 = 4.1. */
  cautiousLong: {
    trend_score: 2.5,
    trend_state: 'up',
    ...stormy,
    ...aboveFlip,
    trend_alignment_state: 'conflicting',
    momentum_state: 'fading',
    extension_state: 'neutral',
  },
  /** range_bound with rich premium: 5 + 1 + 1 + 0.9 = 7.9. */
  premium: {
    trend_score: 0.1,
    trend_state: 'sideways',
    ...calm,
    iv_rank: 60,
    ...aboveFlip,
  },
  /** choppy_volatile: pass. */
  choppy: { trend_score: 0.1, trend_state: 'sideways', ...stormy, ...belowFlip },
  /** flush_panic with fading downside momentum: long reversal. */
  flush: {
    trend_score: -2.5,
    trend_state: 'down',
    ...stormy,
    ...belowFlip,
    extension_state: 'oversold',
    extension_score: -3.4,
    momentum_state: 'fading',
  },
} satisfies Record<string, Partial<TickerMetrics>>;

function setupOf(over: Partial<TickerMetrics>) {
  const m = makeTickerMetrics(over);
  const regime = classifyRegime(m);
  return { m, regime, setup: interpretTradeSetup(m, regime) };
}

describe('interpretTradeSetup: scenarios', () => {
  it.each([
    ['breakout', 'trending_low_vol', 'long_breakout', 'directional', 'long', 10, 'high'],
    ['shortRally', 'trending_down_low_vol', 'short_rally', 'directional', 'short', 6.4, 'moderate'],
    ['cautiousLong', 'trending_high_vol', 'long_cautious', 'directional', 'long', 4.1, 'low'],
    ['premium', 'range_bound', 'fade_premium', 'vol_premium', 'neutral', 7.9, 'high'],
    ['choppy', 'choppy_volatile', 'stand_aside', 'pass', 'neutral', null, 'pass'],
    ['flush', 'flush_panic', 'reversal_caution', 'mean_reversion', 'long', null, 'moderate'],
  ] as const)('%s → %s, %s, %s %s, score %s (%s)', (name, regime, bias, type, direction, score, tier) => {
    const { setup } = setupOf(SCENARIOS[name]);
    expect(setup.regime).toBe(regime);
    expect(setup.trade_bias).toBe(bias);
    expect(setup.trade_type).toBe(type);
    expect(setup.direction).toBe(direction);
    if (score !== null) expect(setup.opportunity_score).toBeCloseTo(score, 5);
    expect(setup.opportunity_tier).toBe(tier);
  });

  it('reaches every trade_bias and every tier', () => {
    const extra: Partial<TickerMetrics>[] = [
      { ...SCENARIOS.shortRally, extension_state: 'oversold', extension_score: -2.4 }, // reversal_caution, no trade
      { ...SCENARIOS.breakout, extension_state: 'overbought', extension_score: 2.5 }, // long_cautious
    ];
    const setups = [...Object.values(SCENARIOS), ...extra].map((s) => setupOf(s).setup);
    expect(new Set(setups.map((s) => s.trade_bias))).toEqual(new Set(TRADE_BIASES));
    expect(new Set(setups.map((s) => s.opportunity_tier))).toEqual(new Set(OPPORTUNITY_TIERS));
  });
});

describe('interpretTradeSetup: adjustments', () => {
  it('does not chase an overbought up-trend', () => {
    const { setup } = setupOf({ ...SCENARIOS.breakout, extension_state: 'overbought', extension_score: 2.5 });
    expect(setup.trade_bias).toBe('long_cautious');
    // The extension term swings from +0.25 to −1.
    expect(setup.opportunity_score).toBeLessThan(10);
  });

  it('buys a pullback in a calm up-trend without penalizing the faded momentum', () => {
    const pull = {
      ...SCENARIOS.breakout,
      extension_state: 'oversold',
      extension_score: -2.2,
      momentum_state: 'fading',
    } as const;
    const { setup } = setupOf({ ...pull, trend_alignment_state: 'mixed' });
    expect(setup.regime).toBe('trending_low_vol');
    expect(setup.trade_bias).toBe('long_cautious');
    expect(setup.direction).toBe('long');
  });

  it('does not press shorts into an oversold down-trend', () => {
    const { setup } = setupOf({
      ...SCENARIOS.shortRally,
      extension_state: 'oversold',
      extension_score: -2.4,
    });
    expect(setup.trade_bias).toBe('reversal_caution');
    expect(setup.trade_type).toBe('pass');
    expect(setup.opportunity_tier).toBe('pass');
  });

  it('plays a quiet range with cheap premium as mean reversion', () => {
    const { setup } = setupOf({ ...SCENARIOS.premium, iv_rank: 20 });
    expect(setup.regime).toBe('range_bound');
    expect(setup.trade_type).toBe('mean_reversion');
    expect(setup.structures[0]).toContain('calendar');
  });

  it('stands aside without trend history', () => {
    const { setup } = setupOf({ trend_score: null, trend_state: null, momentum_state: null, iv_rank: null });
    expect(setup.trade_bias).toBe('stand_aside');
    expect(setup.trade_type).toBe('pass');
    expect(setup.caution_flags).toContain('low_data_quality');
    expect(setup.missing_fields).toEqual(expect.arrayContaining(['trend_score', 'iv_rank']));
    expect(setup.structures).toEqual([]);
    expect(setup.entry_trigger).toBeNull();
  });

  it.each([
    [
      'too few closes for a trend',
      { trend_score: null, trend_state: null, history_pending: { trend: { stored: 3, needed: 50 } } },
      'decided by the trend: it needs 50 daily closes and 3 are stored',
    ],
    ['a regime that stands aside', SCENARIOS.choppy, 'decided by the regime: choppy volatile has no edge'],
    [
      'cautions holding the score down',
      { ...SCENARIOS.shortRally, extension_state: 'oversold', extension_score: -2.4 },
      'decided by the score:',
    ],
  ] as const)('a stand aside names what decided it: %s', (_what, over, driver) => {
    const { setup } = setupOf(over as Partial<TickerMetrics>);
    expect(setup.trade_type).toBe('pass');
    expect(setup.agent_summary).toContain(driver);
  });

  it('a setup that trades names no pass driver', () => {
    const { setup } = setupOf(SCENARIOS.breakout);
    expect(setup.agent_summary).not.toContain('decided by');
  });
});

describe('interpretTradeSetup: score terms', () => {
  it.each([
    [
      'earnings inside 45 days',
      { earnings: { date: '2025-04-10', time: 'amc' } },
      'earnings_in_window',
      SCORE_TERMS.caution.earnings_in_window,
    ],
    [
      'spot within 1 % of the flip',
      { gex_flip: 99.5, dist_to_gex_flip_pct: 0.5 },
      'near_flip',
      SCORE_TERMS.caution.near_flip,
    ],
  ] as const)('%s raises %s and costs %s', (_name, over, flag, penalty) => {
    const base = setupOf({ ...SCENARIOS.shortRally });
    const { setup } = setupOf({ ...SCENARIOS.shortRally, ...over });
    expect(setup.caution_flags).toContain(flag);
    expect(setup.opportunity_score).toBeCloseTo(base.setup.opportunity_score + penalty, 5);
  });

  it.each([
    [{ iv_rank: 95 }, 'iv_rank_extreme_high'],
    [{ iv_rank: 5 }, 'iv_rank_extreme_low'],
    [{ extension_score: 3.2 }, 'overextended'],
    [{ gamma_regime: 'negative' }, 'negative_gamma'],
    [{ earnings: { date: '2025-03-10', time: 'bmo' } }, null], // already reported: not in the window
    [{ earnings: { date: '2025-05-01', time: 'bmo' } }, null], // 50 days out
  ] as const)('%j → caution %s', (over, flag) => {
    const { setup } = setupOf({ ...SCENARIOS.premium, ...over });
    if (flag) expect(setup.caution_flags).toContain(flag);
    else expect(setup.caution_flags).not.toContain('earnings_in_window');
  });

  it('scales size by tier and cautions, and max risk with size', () => {
    const clean = setupOf(SCENARIOS.breakout).setup;
    expect(clean.size_fraction).toBe(1);
    expect(clean.max_risk_pct).toBe(2);
    expect(clean.prefer_defined_risk).toBe(false);
    const flagged = setupOf({ ...SCENARIOS.breakout, earnings: { date: '2025-03-20', time: 'amc' } }).setup;
    expect(flagged.size_fraction).toBeCloseTo(0.85, 5);
    expect(flagged.max_risk_pct).toBeCloseTo(1.7, 5);
    expect(flagged.prefer_defined_risk).toBe(true);
  });
});

describe('interpretTradeSetup: structures and levels', () => {
  it.each([
    ['cheap IV long', { ...SCENARIOS.breakout, iv_rank: 20 }, ['long call', 'call debit spread']],
    ['mid IV long', { ...SCENARIOS.breakout, iv_rank: 45 }, ['call debit spread']],
    ['rich IV long', { ...SCENARIOS.breakout, iv_rank: 65 }, ['bull put credit spread']],
    ['mid IV short', SCENARIOS.shortRally, ['put debit spread']],
    ['premium, positive gamma, high tier', SCENARIOS.premium, ['short strangle', 'iron condor']],
    [
      'premium with earnings',
      { ...SCENARIOS.premium, earnings: { date: '2025-03-25', time: 'bmo' } },
      ['iron condor'],
    ],
    ['flush, rich IV', SCENARIOS.flush, ['bull put credit spread']],
  ] as const)('%s → %j', (_name, over, prefixes) => {
    const { setup } = setupOf(over);
    expect(setup.structures).toHaveLength(prefixes.length);
    prefixes.forEach((p, i) => expect(setup.structures[i]).toContain(p));
  });

  it('quotes entry, stop and target at real levels: the flip when close, else ±1σ', () => {
    const { m, setup } = setupOf(SCENARIOS.breakout);
    const w = (m.price * (m.expected_move_pct_1w as number)) / 100;
    // Flip at 96 is 4 % below spot, within 1.5 weekly σ (≈ 6.3): the stop sits at the flip.
    expect(setup.stop_description).toContain('$96.00 (gamma flip)');
    expect(setup.entry_trigger).toContain(`$${(100 + w / 4).toFixed(2)}`);
    expect(setup.target_description).toContain(`$${(100 + w).toFixed(2)} (+1σ 1w)`);
    const far = setupOf({ ...SCENARIOS.breakout, gex_flip: 80, dist_to_gex_flip_pct: 20 }).setup;
    expect(far.stop_description).toContain(`$${(100 - w).toFixed(2)} (-1σ 1w)`);
  });

  it('keeps texts without levels when there is no ATM IV', () => {
    const { setup } = setupOf({
      ...SCENARIOS.breakout,
      atm_iv: null,
      expected_move_pct_1d: null,
      expected_move_pct_1w: null,
      expected_move_pct_1m: null,
    });
    expect(setup.missing_fields).toContain('expected_move_pct_1w');
    expect(setup.entry_trigger).not.toContain('σ');
    expect(setup.caution_flags).toContain('low_data_quality');
  });
});

describe('projections', () => {
  it('project the blob into the recommendation, the payload and the ranking item', () => {
    const { m, setup } = setupOf(SCENARIOS.flush);
    const rec = tradeRecommendationSchema.parse(toTradeRecommendation(setup));
    expect(rec.model_version).toBe(TRADE_SETUP_INTERPRETER_VERSION);
    expect(rec.risk).toEqual({
      size_fraction: setup.size_fraction,
      max_risk_pct: setup.max_risk_pct,
      prefer_defined_risk: setup.prefer_defined_risk,
    });
    const data = tradeSetupDataSchema.parse(toTradeSetupData(m, setup));
    expect(data.gamma_flip_price).toBe(m.gex_flip);
    const item = topSetupsItemSchema.parse(toTopSetupsItem(m, setup));
    expect(item.trade_bias_key).toBe('flush_panic:reversal_caution');
    expect(item.recommended_direction).toBe('long');
    expect(item.trade_setup).toEqual(setup);
  });
});

describe('properties', () => {
  it('every regime has a playbook row', () => {
    for (const label of Object.keys(REGIME_PLAYBOOK))
      expect(REGIME_PLAYBOOK[label as keyof typeof REGIME_PLAYBOOK]).toBeDefined();
  });

  it('valid, finite, consistent and deterministic for random inputs', () => {
    fc.assert(
      fc.property(arbitraryMetrics, (m) => {
        const regime = classifyRegime(m);
        const setup = interpretTradeSetup(m, regime);
        tradeSetupBlobSchema.parse(setup);
        topSetupsItemSchema.parse(toTopSetupsItem(m, setup));
        tradeSetupDataSchema.parse(toTradeSetupData(m, setup));
        expect(nonFinitePaths(setup)).toEqual([]);
        expect(setup.opportunity_score).toBeGreaterThanOrEqual(0);
        expect(setup.opportunity_score).toBeLessThanOrEqual(10);
        expect(setup.trade_type === 'pass').toBe(setup.opportunity_tier === 'pass');
        expect(setup.structures.length === 0).toBe(setup.trade_type === 'pass');
        expect(setup.agent_summary).not.toMatch(/NaN|undefined|null/);
        expect(interpretTradeSetup(m, classifyRegime(m))).toEqual(setup);
      }),
      { numRuns: 300 },
    );
  });
});

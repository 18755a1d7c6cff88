import { describe, expect, it } from 'vitest';
import type { RegimeLabel } from '../../../../../src/shared/api/enums.ts';
import { tradeSetupBlobSchema } from '../../../../../src/shared/api/trade-setup-blob.ts';
import { tradeRecommendationSchema } from '../../../../../src/shared/api/trade-setup.ts';
import type { RegimeResult } from '../../../../../src/service/engine/interpret/regime.ts';
import { chooseStructures } from '../../../../../src/service/engine/interpret/trade-plan.ts';
import { toTradeRecommendation } from '../../../../../src/service/engine/interpret/trade-projections.ts';
import { interpretTradeSetup } from '../../../../../src/service/engine/interpret/trade-setup.ts';
import { makeChain } from '../../../../support/chain-factory.ts';
import { makeTickerMetrics } from '../../../../support/metrics-factory.ts';

// 23, 30, 36, 44, 58 and 65 days after the chain factory's 2025-03-12 snapshot.
const DATES = ['2025-04-04', '2025-04-11', '2025-04-17', '2025-04-25', '2025-05-09', '2025-05-16'];
const regime = (label: RegimeLabel): RegimeResult => ({ label, confidence: 0.8, reasons: [] });

describe('interpretTradeSetup with the chain: legs for every structure', () => {
  it.each([
    ['trending_low_vol', { trend_state: 'up', trend_score: 2, iv_rank: 20, gamma_regime: 'positive' }],
    ['trending_low_vol', { trend_state: 'up', trend_score: 2, iv_rank: 45 }],
    ['trending_high_vol', { trend_state: 'up', trend_score: 2, iv_rank: 80 }],
    ['trending_down_low_vol', { trend_state: 'down', trend_score: -2, iv_rank: 20 }],
    ['trending_down_high_vol', { trend_state: 'down', trend_score: -2, iv_rank: 80 }],
    ['range_bound', { trend_state: 'sideways', iv_rank: 70, gamma_regime: 'positive' }],
    ['range_bound', { trend_state: 'sideways', iv_rank: 20 }],
    ['flush_panic', { trend_state: 'down', iv_rank: 80 }],
  ] as const)('%s %j', (label, over) => {
    const m = makeTickerMetrics({ atm_iv: 0.25, ...over });
    const chain = makeChain({ expirations: DATES });
    const blob = interpretTradeSetup(m, regime(label), chain);
    expect(tradeSetupBlobSchema.safeParse(blob).success).toBe(true);
    expect(blob.structures.length).toBeGreaterThan(0);
    const legs = blob.structure_legs ?? [];
    expect(legs.map((s) => s.structure)).toEqual(blob.structures);
    for (const s of legs) {
      expect(s.legs_unavailable_reason).toBeNull();
      expect(s.legs.length).toBeGreaterThan(0);
      for (const l of s.legs) expect(chain.strike).toContain(l.strike);
    }
    const rec = toTradeRecommendation(blob);
    expect(tradeRecommendationSchema.safeParse(rec).success).toBe(true);
    expect(rec.structure_legs).toEqual(blob.structure_legs);
  });

  it('without a chain the blob is as before (no structure_legs key)', () => {
    const blob = interpretTradeSetup(makeTickerMetrics({ atm_iv: 0.25 }), regime('range_bound'));
    expect('structure_legs' in blob).toBe(false);
    expect('structure_legs' in toTradeRecommendation(blob)).toBe(false);
  });
});

describe('chooseStructures: a short put on an index is cash-settled', () => {
  const base = {
    tradeType: 'mean_reversion',
    direction: 'long',
    ivRank: 80,
    gammaNegative: false,
    preferDefinedRisk: false,
  } as const;
  it.each([
    [false, 'cash-secured put 30-45 DTE at -1σ'],
    [true, 'cash-settled short put 30-45 DTE at -1σ'],
  ])('index %s → %s', (index, put) => {
    const structures = chooseStructures({ ...base, index });
    expect(structures).toContain(put);
    expect(structures.join(' ').includes('cash-secured')).toBe(!index);
  });
});

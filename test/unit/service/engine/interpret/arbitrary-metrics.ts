// A fast-check arbitrary of valid TickerMetrics: every field within its documented range, nullable
// fields sometimes null, and the derived fields (expected moves, gamma regime, distance to the
// flip) consistent with the inputs they come from, as buildTickerMetrics makes them.
import fc from 'fast-check';
import { CALL_REGIMES } from '../../../../../src/service/engine/flow.ts';
import type { TickerMetrics } from '../../../../../src/service/engine/types.ts';
import { addDays } from '../../../../../src/shared/market-calendar.ts';
import { makeTickerMetrics, METRICS_DATE } from '../../../../support/metrics-factory.ts';

const maybe = <T>(a: fc.Arbitrary<T>): fc.Arbitrary<T | null> => fc.option(a, { nil: null, freq: 4 });
const real = (min: number, max: number): fc.Arbitrary<number> =>
  fc.double({ min, max, noNaN: true, noDefaultInfinity: true });

export const arbitraryMetrics: fc.Arbitrary<TickerMetrics> = fc
  .record({
    price: real(1, 5000),
    atm_iv: maybe(real(0.03, 2.5)),
    flipRatio: maybe(real(0.8, 1.2)),
    skew: maybe(real(-20, 40)),
    pcr_oi: maybe(real(0, 4)),
    pcr_volume: maybe(real(0, 4)),
    gex: real(-5e9, 5e9),
    imbalance: fc.option(real(-1, 1), { nil: undefined }),
    pct_gamma_expiring: maybe(real(0, 100)),
    speculative_interest_score: maybe(real(0, 1)),
    call_regime: fc.constantFrom(...CALL_REGIMES),
    iv_rank: maybe(real(0, 100)),
    trend_score: maybe(real(-5, 5)),
    momentum_score: maybe(real(-5, 5)),
    extension_score: maybe(real(-10, 10)),
    realized_vol_score: maybe(real(-1, 1)),
    trend_alignment_score: maybe(real(-1, 1)),
    trend_state: maybe(fc.constantFrom('up', 'sideways', 'down' as const)),
    momentum_state: maybe(fc.constantFrom('strong', 'improving', 'fading', 'weak' as const)),
    extension_state: maybe(fc.constantFrom('neutral', 'oversold', 'overbought' as const)),
    realized_vol_state: maybe(fc.constantFrom('subdued', 'contracting', 'expanding', 'elevated' as const)),
    trend_alignment_state: maybe(fc.constantFrom('aligned', 'mixed', 'conflicting' as const)),
    earningsIn: maybe(fc.integer({ min: 0, max: 120 })),
    earningsTime: fc.constantFrom('bmo', 'amc', 'dmh' as const),
    simulated: fc.boolean(),
  })
  .map((r) => {
    const flip = r.flipRatio === null ? null : r.price * r.flipRatio;
    const move = (days: number): number | null =>
      r.atm_iv === null ? null : r.atm_iv * Math.sqrt(days / 252) * 100;
    return makeTickerMetrics({
      price: r.price,
      atm_iv: r.atm_iv,
      put_call_25d_iv_premium_pct: r.skew,
      put_call_25d_iv_ratio: r.skew === null ? null : 1 + r.skew / 100,
      pcr_oi: r.pcr_oi,
      pcr_volume: r.pcr_volume,
      gex_flip: flip,
      gex_flip_reason: flip === null ? 'no sign change within ±20 % of spot' : null,
      gex_usd_per_1_pct_move: r.gex,
      gex_imbalance: r.imbalance,
      pct_gamma_expiring: r.pct_gamma_expiring,
      speculative_interest_score: r.speculative_interest_score,
      call_regime: r.call_regime,
      expected_move_pct_1d: move(1),
      expected_move_pct_1w: move(5),
      expected_move_pct_1m: move(21),
      iv_rank: r.iv_rank,
      trend_score: r.trend_state === null ? null : r.trend_score,
      trend_state: r.trend_score === null ? null : r.trend_state,
      momentum_score: r.momentum_score,
      extension_score: r.extension_score,
      realized_vol_score: r.realized_vol_score,
      trend_alignment_score: r.trend_alignment_score,
      momentum_state: r.momentum_state,
      extension_state: r.extension_state,
      realized_vol_state: r.realized_vol_state,
      trend_alignment_state: r.trend_alignment_state,
      gamma_regime:
        flip === null ? 'unknown' : r.price > flip ? 'positive' : r.price < flip ? 'negative' : 'neutral',
      dist_to_gex_flip_pct: flip === null ? null : ((r.price - flip) / r.price) * 100,
      earnings:
        r.earningsIn === null ? null : { date: addDays(METRICS_DATE, r.earningsIn), time: r.earningsTime },
      simulated: r.simulated,
    });
  });

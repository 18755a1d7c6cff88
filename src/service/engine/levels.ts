// Key price levels for chart overlays, and their renderings for TradingView and thinkorswim.
//
// Levels (each omitted when it cannot be computed):
// - spot; gamma_flip (flip.ts);
// - ±1σ for 1 day, 1 week, 1 month: spot × (1 ± atm_iv × √(days/252)) (moves.ts);
// - call wall / put wall: the strike with the largest call / put GEX over every expiration;
// - max pain: for the nearest expiration, the strike at which the options' total intrinsic value
//   Σ OI·max(0, S−K) over calls + Σ OI·max(0, K−S) over puts is smallest (the lower on a tie).
// JSON order: price descending, as a chart's price axis reads.
import type { LevelKind } from '../../shared/api/levels.ts';
import type { KeyLevels } from '../../shared/api/market-structure.ts';
import { analyzeChainDetailed, type ChainAnalysis } from './analyze.ts';
import type { OptionChain } from './chain.ts';
import { exposureByStrike, strikeOfMax } from './exposure.ts';
import { expectedMove, MOVE_HORIZONS, type MoveHorizon } from './moves.ts';
import type { ChainMetrics } from './types.ts';

// The one list of kinds is the API's (shared/api/levels.ts); re-exported for the renderers.
export type { LevelKind };

export interface KeyLevel {
  /** Stable snake_case key, e.g. plus_1sigma_1w (the market-structure key_levels names). */
  id: string;
  label: string;
  price: number;
  kind: LevelKind;
}

const HORIZON_LABEL: Record<MoveHorizon, string> = { '1d': '1D', '1w': '1W', '1m': '1M' };

function sigmaLevels(spot: number, atmIv: number | null): KeyLevel[] {
  if (atmIv === null) return [];
  return (Object.keys(MOVE_HORIZONS) as MoveHorizon[]).flatMap((h) => {
    const move = expectedMove(spot, atmIv, MOVE_HORIZONS[h]);
    const kind = `sigma_${h}` as const;
    return [
      { id: `plus_1sigma_${h}`, label: `+1σ ${HORIZON_LABEL[h]}`, price: spot + move, kind },
      { id: `minus_1sigma_${h}`, label: `−1σ ${HORIZON_LABEL[h]}`, price: spot - move, kind },
    ];
  });
}

/** The market-structure record's key_levels object. */
export function keyLevelsRecord(metrics: Pick<ChainMetrics, 'price' | 'gex_flip' | 'atm_iv'>): KeyLevels {
  const byId = new Map(sigmaLevels(metrics.price, metrics.atm_iv).map((l) => [l.id, l.price]));
  const positive = (id: string) => {
    const v = byId.get(id);
    return v !== undefined && v > 0 ? v : null;
  };
  return {
    spot: metrics.price,
    gamma_flip: metrics.gex_flip,
    plus_1sigma_1d: positive('plus_1sigma_1d'),
    minus_1sigma_1d: positive('minus_1sigma_1d'),
    plus_1sigma_1w: positive('plus_1sigma_1w'),
    minus_1sigma_1w: positive('minus_1sigma_1w'),
    plus_1sigma_1m: positive('plus_1sigma_1m'),
    minus_1sigma_1m: positive('minus_1sigma_1m'),
  };
}

/** Max pain of one expiration (by index), or null when it has no open interest. */
export function maxPain(chain: OptionChain, expiryIndex: number): number | null {
  const mask = new Uint8Array(chain.expirations.length);
  mask[expiryIndex] = 1;
  const { strikes, callOi, putOi } = exposureByStrike(chain, new Float64Array(chain.size), mask);
  if (!callOi.some((x) => x > 0) && !putOi.some((x) => x > 0)) return null;
  let best: number | null = null;
  let bestPain = Infinity;
  for (const settle of strikes) {
    let pain = 0;
    for (let j = 0; j < strikes.length; j++) {
      const k = strikes[j] as number;
      pain +=
        (callOi[j] as number) * Math.max(0, settle - k) + (putOi[j] as number) * Math.max(0, k - settle);
    }
    if (pain < bestPain) {
      bestPain = pain;
      best = settle;
    }
  }
  return best;
}

/** Every key level of a chain, price descending. Pass an analysis already made to skip recomputing it. */
export function keyLevels(
  chain: OptionChain,
  analysis: ChainAnalysis = analyzeChainDetailed(chain),
): KeyLevel[] {
  const { metrics, combined, buckets } = analysis;
  if (!(chain.spot > 0) || !Number.isFinite(chain.spot)) return [];
  const levels: KeyLevel[] = [{ id: 'spot', label: 'Spot', price: chain.spot, kind: 'spot' }];
  if (metrics.gex_flip !== null) {
    levels.push({ id: 'gamma_flip', label: 'Gamma flip', price: metrics.gex_flip, kind: 'gamma_flip' });
  }
  levels.push(...sigmaLevels(chain.spot, metrics.atm_iv).filter((l) => l.price > 0));
  const callWall = strikeOfMax(combined.strikes, combined.callShares);
  if (callWall !== null)
    levels.push({ id: 'call_wall', label: 'Call wall', price: callWall, kind: 'call_wall' });
  const putWall = strikeOfMax(combined.strikes, combined.putShares);
  if (putWall !== null) levels.push({ id: 'put_wall', label: 'Put wall', price: putWall, kind: 'put_wall' });
  const pain = buckets.nearest === null ? null : maxPain(chain, buckets.nearest);
  if (pain !== null) levels.push({ id: 'max_pain', label: 'Max pain', price: pain, kind: 'max_pain' });
  return levels.sort((a, b) => b.price - a.price);
}

// Key price levels for chart overlays (their TradingView and thinkorswim text: shared/api/levels-render.ts).
//
// Levels (each omitted when it cannot be computed):
// - spot; gamma_flip (flip.ts);
// - ±1σ for 1 day, 1 week, 1 month: spot ± the move of moves.ts expectedMoveBand, rounded to cents
//   once, the same band the market-structure record and expected_move_pct_* state;
// - walls and max pain, computed once per chain in analyze.ts by walls.ts. The convention:
//   call wall = the strike AT OR ABOVE spot with the largest call gamma exposure (all expirations);
//   put wall = the strike AT OR BELOW spot with the largest put gamma exposure (absolute value, all
//   expirations); max pain = for the nearest expiration, the strike at which the options' total
//   intrinsic value Σ OI·max(0, S−K) over calls + Σ OI·max(0, K−S) over puts is smallest.
// - beyond those (more-levels.ts): the absolute-gamma strike, the top three positive and negative
//   net-GEX strikes (one level each: gex_positive_1..3, gex_negative_1..3), the nearest
//   expiration's own flip, and the 0DTE expiration's flip and walls. A strike that is already the
//   call or put wall, or another level at the same price of the same family, is still listed: each
//   says something different (a wall is one side's largest, abs gamma the largest net).
// JSON order: price descending, as a chart's price axis reads.
import type { KeyLevel } from '../../shared/api/levels.ts';
import type { KeyLevels } from '../../shared/api/market-structure.ts';
import { analyzeChainDetailed, type ChainAnalysis } from './analyze.ts';
import type { OptionChain } from './chain.ts';
import { exposureByStrike } from './exposure.ts';
import { expectedMoveBand, MOVE_HORIZONS, type MoveHorizon } from './moves.ts';
import type { ChainMetrics } from './types.ts';
import { maxPainOf } from './walls.ts';
import type { MoreLevels } from './more-levels.ts';

const HORIZON_LABEL: Record<MoveHorizon, string> = { '1d': '1D', '1w': '1W', '1m': '1M' };

function sigmaLevels(spot: number, atmIv: number | null): KeyLevel[] {
  return (Object.keys(MOVE_HORIZONS) as MoveHorizon[]).flatMap((h) => {
    const band = expectedMoveBand(spot, atmIv, MOVE_HORIZONS[h]);
    if (band === null) return [];
    const kind = `sigma_${h}` as const;
    return [
      { id: `plus_1sigma_${h}`, label: `+1σ ${HORIZON_LABEL[h]}`, price: band.plus, kind },
      { id: `minus_1sigma_${h}`, label: `−1σ ${HORIZON_LABEL[h]}`, price: band.minus, kind },
    ];
  });
}

type LevelInputs = Pick<
  ChainMetrics,
  'price' | 'gex_flip' | 'atm_iv' | 'call_wall' | 'put_wall' | 'max_pain'
>;

/** The market-structure record's key_levels object. */
export function keyLevelsRecord(metrics: LevelInputs): KeyLevels {
  const byId = new Map(sigmaLevels(metrics.price, metrics.atm_iv).map((l) => [l.id, l.price]));
  const level = (id: string) => byId.get(id) ?? null;
  return {
    spot: metrics.price,
    gamma_flip: metrics.gex_flip,
    plus_1sigma_1d: level('plus_1sigma_1d'),
    minus_1sigma_1d: level('minus_1sigma_1d'),
    plus_1sigma_1w: level('plus_1sigma_1w'),
    minus_1sigma_1w: level('minus_1sigma_1w'),
    plus_1sigma_1m: level('plus_1sigma_1m'),
    minus_1sigma_1m: level('minus_1sigma_1m'),
    call_wall: metrics.call_wall,
    put_wall: metrics.put_wall,
    max_pain: metrics.max_pain,
  };
}

/** Max pain of one expiration (by index), or null when it has no open interest. */
export function maxPain(chain: OptionChain, expiryIndex: number): number | null {
  const mask = new Uint8Array(chain.expirations.length);
  mask[expiryIndex] = 1;
  return maxPainOf(exposureByStrike(chain, new Float64Array(chain.size), mask));
}

/** Every key level of a chain, price descending. Pass an analysis already made to skip recomputing it. */
export function keyLevels(
  chain: OptionChain,
  analysis: ChainAnalysis = analyzeChainDetailed(chain),
): KeyLevel[] {
  const { metrics } = analysis;
  if (!(chain.spot > 0) || !Number.isFinite(chain.spot)) return [];
  const levels: KeyLevel[] = [{ id: 'spot', label: 'Spot', price: chain.spot, kind: 'spot' }];
  if (metrics.gex_flip !== null) {
    levels.push({ id: 'gamma_flip', label: 'Gamma flip', price: metrics.gex_flip, kind: 'gamma_flip' });
  }
  levels.push(...sigmaLevels(chain.spot, metrics.atm_iv));
  if (metrics.call_wall !== null)
    levels.push({ id: 'call_wall', label: 'Call wall', price: metrics.call_wall, kind: 'call_wall' });
  if (metrics.put_wall !== null)
    levels.push({ id: 'put_wall', label: 'Put wall', price: metrics.put_wall, kind: 'put_wall' });
  if (metrics.max_pain !== null)
    levels.push({ id: 'max_pain', label: 'Max pain', price: metrics.max_pain, kind: 'max_pain' });
  levels.push(...moreKeyLevels(analysis.more));
  return levels.sort((a, b) => b.price - a.price);
}

/** The levels of more-levels.ts, each with its own id and label. */
export function moreKeyLevels(more: MoreLevels): KeyLevel[] {
  const out: KeyLevel[] = [];
  const add = (
    id: string,
    label: string,
    price: number | null | undefined,
    kind: KeyLevel['kind'],
    expiration?: string,
  ) => {
    if (price === null || price === undefined || !Number.isFinite(price)) return;
    out.push(expiration === undefined ? { id, label, price, kind } : { id, label, price, kind, expiration });
  };
  add('abs_gamma_strike', 'Abs gamma', more.abs_gamma_strike, 'abs_gamma');
  more.top_positive_gex_strikes.forEach((k, i) =>
    add(`gex_positive_${i + 1}`, `+GEX #${i + 1}`, k, 'gex_positive'),
  );
  more.top_negative_gex_strikes.forEach((k, i) =>
    add(`gex_negative_${i + 1}`, `−GEX #${i + 1}`, k, 'gex_negative'),
  );
  add('nearest_expiry_flip', 'Nearest-expiry flip', more.nearest_expiry_flip, 'nearest_flip');
  // Each 0DTE level names its expiration: it is that day's until the close, never the next's.
  const zero = more.zero_dte;
  add('zero_dte_flip', '0DTE flip', zero?.flip, 'zero_dte_flip', zero?.expiration);
  add('zero_dte_call_wall', '0DTE call wall', zero?.call_wall, 'zero_dte_call_wall', zero?.expiration);
  add('zero_dte_put_wall', '0DTE put wall', zero?.put_wall, 'zero_dte_put_wall', zero?.expiration);
  return out;
}

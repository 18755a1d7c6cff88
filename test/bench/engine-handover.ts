// The chain file engine.bench.ts hands to its one-run processes: ours (engine-flip-once.ts) and the
// numpy reference (reference/gamma_flip_numpy.py). Columns as plain arrays, plus each contract's
// years to expiry so the Python side needs no calendar, the grid, and our flip for the check.
import type { OptionChain } from '../../src/service/engine/chain.ts';
import { expiryYears } from '../../src/service/engine/exposure.ts';
import { spotGrid } from '../../src/service/engine/profile.ts';
import { DEFAULT_PRICING } from '../../src/service/engine/types.ts';

export interface Handover {
  ticker: string;
  spot: number;
  asof: number;
  expirations: { date: string; expiresAt: number }[];
  strike: number[];
  expiryIndex: number[];
  isCall: number[];
  iv: number[];
  openInterest: number[];
  years: number[];
  r: number;
  q: number;
  rangePct: number;
  points: number;
  tolerancePct: number;
  /** The grid's hypothetical spots (even steps in ln S, spot in the middle), so both sides use the same. */
  spots: number[];
  /** Our flip price, which the numpy reference checks its own against. */
  ours: number | null;
}

export function toHandover(
  chain: OptionChain,
  grid: { rangePct: number; points: number; tolerancePct: number },
  ours: number | null,
): Handover {
  const years = expiryYears(chain);
  return {
    ticker: chain.ticker,
    spot: chain.spot,
    asof: chain.asof,
    expirations: chain.expirations.map((e) => ({ date: e.date, expiresAt: e.expiresAt })),
    strike: Array.from(chain.strike),
    expiryIndex: Array.from(chain.expiryIndex),
    isCall: Array.from(chain.isCall),
    // JSON has no NaN: a missing IV travels as 0, which both sides read as "no valid quote".
    iv: Array.from(chain.iv, (v) => (Number.isFinite(v) ? v : 0)),
    openInterest: Array.from(chain.openInterest, (v) => (Number.isFinite(v) ? v : 0)),
    years: Array.from(chain.expiryIndex, (e) => years[e] as number),
    r: DEFAULT_PRICING.r,
    q: DEFAULT_PRICING.q,
    ...grid,
    spots: Array.from(spotGrid(chain.spot, grid.rangePct, grid.points)),
    ours,
  };
}

export function chainFromHandover(h: Handover): OptionChain {
  const n = h.strike.length;
  return {
    ticker: h.ticker,
    spot: h.spot,
    asof: h.asof,
    source: 'cboe_csv',
    expirations: h.expirations,
    size: n,
    strike: Float64Array.from(h.strike),
    expiryIndex: Uint16Array.from(h.expiryIndex),
    isCall: Uint8Array.from(h.isCall),
    iv: Float64Array.from(h.iv),
    openInterest: Float64Array.from(h.openInterest),
    volume: new Float64Array(n),
    bid: new Float64Array(n).fill(Number.NaN),
    ask: new Float64Array(n).fill(Number.NaN),
  };
}

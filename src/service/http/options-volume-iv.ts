// The `include=iv` columns of /options/volume: each strike's call and put IV and the expiration's
// ATM IV, read off the same analysed chain as the volumes.
//
// Definitions (docs/api.md, "Where the spec is silent": options volume with `include=iv`):
// - call_iv / put_iv: the IV of the chain's call (put) contract at that strike of the served
//   expiration, as a decimal, exactly as the chain carries it; null where that contract is not
//   listed or has no usable IV (zero, negative or NaN: no valid quote).
// - atm_iv: the expiration's ATM IV by the engine's convention (surface.ts): the mean of call and
//   put IV per strike, interpolated linearly in strike at the expiration's forward. For options that
//   settle on a future (VIX) the IVs are quoted off each expiration's forward, so the ATM point is
//   that expiration's implied forward (forward.ts), not the index level.
import { OPTIONS_VOLUME_INCLUDES, type OptionsVolumeData } from '../../shared/api/index.ts';
import { clipForApi } from '../../shared/echo.ts';
import { csvParam, type Query } from '../../shared/api/query.ts';
import type { TickerAnalysis } from '../analysis/ticker-analysis.ts';
import { hasValidIv, type OptionChain } from '../engine/chain.ts';
import { pricingFor } from '../engine/forward.ts';
import { expirySmiles } from '../engine/surface.ts';
import { invalidParam } from './errors.ts';

/**
 * `include` as the route keys its ETag: absent means no key at all, so a request without it keeps
 * the body and the ETag it always had.
 */
export function includeParam(q: Query): { include?: 'iv' } {
  const values = csvParam(q, 'include');
  if (values === undefined) return {};
  const allowed: readonly string[] = OPTIONS_VOLUME_INCLUDES;
  const unknown = values.find((v) => !allowed.includes(v.toLowerCase()));
  if (unknown !== undefined) {
    throw invalidParam('include', `unknown value '${clipForApi(unknown)}'`, OPTIONS_VOLUME_INCLUDES);
  }
  return { include: 'iv' };
}

interface SideIvs {
  call: Map<number, number>;
  put: Map<number, number>;
}

/** Valid IVs by strike of expiration `e`'s calls and puts (first listed contract wins a duplicate). */
function ivsOf(chain: OptionChain, e: number): SideIvs {
  const out: SideIvs = { call: new Map(), put: new Map() };
  for (let i = 0; i < chain.size; i++) {
    if (chain.expiryIndex[i] !== e) continue;
    const iv = chain.iv[i] as number;
    if (!hasValidIv(iv)) continue;
    const side = chain.isCall[i] === 1 ? out.call : out.put;
    const strike = chain.strike[i] as number;
    if (!side.has(strike)) side.set(strike, iv);
  }
  return out;
}

/**
 * The volume payload with the IV columns added (points keep their order and their volumes). The
 * payload's `expiry` names the chain's expiration (an unknown one would give nulls throughout).
 */
export function withStrikeIvs(
  a: Pick<TickerAnalysis, 'chain' | 'pricing'>,
  data: OptionsVolumeData,
): OptionsVolumeData {
  const chain = a.chain;
  const e = chain.expirations.findIndex((x) => x.date === data.expiry);
  const ivs = ivsOf(chain, e);
  // The engine's own pricing for the chain: per-expiration forwards where options settle on a future.
  const smile = e < 0 ? undefined : expirySmiles(chain, pricingFor(chain, a.pricing))[e];
  return {
    ...data,
    points: data.points.map((p) => ({
      ...p,
      call_iv: ivs.call.get(p.strike) ?? null,
      put_iv: ivs.put.get(p.strike) ?? null,
    })),
    atm_iv: smile?.atmIv ?? null,
  };
}

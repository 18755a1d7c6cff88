// The curve views of a ticker (gamma by strike for a bucket or date, signed or naive; gamma by
// expiration; GEX by strike) and option volume by strike: stored, or fetched on demand when not
// stored (see curve-fetch.ts). Snapshot parameters match the poller's, so a polled combined curve
// and an on-demand one are the same series.
import { z } from 'zod';
import { bridgeMethods, type BridgeOutput, type BridgeParsedInput } from '../../shared/bridge/contract.ts';
import type { CurveOrigin } from '../../shared/bridge/curve-origin.ts';
import { storedView, type StoredViewName } from '../../shared/stored-views.ts';
import { viewCall, type ViewParams } from '../poller/view-calls.ts';
import type { Store } from '../store/database.ts';
import type { CurveFetcher, CurveRequest, Resolved } from './curve-fetch.ts';
import { isRealtimeExp, resolveRealtime } from './realtime-curve.ts';
import { snapshotMeta } from './snapshot-meta.ts';
import { payload } from './ticker-views.ts';
import { allExpirationsVolume } from './volume-all.ts';

export interface CurveDeps {
  store: Store<unknown>;
  marketNow: number;
  /** Without one, answers come from the store only. */
  fetcher?: CurveFetcher;
}

/** One stored view of `ticker` as an on-demand request: the poller's key and client call. */
function curve<V extends StoredViewName>(view: V, ticker: string, params: ViewParams[V]): CurveRequest {
  return { endpoint: view, ticker, params, call: viewCall(view, ticker, params) };
}

/**
 * What to ask the data source for, and under which key the answer is stored: the bridge's curve
 * kinds are the stored views `curve_gamma`, `curve_gamma_expirations` and `curve_gex_by_strike`,
 * with the poller's params (the table's) unless the UI asked for others.
 */
export function curveRequest(input: BridgeParsedInput<'ticker:curve'>): CurveRequest {
  const t = input.ticker;
  switch (input.kind) {
    case 'gamma': {
      const exp = input.exp ?? storedView('curve_gamma').params.exp;
      // The signed view keeps the poller's key ({ exp }); the naive view is its own series.
      return curve('curve_gamma', t, input.view ? { exp, view: input.view } : { exp });
    }
    case 'gamma_expirations':
      return curve('curve_gamma_expirations', t, storedView('curve_gamma_expirations').params);
    case 'gex_by_strike':
      return curve('curve_gex_by_strike', t, {
        exp: input.exp ?? storedView('curve_gex_by_strike').params.exp,
      });
  }
}

/** Option volume of one expiration (`combined` is refused by the call: it is summed in optionsVolume). */
export function volumeRequest(input: BridgeParsedInput<'ticker:optionsVolume'>): CurveRequest {
  return curve('options_volume', input.ticker, { exp: input.exp });
}

export async function resolve(
  deps: CurveDeps,
  request: CurveRequest,
  at: string | undefined,
): Promise<Resolved> {
  if (deps.fetcher) return deps.fetcher.resolve(request, at);
  const key = { endpoint: request.endpoint, ticker: request.ticker, params: request.params };
  const snapshot =
    at === undefined ? deps.store.snapshots.latest(key) : deps.store.snapshots.latestAtOrBefore(key, at);
  const source = snapshot ? 'stored' : at === undefined ? 'unreachable' : 'none_at_time';
  return { snapshot, origin: { source, message: null } };
}

/** Snapshot, data and origin; a stored body that no longer fits the contract counts as none. */
function shaped<T extends z.ZodType>(deps: CurveDeps, resolved: Resolved, schema: T) {
  const snap = resolved.snapshot;
  const data = snap ? payload(schema, snap.data) : null;
  const origin: CurveOrigin =
    snap && data === null
      ? { source: 'unavailable', message: 'the stored curve no longer fits the contract' }
      : resolved.origin;
  return { snapshot: snap && data !== null ? snapshotMeta(snap, deps.marketNow) : null, data, origin };
}

const curveOutput = bridgeMethods['ticker:curve'].output;

export async function tickerCurve(
  deps: CurveDeps,
  input: BridgeParsedInput<'ticker:curve'>,
): Promise<BridgeOutput<'ticker:curve'>> {
  const option = curveOutput.options.find((o) => o.shape.kind.value === input.kind);
  const schema = option ? option.shape.data.unwrap() : z.null();
  const request = curveRequest(input);
  const exp = input.kind === 'gamma' ? input.exp : undefined;
  const resolved =
    input.kind === 'gamma' && input.at === undefined && isRealtimeExp(exp)
      ? await resolveRealtime(
          {
            store: deps.store,
            marketNow: deps.marketNow,
            resolveLive: (r) => resolve(deps, r, undefined),
            bucketRequest: (bucket) => curveRequest({ ...input, exp: bucket }),
          },
          request,
          exp,
        )
      : await resolve(deps, request, input.at);
  return curveOutput.parse({ ticker: input.ticker, kind: input.kind, ...shaped(deps, resolved, schema) });
}

export async function optionsVolume(
  deps: CurveDeps,
  input: BridgeParsedInput<'ticker:optionsVolume'>,
): Promise<BridgeOutput<'ticker:optionsVolume'>> {
  const output = bridgeMethods['ticker:optionsVolume'].output;
  // The API has volume per expiration only: "all expirations" (`combined`) is summed here.
  if (input.exp === 'combined') {
    const answer = await allExpirationsVolume(
      {
        marketNow: deps.marketNow,
        expirations: () =>
          resolve(deps, curveRequest({ ticker: input.ticker, kind: 'gamma_expirations' }), input.at),
        volumeOf: (date) => resolve(deps, volumeRequest({ ...input, exp: date }), input.at),
      },
      input.ticker,
    );
    return output.parse(answer);
  }
  const resolved = await resolve(deps, volumeRequest(input), input.at);
  return output.parse({ ticker: input.ticker, ...shaped(deps, resolved, output.shape.data.unwrap()) });
}

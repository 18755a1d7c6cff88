// Single-expiration curves outside trading hours: the source refuses a real-time pull (409), so the
// app serves the last stored pull of that date, or the cached curve of the bucket that is that
// date, or says the date was never pulled and when the market opens. Also option volume over all
// expirations, summed in core. Real store, fake source.
import { afterEach, describe, expect, it } from 'vitest';
import { BadRequestError, NetworkError } from '../../../../src/client/errors.ts';
import type { ApiResult } from '../../../../src/client/result.ts';
import type { Envelope, PollClient, PollResult } from '../../../../src/core/poller/poll-client.ts';
import { CurveFetcher } from '../../../../src/core/queries/curve-fetch.ts';
import type { IngestDeps } from '../../../../src/core/store/ingest.ts';
import { optionsVolume, tickerCurve } from '../../../../src/core/queries/curve-views.ts';
import { listedDates, sumVolumes } from '../../../../src/core/queries/volume-all.ts';
import { openDatabase, type Store } from '../../../../src/core/store/database.ts';
import type { AlertRuleBody } from '../../../../src/shared/alert-rules.ts';
import {
  gammaCurveResponse,
  gammaExpirationsResponse,
  optionsVolumeResponse,
} from '../../../support/client-payloads.ts';
import { at } from '../../../support/watcher-factory.ts';

const stores: Store<AlertRuleBody>[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) if (s.isOpen) s.close();
});

const OPEN = at('2025-03-10', '11:00');
/** Monday evening: the market opens next on Tuesday at 09:30 New York (13:30 UTC in March, EDT). */
const EVENING = at('2025-03-10', '20:00');
const NEXT_OPEN = new Date(at('2025-03-11', '09:30')).toISOString();
const iso = (ms: number) => new Date(ms).toISOString();

function result(body: { meta: unknown; data: unknown }, asof: number): PollResult {
  const envelope: Envelope = { meta: { ...(body.meta as object), asof: iso(asof) }, data: body.data };
  const r: ApiResult<Envelope> = {
    body: envelope,
    url: 'http://test/',
    status: 200,
    notModified: false,
    fromCache: false,
    stale: false,
    etag: null,
    fetchedAt: asof,
    bytes: 1,
    durationMs: 1,
    attempts: 1,
    warnings: [],
  };
  return r;
}

const gammaFor = (expiry: string) => {
  const body = gammaCurveResponse();
  return { ...body, data: { ...body.data, expiry } };
};
const volumeFor = (expiry: string, scale = 1) => {
  const body = optionsVolumeResponse();
  const points = body.data.points.map((p) => ({
    ...p,
    call_volume: p.call_volume * scale,
    put_volume: p.put_volume * scale,
    total: p.total * scale,
  }));
  return { ...body, data: { ...body.data, expiry, points } };
};

/**
 * A source like ours: a dated gamma curve is a real-time pull, refused with 409 outside trading
 * hours by the source's own clock (`sourceOpen`); buckets answer from its cache; volume per date.
 */
function setup(marketNow: number, options: { sourceOpen?: boolean; offline?: boolean } = {}) {
  const store = openDatabase<AlertRuleBody>(':memory:');
  stores.push(store);
  const calls: string[] = [];
  const sourceOpen = options.sourceOpen ?? marketNow === OPEN;
  const expiries = gammaExpirationsResponse().data.expiries;
  const client = {
    gammaCurve: async (_t: string, q: { exp: string }) => {
      calls.push(`gamma ${q.exp}`);
      if (options.offline) throw new NetworkError('connect ECONNREFUSED');
      if (/^\d/.test(q.exp) && !sourceOpen)
        throw new BadRequestError('HTTP 409 outside_trading_hours: omit realtime', null, { status: 409 });
      const date = /^\d/.test(q.exp) ? q.exp : (expiries[q.exp as 'nearest'] as string);
      return result(gammaFor(date), marketNow);
    },
    gammaExpirations: async () => {
      calls.push('expirations');
      return result(gammaExpirationsResponse(), marketNow);
    },
    optionsVolume: async (_t: string, q: { exp: string }) => {
      calls.push(`volume ${q.exp}`);
      if (options.offline) throw new NetworkError('connect ECONNREFUSED');
      return result(volumeFor(q.exp), marketNow);
    },
  } as unknown as PollClient;
  const ingest: IngestDeps = {
    store,
    channels: () => ({ desktop: false, inApp: true, webhooks: [], quietHours: null }),
    wallNow: () => marketNow,
    marketNow: () => marketNow,
  };
  const fetcher = new CurveFetcher({
    source: () => ({ id: 'test', client, ingest }),
    marketNow: () => marketNow,
    wallNow: () => marketNow,
  });
  return { store, calls, deps: { store, marketNow, fetcher } };
}

function storeCurve(
  store: Store<AlertRuleBody>,
  endpoint: string,
  params: Record<string, string>,
  body: { meta: unknown; data: unknown },
  asof: number,
) {
  store.snapshots.ingest([
    { endpoint, ticker: 'SPY', params, asof, fetchedAt: asof, data: body.data, meta: body.meta },
  ]);
}

const DATE = '2025-03-21'; // the first weekly in the fixture's expiries
const OTHER = '2025-05-16'; // listed, but no bucket of its own

describe('a dated gamma curve outside trading hours', () => {
  it.each<[string, 'pulled' | 'bucket' | 'both' | 'none', string, string, string | undefined]>([
    // name, what is stored, date asked, expected source, expected bucket
    ['last pull of the date', 'pulled', OTHER, 'closed_stored', undefined],
    ['cached bucket of the same date', 'bucket', DATE, 'closed_bucket', 'first_weekly'],
    ['the newer of the two wins (bucket cached at the close)', 'both', DATE, 'closed_bucket', 'first_weekly'],
    ['never pulled, no bucket of that date', 'none', OTHER, 'closed_never', undefined],
  ])('%s', async (_name, stored, date, source, bucket) => {
    const s = setup(EVENING);
    storeCurve(s.store, 'curve_gamma_expirations', {}, gammaExpirationsResponse(), at('2025-03-10', '15:55'));
    if (stored === 'pulled' || stored === 'both')
      storeCurve(s.store, 'curve_gamma', { exp: date }, gammaFor(date), at('2025-03-10', '11:00'));
    if (stored === 'bucket' || stored === 'both')
      storeCurve(s.store, 'curve_gamma', { exp: 'first_weekly' }, gammaFor(DATE), at('2025-03-10', '15:55'));
    const out = await tickerCurve(s.deps, { ticker: 'SPY', kind: 'gamma', exp: date });
    expect(out.origin?.source).toBe(source);
    expect(out.origin?.bucket).toBe(bucket);
    expect(out.origin?.nextOpen).toBe(NEXT_OPEN);
    expect(out.data !== null).toBe(source !== 'closed_never');
    // The dated pull is not sent while our clock says closed and something stored stands in; with
    // nothing stored the source is asked once, and its 409 is what makes it "never pulled".
    expect(s.calls.filter((c) => c === `gamma ${date}`)).toEqual(stored === 'none' ? [`gamma ${date}`] : []);
  });

  it('closed by our clock, nothing stored, the source down: "unreachable" with a retry, not "never pulled"', async () => {
    const s = setup(EVENING, { offline: true });
    const out = await tickerCurve(s.deps, { ticker: 'SPY', kind: 'gamma', exp: OTHER });
    expect(out.origin?.source).toBe('unreachable');
    expect(out.data).toBeNull();
  });

  it("closed by our clock but open by the source's (a data clock): the pull is served", async () => {
    const s = setup(EVENING, { sourceOpen: true });
    const out = await tickerCurve(s.deps, { ticker: 'SPY', kind: 'gamma', exp: OTHER });
    expect(out.origin?.source).toBe('fetched');
    expect(out.data?.points.length).toBeGreaterThan(0);
  });

  it('a bucket of that date not stored yet is fetched (buckets are cached by the source)', async () => {
    const s = setup(EVENING);
    storeCurve(s.store, 'curve_gamma_expirations', {}, gammaExpirationsResponse(), at('2025-03-10', '15:55'));
    const out = await tickerCurve(s.deps, { ticker: 'SPY', kind: 'gamma', exp: DATE });
    expect(out.origin?.source).toBe('closed_bucket');
    expect(s.calls).toEqual(['gamma first_weekly']);
    expect(out.data?.points.length).toBeGreaterThan(0);
  });

  it('the source says closed (409) while our clock says open: same fallbacks, never "unavailable"', async () => {
    const s = setup(OPEN, { sourceOpen: false });
    storeCurve(s.store, 'curve_gamma', { exp: OTHER }, gammaFor(OTHER), at('2025-03-07', '11:00'));
    const out = await tickerCurve(s.deps, { ticker: 'SPY', kind: 'gamma', exp: OTHER });
    expect(out.origin?.source).toBe('closed_stored');
    expect(out.snapshot?.asof).toBe(iso(at('2025-03-07', '11:00')));
    expect(s.calls).toEqual([`gamma ${OTHER}`]);
  });

  it('in trading hours the date is pulled live as before', async () => {
    const s = setup(OPEN);
    const out = await tickerCurve(s.deps, { ticker: 'SPY', kind: 'gamma', exp: OTHER });
    expect(out.origin?.source).toBe('fetched');
    expect(out.origin?.nextOpen).toBeUndefined();
  });

  it('a history time still answers from the store at that time, not from the fallbacks', async () => {
    const s = setup(EVENING);
    storeCurve(s.store, 'curve_gamma', { exp: 'first_weekly' }, gammaFor(DATE), at('2025-03-10', '15:55'));
    const out = await tickerCurve(s.deps, {
      ticker: 'SPY',
      kind: 'gamma',
      exp: DATE,
      at: iso(at('2025-03-10', '16:30')),
    });
    expect(out.origin?.source).toBe('none_at_time');
  });
});

describe('option volume over all expirations', () => {
  it('lists every dated bucket, the residual list included', () => {
    expect(listedDates(gammaExpirationsResponse().data.expiries)).toEqual([
      '2025-03-14',
      '2025-03-21',
      '2025-04-17',
      '2025-05-16',
      '2025-06-20',
    ]);
  });

  it.each([
    [
      [
        [{ strike: 100, call_volume: 5, put_volume: 2, total: 7 }],
        [{ strike: 100, call_volume: 1, put_volume: 1, total: 2 }],
      ],
      [{ strike: 100, call_volume: 6, put_volume: 3, total: 9 }],
    ],
    [
      [
        [{ strike: 105, call_volume: 1, put_volume: 0, total: 1 }],
        [{ strike: 95, call_volume: 0, put_volume: 4, total: 4 }],
      ],
      [
        { strike: 95, call_volume: 0, put_volume: 4, total: 4 },
        { strike: 105, call_volume: 1, put_volume: 0, total: 1 },
      ],
    ],
  ])('sums by strike: %j', (parts, expected) => {
    const data = parts.map((points) => ({ ...optionsVolumeResponse().data, points }));
    expect(sumVolumes(data)).toEqual(expected);
  });

  it('fetches each listed expiration and sums calls and puts by strike', async () => {
    const s = setup(OPEN);
    storeCurve(s.store, 'curve_gamma_expirations', {}, gammaExpirationsResponse(), OPEN - 60_000);
    const out = await optionsVolume(s.deps, { ticker: 'SPY', exp: 'combined' });
    expect(out.origin?.summed).toEqual({ included: 5, listed: 5 });
    expect(s.calls.filter((c) => c.startsWith('volume')).sort()).toEqual(
      listedDates(gammaExpirationsResponse().data.expiries).map((d) => `volume ${d}`),
    );
    const one = optionsVolumeResponse().data.totals;
    expect(out.data?.totals).toEqual({
      call_volume: one.call_volume * 5,
      put_volume: one.put_volume * 5,
      total: one.total * 5,
    });
    expect(out.data?.points.map((p) => p.strike)).toEqual([95, 100]);
  });

  it('says plainly when nothing could be fetched (offline)', async () => {
    const s = setup(OPEN, { offline: true });
    storeCurve(s.store, 'curve_gamma_expirations', {}, gammaExpirationsResponse(), OPEN - 60_000);
    const out = await optionsVolume(s.deps, { ticker: 'SPY', exp: 'combined' });
    expect(out.data).toBeNull();
    expect(out.origin?.source).toBe('unreachable');
    expect(out.origin?.message).toMatch(/ECONNREFUSED/);
  });

  it('a history time sums what was stored then, without fetching', async () => {
    const s = setup(EVENING);
    storeCurve(s.store, 'curve_gamma_expirations', {}, gammaExpirationsResponse(), at('2025-03-10', '10:00'));
    storeCurve(
      s.store,
      'options_volume',
      { exp: '2025-03-14' },
      volumeFor('2025-03-14', 2),
      at('2025-03-10', '10:00'),
    );
    const out = await optionsVolume(s.deps, {
      ticker: 'SPY',
      exp: 'combined',
      at: iso(at('2025-03-10', '12:00')),
    });
    expect(s.calls).toEqual([]);
    expect(out.origin?.summed).toEqual({ included: 1, listed: 5 });
    expect(out.data?.totals.call_volume).toBe(optionsVolumeResponse().data.totals.call_volume * 2);
  });
});

// Curves on demand: when the store answers, when the data source is asked, and what the answer
// says when neither can (offline, a history time with nothing stored, an unlisted expiration).
import { afterEach, describe, expect, it } from 'vitest';
import { NetworkError, NotFoundError } from '../../../../src/client/errors.ts';
import type { ApiResult } from '../../../../src/client/result.ts';
import { CurveFetcher } from '../../../../src/core/queries/curve-fetch.ts';
import type { IngestDeps } from '../../../../src/core/store/ingest.ts';
import {
  curveRequest,
  optionsVolume,
  tickerCurve,
  volumeRequest,
} from '../../../../src/core/queries/curve-views.ts';
import type { Envelope, PollClient, PollResult } from '../../../../src/core/poller/poll-client.ts';
import type { AlertRuleBody } from '../../../../src/shared/alert-rules.ts';
import type { CurveSource } from '../../../../src/shared/bridge/curve-origin.ts';
import { openDatabase, type Store } from '../../../../src/core/store/database.ts';
import { gammaCurveResponse, optionsVolumeResponse } from '../../../support/client-payloads.ts';
import { at } from '../../../support/watcher-factory.ts';

const stores: Store<AlertRuleBody>[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) if (s.isOpen) s.close();
});

const NOW = at('2025-03-10', '11:00');
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
    fetchedAt: NOW,
    bytes: 1,
    durationMs: 1,
    attempts: 1,
    warnings: [],
  };
  return r;
}

type Behaviour = 'answers' | 'offline' | 'not_found';

/** A client whose curve calls answer, fail as offline, or say 404; counts the calls. */
function fakeClient(behaviour: Behaviour, asof = NOW) {
  const calls: string[] = [];
  const answer = async (name: string, body: { meta: unknown; data: unknown }) => {
    calls.push(name);
    if (behaviour === 'offline') throw new NetworkError('connect ECONNREFUSED');
    if (behaviour === 'not_found') throw new NotFoundError('unknown_expiration', null);
    return result(body, asof);
  };
  const client = {
    gammaCurve: (_t: string, q: unknown) => answer(`gamma ${JSON.stringify(q)}`, gammaCurveResponse()),
    gammaExpirations: () => answer('expirations', gammaCurveResponse()),
    gexByStrike: (_t: string, q: unknown) => answer(`gex ${JSON.stringify(q)}`, gammaCurveResponse()),
    optionsVolume: (_t: string, q: unknown) => answer(`volume ${JSON.stringify(q)}`, optionsVolumeResponse()),
  } as unknown as PollClient;
  return { client, calls };
}

function setup(behaviour: Behaviour, options: { asof?: number; wall?: () => number } = {}) {
  const store = openDatabase<AlertRuleBody>(':memory:');
  stores.push(store);
  const { client, calls } = fakeClient(behaviour, options.asof);
  const announced: number[] = [];
  const wallNow = options.wall ?? (() => NOW);
  const ingest: IngestDeps = {
    store,
    channels: () => ({ desktop: false, inApp: true, webhooks: [], quietHours: null }),
    wallNow,
    marketNow: () => NOW,
    onSnapshots: (s) => announced.push(...s.map((x) => x.id)),
  };
  const fetcher = new CurveFetcher({
    source: () => ({ id: 'test', client, ingest }),
    marketNow: () => NOW,
    wallNow,
  });
  return { store, fetcher, calls, announced, deps: { store, marketNow: NOW, fetcher } };
}

function storeGamma(store: Store<AlertRuleBody>, params: Record<string, string>, asof: number): void {
  const body = gammaCurveResponse();
  store.snapshots.ingest([
    {
      endpoint: 'curve_gamma',
      ticker: 'SPY',
      params,
      asof,
      fetchedAt: asof,
      data: body.data,
      meta: body.meta,
    },
  ]);
}

describe('curveRequest keys', () => {
  it.each([
    [{ kind: 'gamma' as const }, 'curve_gamma', { exp: 'combined' }],
    [{ kind: 'gamma' as const, exp: '2025-03-21' }, 'curve_gamma', { exp: '2025-03-21' }],
    [
      { kind: 'gamma' as const, exp: 'nearest', view: 'naive' as const },
      'curve_gamma',
      { exp: 'nearest', view: 'naive' },
    ],
    [{ kind: 'gamma_expirations' as const }, 'curve_gamma_expirations', {}],
    [
      { kind: 'gex_by_strike' as const, exp: 'first_monthly' as const },
      'curve_gex_by_strike',
      { exp: 'first_monthly' },
    ],
  ])('%j is stored as %s %j', (input, endpoint, params) => {
    const r = curveRequest({ ticker: 'SPY', ...input } as Parameters<typeof curveRequest>[0]);
    expect(r.endpoint).toBe(endpoint);
    expect(r.params).toEqual(params);
  });

  it('option volume is keyed by expiration', () => {
    expect(volumeRequest({ ticker: 'SPY', exp: '2025-03-21' }).params).toEqual({ exp: '2025-03-21' });
  });
});

describe('CurveFetcher.resolve', () => {
  const fresh = NOW - 5 * 60_000;
  const old = at('2025-03-07', '11:00');
  it.each<[string, Behaviour, number | null, string | undefined, CurveSource, number, boolean]>([
    // name, source behaviour, stored asof (null: none), at, expected source, client calls, data
    ['fresh stored, live', 'answers', fresh, undefined, 'stored', 0, true],
    ['nothing stored, live', 'answers', null, undefined, 'fetched', 1, true],
    ['stale stored, live', 'answers', old, undefined, 'fetched', 1, true],
    ['nothing stored, offline', 'offline', null, undefined, 'unreachable', 1, false],
    ['stale stored, offline', 'offline', old, undefined, 'stored_fallback', 1, true],
    ['unlisted expiration', 'not_found', null, undefined, 'unavailable', 1, false],
    ['history time, stored before it', 'answers', old, iso(at('2025-03-07', '12:00')), 'stored', 0, true],
    [
      'history time, nothing before it',
      'answers',
      fresh,
      iso(at('2025-03-07', '12:00')),
      'none_at_time',
      0,
      false,
    ],
  ])('%s', async (_name, behaviour, storedAsof, when, source, calls, hasData) => {
    const s = setup(behaviour);
    if (storedAsof !== null) storeGamma(s.store, { exp: '2025-03-21' }, storedAsof);
    const input = { ticker: 'SPY', kind: 'gamma' as const, exp: '2025-03-21', ...(when ? { at: when } : {}) };
    const out = await tickerCurve(s.deps, input);
    expect(out.origin?.source).toBe(source);
    expect(s.calls).toHaveLength(calls);
    expect(out.data !== null).toBe(hasData);
    expect(out.snapshot !== null).toBe(hasData);
    if (source === 'unreachable' || source === 'stored_fallback')
      expect(out.origin?.message).toMatch(/ECONNREFUSED/);
  });

  it('stores what it fetched, announces it, and answers the next ask from the store', async () => {
    const s = setup('answers');
    const input = { ticker: 'SPY', kind: 'gamma' as const, exp: 'nearest' as const, view: 'naive' as const };
    const first = await tickerCurve(s.deps, input);
    expect(first.origin?.source).toBe('fetched');
    expect(s.calls).toEqual(['gamma {"exp":"nearest","view":"naive"}']);
    expect(s.announced).toEqual([first.snapshot?.id]);
    const second = await tickerCurve(s.deps, input);
    expect(second.origin?.source).toBe('stored');
    expect(second.snapshot?.id).toBe(first.snapshot?.id);
    expect(s.calls).toHaveLength(1);
    // The signed view of the same bucket is another series: not answered by the naive one.
    await tickerCurve(s.deps, { ticker: 'SPY', kind: 'gamma', exp: 'nearest' });
    expect(s.calls).toHaveLength(2);
  });

  it('shares one request among concurrent asks for the same curve', async () => {
    const s = setup('answers');
    const input = { ticker: 'SPY', kind: 'gamma' as const, exp: '2025-03-28' };
    const answers = await Promise.all([tickerCurve(s.deps, input), tickerCurve(s.deps, input)]);
    expect(s.calls).toHaveLength(1);
    expect(answers.map((a) => a.origin?.source)).toEqual(['fetched', 'fetched']);
  });

  it.each([
    [1_000, 1],
    [60_000, 2],
  ])('a stale curve fetched %i ms ago is asked for again: %i calls in all', async (later, calls) => {
    // The source keeps answering an old asof (market closed, say): the store stays stale.
    let wall = NOW;
    const s = setup('answers', { asof: at('2025-03-07', '11:00'), wall: () => wall });
    const input = { ticker: 'SPY', kind: 'gamma' as const, exp: '2025-03-28' };
    await tickerCurve(s.deps, input);
    wall += later;
    await tickerCurve(s.deps, input);
    expect(s.calls).toHaveLength(calls);
  });

  it.each<[Behaviour, string | undefined, CurveSource]>([
    ['answers', undefined, 'fetched'],
    ['offline', undefined, 'unreachable'],
    ['answers', iso(NOW), 'none_at_time'],
  ])('option volume (%s, at %s): %s', async (behaviour, when, source) => {
    const s = setup(behaviour);
    const out = await optionsVolume(s.deps, {
      ticker: 'SPY',
      exp: '2025-03-21',
      ...(when ? { at: when } : {}),
    });
    expect(out.origin?.source).toBe(source);
  });

  it('option volume asks for the IV columns but keeps its stored key, so IV-less snapshots still read', async () => {
    const s = setup('answers');
    const before = optionsVolumeResponse();
    s.store.snapshots.ingest([
      {
        endpoint: 'options_volume',
        ticker: 'SPY',
        params: { exp: '2025-03-21' },
        asof: NOW,
        fetchedAt: NOW,
        data: before.data,
        meta: before.meta,
      },
    ]);
    const stored = await optionsVolume(
      { store: s.store, marketNow: NOW },
      { ticker: 'SPY', exp: '2025-03-21' },
    );
    expect(stored.origin?.source).toBe('stored');
    expect(stored.data?.points.length).toBeGreaterThan(0);
    expect(stored.data?.points[0]?.call_iv).toBeUndefined();
    const fresh = setup('answers');
    await optionsVolume(fresh.deps, { ticker: 'SPY', exp: '2025-03-21' });
    expect(fresh.calls).toEqual(['volume {"exp":"2025-03-21","include":"iv"}']);
  });

  it('volume for "combined" (all expirations) never sends "combined" to the source', async () => {
    // The API has volume per expiration only; the sum is made in core (realtime-curve.test.ts).
    const s = setup('answers');
    await optionsVolume(s.deps, { ticker: 'SPY', exp: 'combined' });
    expect(s.calls.filter((c) => c.includes('combined'))).toEqual([]);
  });
});

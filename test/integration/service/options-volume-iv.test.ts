// /tickers/{ticker}/options/volume?include=iv over real HTTP: the IV columns are the chain's own
// contracts' IVs, the volumes are those served without `include`, and a request without `include`
// keeps exactly the body and ETag it had before the parameter existed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optionsVolumeResponseSchema, SCHEMA_IDS } from '../../../src/shared/api/index.ts';
import { weakEtag } from '../../../src/service/rankings/etag.ts';
import { call, listenService, OPEN_INSTANT, type Running } from '../../support/service-factory.ts';
import { expectError, valid } from './schema-assert.ts';

let svc: Running;
const get = (path: string): ReturnType<typeof call> => call(svc.baseUrl, path);

beforeAll(async () => {
  svc = await listenService({ limits: { optionsVolume: { burst: 100, perSecond: 100 }, demo: null } });
});
afterAll(() => svc.close());

function latestAsof(ticker: string): number {
  return svc.app.gammawatch.source.latestSnapshotTime(ticker, OPEN_INSTANT) as number;
}

/** The body without the `include=iv` additions, serialised as the service does. */
function withoutIvs(text: string): string {
  const body = JSON.parse(text) as { data: Record<string, unknown> & { points: Record<string, unknown>[] } };
  const { atm_iv: _atm, points, ...rest } = body.data;
  const data = { ...rest, points: points.map(({ call_iv: _c, put_iv: _p, ...p }) => p) };
  // Key order: `points` sits where it was (before `totals`), `atm_iv` was appended last.
  const ordered = Object.fromEntries(
    Object.keys(body.data)
      .filter((k) => k !== 'atm_iv')
      .map((k) => [k, data[k as keyof typeof data]]),
  );
  return JSON.stringify({ ...body, data: ordered });
}

describe.each(['SPY', 'VIX'])('%s options volume with include=iv', (ticker) => {
  it('serves the same volumes plus the chain’s IVs, and a different ETag only when IV is asked', async () => {
    const plain = await get(`/tickers/${ticker}/options/volume?exp=nearest`);
    const again = await get(`/tickers/${ticker}/options/volume?exp=nearest`);
    const withIv = await get(`/tickers/${ticker}/options/volume?exp=nearest&include=iv`);
    expect(plain.status).toBe(200);
    expect(withIv.status).toBe(200);

    // Without include: byte for byte the body of a second request, the ETag keyed on `exp` alone
    // (what it was before `include` existed), and the IV-less body of the include=iv answer.
    expect(again.text).toBe(plain.text);
    const asof = latestAsof(ticker);
    const before = weakEtag({
      schema: SCHEMA_IDS.optionsVolume,
      ticker,
      asof,
      params: { exp: 'nearest' },
    });
    expect(plain.headers.get('etag')).toBe(before);
    expect(again.headers.get('etag')).toBe(before);
    expect(withIv.headers.get('etag')).not.toBe(before);
    expect(withoutIvs(withIv.text)).toBe(plain.text);
    expect(plain.text).not.toContain('_iv');

    const body = valid(optionsVolumeResponseSchema, withIv.json).data;
    const chain = svc.app.gammawatch.source.chain(ticker, asof);
    if (chain === null) throw new Error(`no ${ticker} chain`);
    const e = chain.expirations.findIndex((x) => x.date === body.expiry);
    expect(e).toBeGreaterThanOrEqual(0);
    let compared = 0;
    for (let i = 0; i < chain.size; i++) {
      if (chain.expiryIndex[i] !== e) continue;
      const point = body.points.find((p) => p.strike === chain.strike[i]);
      const iv = chain.iv[i] as number;
      const served = chain.isCall[i] === 1 ? point?.call_iv : point?.put_iv;
      expect(served).toBe(iv > 0 && Number.isFinite(iv) ? iv : null);
      compared++;
    }
    expect(compared).toBeGreaterThan(10);
    expect(body.atm_iv).toBeGreaterThan(0);
    const ivs = body.points
      .flatMap((p) => [p.call_iv, p.put_iv])
      .filter((v): v is number => typeof v === 'number');
    expect(body.atm_iv).toBeGreaterThanOrEqual(Math.min(...ivs));
    expect(body.atm_iv).toBeLessThanOrEqual(Math.max(...ivs));

    // A conditional request with the include=iv ETag is a 304 for that view only.
    const etag = withIv.headers.get('etag') as string;
    const cached = await call(svc.baseUrl, `/tickers/${ticker}/options/volume?exp=nearest&include=iv`, {
      headers: { 'if-none-match': etag },
    });
    expect(cached.status).toBe(304);
    const other = await call(svc.baseUrl, `/tickers/${ticker}/options/volume?exp=nearest`, {
      headers: { 'if-none-match': etag },
    });
    expect(other.status).toBe(200);
  });
});

describe('include values', () => {
  it.each(['greeks', 'iv,oi'])('include=%s is a 400 listing the allowed values', async (value) => {
    const error = expectError(
      await get(`/tickers/SPY/options/volume?exp=nearest&include=${value}`),
      400,
      'bad_request',
    );
    expect(error).toMatchObject({ param: 'include', allowed: ['iv'] });
  });

  it('IV is per expiration: all expirations (combined) is refused with the reason', async () => {
    const reply = await get('/tickers/SPY/options/volume?exp=combined&include=iv');
    const error = expectError(reply, 400, 'bad_request');
    expect(error).toMatchObject({ param: 'exp' });
    expect(error.allowed).not.toContain('combined');
  });
});

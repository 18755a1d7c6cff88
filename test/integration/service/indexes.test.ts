// Index options over real HTTP: SPX, NDX, RUT and VIX answer ticker state, market structure, levels
// and curves, every reply valid against the contract; ^SPX is SPX; VIX's GEX and flip are priced
// off each expiration's forward (its options settle on VIX futures), so they differ from the
// spot-priced figures, and the flip read on the forward's axis is where the strikes put it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractGammas, exposureByStrike, gexTotals } from '../../../src/service/engine/exposure.ts';
import { resolveSelection } from '../../../src/service/engine/expirations.ts';
import { findGammaFlip } from '../../../src/service/engine/flip.ts';
import { DEFAULT_PRICING } from '../../../src/service/engine/types.ts';
import { vixFuture } from '../../../src/service/market/sim/volatility-index.ts';
import { MS_PER_YEAR } from '../../../src/service/engine/chain.ts';
import {
  gammaExpirationsResponseSchema,
  gexByStrikeResponseSchema,
  levelsResponseSchema,
  marketStructureResponseSchema,
  tickerStateResponseSchema,
} from '../../../src/shared/api/index.ts';
import { call, listenService, OPEN_INSTANT, type Running } from '../../support/service-factory.ts';
import { valid } from './schema-assert.ts';

let svc: Running;
let get: (path: string) => ReturnType<typeof call>;

beforeAll(async () => {
  svc = await listenService();
  get = (path) => call(svc.baseUrl, path);
});
afterAll(() => svc.close());

/** The chain the service analysed for a ticker's latest snapshot. */
function chainOf(ticker: string) {
  const source = svc.app.gammawatch.source;
  const time = source.latestSnapshotTime(ticker, OPEN_INSTANT);
  const chain = time === null ? null : source.chain(ticker, time);
  if (chain === null) throw new Error(`no ${ticker} chain`);
  return chain;
}

describe.each(['SPX', 'NDX', 'RUT', 'VIX'])('%s', (ticker) => {
  it('answers ticker state, market structure, levels and curves, valid against the contract', async () => {
    const [state, structure, levels, tv, gex, gamma] = await Promise.all([
      get(`/tickers/${ticker}`),
      get(`/tickers/${ticker}/market-structure`),
      get(`/tickers/${ticker}/levels`),
      get(`/tickers/${ticker}/levels?format=tos`),
      get(`/tickers/${ticker}/curves/gex_by_strike`),
      get(`/tickers/${ticker}/curves/gamma/expirations`),
    ]);
    for (const r of [state, structure, levels, tv, gex, gamma]) expect(r.status, r.text).toBe(200);
    const s = valid(tickerStateResponseSchema, state.json).data;
    valid(marketStructureResponseSchema, structure.json);
    const l = valid(levelsResponseSchema, levels.json).data;
    const g = valid(gexByStrikeResponseSchema, gex.json).data;
    valid(gammaExpirationsResponseSchema, gamma.json);
    expect(s.price).toBe(chainOf(ticker).spot);
    expect(l.levels.map((x) => x.kind)).toContain('spot');
    expect(tv.text).toContain('Levels in index points');
    expect(tv.text).not.toMatch(/= \$/);
    // The curves and the state tell one story.
    expect(g.totals.gex_value_per_1pct).toBeCloseTo(s.gex_usd_per_1_pct_move as number, 0);
    expect(g.totals.gex_flip_price).toBe(s.gamma_flip_price ?? null);
    expect(g.priced_off).toBe(ticker === 'VIX' ? 'forward' : 'spot');
    // The levels carry the front expirations' forwards, which sit above spot for VIX in contango
    // and where carry puts them for the rest (the simulator's rate is 0: at spot, to a few cents).
    expect(l.priced_off).toBe(g.priced_off);
    expect(l.forwards?.map((f) => f.expiry)).toEqual(g.forwards?.slice(0, 4).map((f) => f.expiry));
    if (ticker !== 'VIX') {
      for (const f of l.forwards ?? [])
        expect(Math.abs((f.forward as number) / s.price! - 1)).toBeLessThan(0.001);
    }
  });
});

describe('index spellings', () => {
  it.each(['%5ESPX', '^SPX'])('%s is SPX', async (spelled) => {
    const [a, b] = await Promise.all([get(`/tickers/${spelled}`), get('/tickers/SPX')]);
    expect(a.status, a.text).toBe(200);
    expect(a.text).toBe(b.text);
  });
});

describe('SPX walks SPY at ten times its level', () => {
  it('prices SPX at 10 × SPY and lists 5-point strikes', async () => {
    const [spx, spy] = await Promise.all([get('/tickers/SPX'), get('/tickers/SPY')]);
    const a = valid(tickerStateResponseSchema, spx.json).data.price as number;
    const b = valid(tickerStateResponseSchema, spy.json).data.price as number;
    expect(Math.abs(a / b - 10)).toBeLessThan(0.01);
    const g = valid(
      gexByStrikeResponseSchema,
      (await get('/tickers/SPX/curves/gex_by_strike?exp=nearest')).json,
    );
    const near = g.data.points.filter((p) => Math.abs(p.strike / a - 1) < 0.01);
    expect(near.length).toBeGreaterThan(4);
    for (const p of near) expect(p.strike % 5).toBe(0);
  });
});

describe('VIX: exposure and flip against each expiration’s forward', () => {
  it('lists each expiration’s forward where the simulated future is, not at spot', async () => {
    const chain = chainOf('VIX');
    const g = valid(gexByStrikeResponseSchema, (await get('/tickers/VIX/curves/gex_by_strike')).json).data;
    const forwards = g.forwards as { expiry: string; forward: number }[];
    expect(forwards).toHaveLength(chain.expirations.length);
    forwards.forEach((f, j) => {
      const years = ((chain.expirations[j]?.expiresAt as number) - chain.asof) / MS_PER_YEAR;
      expect(Math.abs(f.forward - vixFuture(chain.spot, years))).toBeLessThan(0.06);
    });
    expect(Math.abs((forwards[0]?.forward as number) - chain.spot)).toBeGreaterThan(0.3);
  });

  it('GEX differs from the spot-priced figure', async () => {
    const chain = chainOf('VIX');
    const s = valid(tickerStateResponseSchema, (await get('/tickers/VIX')).json).data;
    const all = resolveSelection(chain, 'combined').mask;
    const spotPriced = gexTotals(
      exposureByStrike(chain, contractGammas(chain, DEFAULT_PRICING), all),
      chain.spot,
    ).net;
    const served = s.gex_usd_per_1_pct_move as number;
    expect(Math.abs(served / spotPriced - 1)).toBeGreaterThan(0.02);
  });

  it.each(['nearest'])(
    'the %s flip, read on its forward’s axis, is the strikes’ flip; in index points it is another level',
    async (bucket) => {
      const chain = chainOf('VIX');
      const g = valid(
        gexByStrikeResponseSchema,
        (await get(`/tickers/VIX/curves/gex_by_strike?exp=${bucket}`)).json,
      ).data;
      const flip = g.totals.gex_flip_price;
      const forward = (g.forwards as { forward: number }[])[0]?.forward as number;
      expect(flip, g.totals.gex_flip_reason as string).not.toBeNull();
      const strikeFlip = findGammaFlip(chain, {
        mask: resolveSelection(chain, bucket as 'nearest').mask,
      }).price;
      expect(strikeFlip).not.toBeNull();
      // One expiration: the forward moves with spot, so flip × F / S is where spot-priced strikes put it.
      expect(((flip as number) * forward) / chain.spot).toBeCloseTo(strikeFlip as number, 1);
      expect(Math.abs((flip as number) - (strikeFlip as number))).toBeGreaterThan(0.3);
    },
  );

  it('reads its skew and sentiment as a fear gauge’s', async () => {
    const ms = valid(marketStructureResponseSchema, (await get('/tickers/VIX/market-structure')).json).data;
    expect(ms.drivers.skew_tone?.label).toMatch(/VIX calls/);
    expect(ms.drivers.skew_tone?.label).not.toMatch(/as rich as puts/);
    expect(ms.drivers.sentiment).not.toBe('bullish');
  });
});

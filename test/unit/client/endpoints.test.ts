// The client's endpoints come from the shared endpoint list: each method requests the list's path
// under the endpoint's name (its concurrency limit) and validates with the list's response schema.
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/client/api-client.ts';
import { JSON_ENDPOINTS } from '../../../src/client/endpoints.ts';
import { API_ENDPOINTS, ENDPOINT_NAMES, type EndpointName } from '../../../src/shared/api/index.ts';
import * as p from '../../support/client-payloads.ts';

const BASE = 'http://127.0.0.1:1/api/v2';
const PATH_VALUES: Record<string, string> = { ticker: 'SPY', name: 'momentum_breakout' };

type Call = (c: ApiClient) => Promise<unknown>;
const CASES: Array<[EndpointName, Call, () => unknown]> = [
  ['tickerState', (c) => c.tickerState('SPY'), p.tickerStateResponse],
  ['marketStructure', (c) => c.marketStructure('SPY'), p.marketStructureResponse],
  ['explain', (c) => c.explain('SPY'), p.explainResponse],
  ['signals', (c) => c.signals('SPY'), p.signalsResponse],
  ['series', (c) => c.series('SPY'), p.seriesResponse],
  ['gammaCurve', (c) => c.gammaCurve('SPY'), p.gammaCurveResponse],
  ['gammaExpirations', (c) => c.gammaExpirations('SPY'), p.gammaExpirationsResponse],
  ['gexByStrike', (c) => c.gexByStrike('SPY'), p.gexByStrikeResponse],
  ['levels', (c) => c.levels('SPY'), p.levelsResponse],
  ['optionsVolume', (c) => c.optionsVolume('SPY', { exp: 'nearest' }), p.optionsVolumeResponse],
  ['tradeSetup', (c) => c.tradeSetup('SPY'), p.tradeSetupResponse],
  ['topSetups', (c) => c.topSetups(), p.topSetupsResponse],
  ['screener', (c) => c.screener('momentum_breakout'), p.screenerResponse],
  ['incomeSetups', (c) => c.incomeSetups(), p.incomeResponse],
  ['access', (c) => c.access(), p.accessResponse],
  ['llmSpec', (c) => c.llmSpec(), p.llmSpecResponse],
];

/** The list's path template with its `{name}` parameters filled in. */
function listedPath(name: EndpointName): string {
  return API_ENDPOINTS[name].path.replace(/\{(\w+)\}/g, (_, key: string) => PATH_VALUES[key] ?? `?${key}`);
}

describe('client endpoints and the shared endpoint list', () => {
  it('has a case for every listed endpoint', () => {
    expect(CASES.map(([name]) => name)).toEqual(ENDPOINT_NAMES);
  });

  it.each(ENDPOINT_NAMES)('%s: validates with the list’s response schema', (name) => {
    expect(JSON_ENDPOINTS[name].schema).toBe(API_ENDPOINTS[name].response);
  });

  it.each(CASES)('%s: requests the listed path under its own name', async (name, call, payload) => {
    const urls: string[] = [];
    let limiterActive = -1;
    const client: ApiClient = new ApiClient({
      baseUrl: BASE,
      apiKey: 'k',
      cache: false,
      fetch: (input) => {
        urls.push(input);
        // The request holds a slot of its endpoint's limiter while it is in flight.
        limiterActive = client.limiter(name).active;
        return Promise.resolve(
          new Response(JSON.stringify(payload()), { headers: { 'content-type': 'application/json' } }),
        );
      },
    });
    await call(client);
    expect(urls).toHaveLength(1);
    expect(new URL(urls[0] ?? '').pathname).toBe(`/api/v2${listedPath(name)}`);
    expect(API_ENDPOINTS[name].method).toBe('GET');
    expect(limiterActive).toBe(1);
  });

  it('levelsText requests the listed levels path, with the format as a query', async () => {
    const urls: string[] = [];
    const client = new ApiClient({
      baseUrl: BASE,
      apiKey: 'k',
      cache: false,
      fetch: (input) => {
        urls.push(input);
        return Promise.resolve(new Response('// pine', { headers: { 'content-type': 'text/plain' } }));
      },
    });
    await client.levelsText('spy', 'tradingview');
    const url = new URL(urls[0] ?? '');
    expect(url.pathname).toBe(`/api/v2${listedPath('levels')}`);
    expect(url.searchParams.get('format')).toBe('tradingview');
  });
});

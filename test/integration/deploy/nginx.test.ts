// The scale-out deployment of deploy/: nginx (rendered from deploy/nginx.conf.template) in front of
// two replicas of `gammawatch service` with one seed. Through nginx every endpoint of the contract's
// table answers as the service's conformance tests expect (schema, meta.schema, invariants, errors,
// 304s), byte for byte what a replica answers directly; the replicas give identical bodies and
// ETags; and a replica stopped with SIGTERM under load costs the clients no request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_ENDPOINTS } from '../../../src/client/endpoints.ts';
import {
  API_ENDPOINTS,
  SCHEMA_IDS,
  type ApiEndpoint,
  type Violation,
} from '../../../src/shared/api/index.ts';
import { expectError, valid } from '../service/schema-assert.ts';
import { spawnService, stopService, type ServiceChild } from '../../support/service-child.ts';
import { call } from '../../support/service-factory.ts';
import { findNginx, killUnderLoad, startNginx, type RunningNginx } from './nginx-harness.ts';

const nginxBinary = findNginx();
if (nginxBinary === null) {
  console.warn(
    'deploy: nginx is not installed, so the nginx deployment test is skipped. ' +
      'Install it (Debian: apt-get install nginx-light; `npm test` does so as root) to run it.',
  );
}

type EndpointName = keyof typeof API_ENDPOINTS;

/**
 * One concrete request per endpoint of the contract's table; its body is checked against the
 * endpoint's schema and the invariants the client checks on every response (JSON_ENDPOINTS). A
 * `Record` over the table's names: a new endpoint fails to compile here until it is given a request.
 */
const PATHS: Record<EndpointName, string> = {
  tickerState: '/tickers/SPY?trade_recommendation=true&include=call_diag',
  marketStructure: '/tickers/NVDA/market-structure?include=state,call_diag',
  explain: '/tickers/AAPL/explain?view=detailed',
  signals: '/tickers/TSLA/signals',
  series: '/tickers/XLP/series?window=30d&metrics=price,opportunity_score',
  gammaCurve: '/tickers/SPY/curves/gamma',
  gammaExpirations: '/tickers/QQQ/curves/gamma/expirations',
  gexByStrike: '/tickers/QQQ/curves/gex_by_strike',
  levels: '/tickers/MSFT/levels',
  optionsVolume: '/tickers/IWM/options/volume?exp=nearest',
  tradeSetup: '/agent/trade-setup/AMD',
  topSetups: '/top-setups?limit=50',
  screener: '/top-setups/screener/range_premium_seller?min_score=0',
  incomeSetups: '/income-setups?limit=20',
  access: '/access',
  llmSpec: '/llm-spec',
};

let replicas: ServiceChild[] = [];
let proxy: RunningNginx | undefined;

describe.skipIf(nginxBinary === null)('two replicas behind nginx (deploy/nginx.conf.template)', () => {
  beforeAll(async () => {
    replicas = await Promise.all([spawnService(), spawnService()]);
    proxy = await startNginx(
      nginxBinary as string,
      replicas.map((r) => r.port),
    );
  }, 60_000);
  afterAll(async () => {
    await proxy?.stop();
    await Promise.all(replicas.map((r) => stopService(r, 2000)));
  });
  const viaNginx = (path: string, opts?: Parameters<typeof call>[2]) =>
    call((proxy as RunningNginx).baseUrl, path, opts);

  describe('conformance through nginx', () => {
    it.each(Object.entries(PATHS) as [EndpointName, string][])(
      '%s answers per the contract, and as a replica does directly',
      async (name, path) => {
        const endpoint: ApiEndpoint = API_ENDPOINTS[name];
        const [through, direct] = await Promise.all([
          viaNginx(path),
          call((replicas[0] as ServiceChild).baseUrl, path),
        ]);
        expect(through.status, through.text).toBe(200);
        const body = valid(endpoint.response, through.json) as { meta: { schema: string }; data: never };
        expect(body.meta.schema).toBe(SCHEMA_IDS[endpoint.schema]);
        const check = JSON_ENDPOINTS[name].check as ((whole: unknown) => Violation[]) | undefined;
        if (check) expect(check(body)).toEqual([]);
        expect(through.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
        // nginx passes the body and its validators through untouched.
        expect(through.text).toBe(direct.text);
        expect(through.headers.get('etag')).toBe(direct.headers.get('etag'));
        expect(through.headers.get('cache-control')).toBe(direct.headers.get('cache-control'));
      },
    );

    it.each([
      ['no key', '/tickers/SPY', 'none', 401, 'unauthorized'],
      ['a wrong key', '/tickers/SPY', { bearer: 'not-the-key-000' }, 401, 'unauthorized'],
      ['an unknown route', '/nowhere', 'key', 404, 'not_found'],
      ['a bad parameter', '/tickers/SPY/explain?view=everything', 'key', 400, 'bad_request'],
      ['a ticker without data', '/tickers/ZZZZ/signals', 'key', 404, 'unknown_ticker'],
    ] as const)(
      '%s: the service error, with its request id, through nginx',
      async (_, path, auth, status, code) => {
        expectError(await viaNginx(path, { auth }), status, code);
      },
    );

    it.each(['/top-setups?limit=50', '/tickers/SPY/signals', '/income-setups?limit=20'])(
      '%s: If-None-Match reaches a replica as sent, and the 304 comes back',
      async (path) => {
        const first = await viaNginx(path);
        const etag = first.headers.get('etag');
        expect(etag).toMatch(/^W\/"/);
        // Both replicas answer (round robin): each must honour the other's validator.
        for (let i = 0; i < 4; i++) {
          const again = await viaNginx(path, { headers: { 'if-none-match': etag as string } });
          expect(again.status).toBe(304);
          expect(again.text).toBe('');
          expect(again.headers.get('etag')).toBe(etag);
        }
      },
    );
  });

  describe('replicas with one seed', () => {
    it.each(Object.values(PATHS))('%s: the same bytes and ETag from both replicas', async (path) => {
      const [a, b] = await Promise.all(replicas.map((r) => call(r.baseUrl, path)));
      expect(a?.status).toBe(200);
      expect(a?.text).toBe(b?.text);
      expect(a?.headers.get('etag')).toBe(b?.headers.get('etag'));
    });
  });

  describe('a replica stopped under load', () => {
    it('SIGTERM to one replica: no failed request at the client, the replica exits 0', async () => {
      const victim = replicas[0] as ServiceChild;
      const run = await killUnderLoad((proxy as RunningNginx).baseUrl, victim, {
        concurrency: 16,
        warmup: 300,
        after: 300,
      });
      expect(run.failures).toEqual([]);
      expect(run.sent).toBeGreaterThanOrEqual(600);
      expect(run.exitCode).toBe(0);
      expect(victim.output()).toMatch(/service stopped \(drained in \d+ ms\)/);
      // The replica left serves on.
      expect((await viaNginx('/tickers/SPY')).status).toBe(200);
    }, 60_000);
  });
});

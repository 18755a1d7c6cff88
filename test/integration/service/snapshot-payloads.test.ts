// The payloads made for a past snapshot without HTTP (analyzeSnapshotPayloads) are the ones the
// service serves the poller at that instant. The service runs on the simulator under a frozen clock,
// so "latest" is the snapshot analysed; the poller's own requests (jobs.ts `requestsFor`, through
// the real API client) are sent, and each payload must equal the `data` of the body served, byte for
// byte once parsed. A builder called with other parameters, or a view list that parts from the
// poller's, fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/client/api-client.ts';
import { requestsFor, type PollRequest } from '../../../src/core/poller/jobs.ts';
import { analyzeSnapshotPayloads } from '../../../src/service/index.ts';
import { POLL_JOBS } from '../../../src/shared/bridge/settings.ts';
import { isoUtc } from '../../../src/shared/market-calendar.ts';
import { STORED_VIEWS } from '../../../src/shared/stored-views.ts';
import {
  CLOSED_INSTANT,
  listenService,
  OPEN_INSTANT,
  TEST_KEY,
  type Running,
} from '../../support/service-factory.ts';

/** Per-ticker series that are no view of one snapshot (see snapshot-payloads.ts). */
const NOT_SNAPSHOT_VIEWS = new Set(['series']);

/** Every request the poller makes for one ticker, across all its jobs. */
function pollerRequests(ticker: string): PollRequest[] {
  const scope = { tickers: [ticker], screeners: [], seriesWindow: '1y' };
  return POLL_JOBS.flatMap((job) => requestsFor(job, scope)).filter((r) => r.ticker === ticker);
}

const viewKey = (v: { endpoint: string; params: Readonly<Record<string, string>> }): string =>
  `${v.endpoint}?${new URLSearchParams(Object.entries(v.params).sort()).toString()}`;

describe('STORED_VIEWS', () => {
  it("lists exactly the poller's per-ticker snapshot views, under its params keys", () => {
    const polled = pollerRequests('SPY').filter((r) => !NOT_SNAPSHOT_VIEWS.has(r.endpoint));
    expect(STORED_VIEWS.map(viewKey).sort()).toEqual(polled.map(viewKey).sort());
    for (const view of STORED_VIEWS) {
      for (const value of Object.values(view.params)) expect(typeof value).toBe('string');
    }
  });
});

describe.each([
  ['in trading hours', OPEN_INSTANT],
  ['on a closed day', CLOSED_INSTANT],
])('analyzeSnapshotPayloads %s', (_label, at) => {
  let svc: Running;
  let client: ApiClient;
  /** The raw body of each URL the client fetched. */
  const served = new Map<string, string>();

  beforeAll(async () => {
    svc = await listenService({ at });
    client = new ApiClient({
      baseUrl: svc.baseUrl,
      apiKey: TEST_KEY,
      cache: false,
      timeoutMs: 10_000,
      // A healthy local service answers first time: a retry's wait would be a bug, not a pause.
      sleep: () => Promise.reject(new Error('unexpected retry')),
      fetch: async (url, init) => {
        const response = await globalThis.fetch(url, init);
        served.set(url, await response.clone().text());
        return response;
      },
    });
  });
  afterAll(() => svc.close());

  it.each(['SPY', 'AAPL', 'TSLA'])(
    '%s: every view equals the data the service serves for the poller',
    async (ticker) => {
      const source = svc.app.gammawatch.source;
      const latest = source.latestSnapshotTime(ticker, at);
      expect(latest).not.toBeNull();
      const payloads = analyzeSnapshotPayloads(source, ticker, latest as number);
      expect(payloads).not.toBeNull();
      if (payloads === null) return;

      const byKey = new Map(pollerRequests(ticker).map((r) => [viewKey(r), r]));
      for (const view of STORED_VIEWS) {
        const request = byKey.get(viewKey(view));
        expect(request, viewKey(view)).toBeDefined();
        if (request === undefined) continue;
        const result = await request.call(client, {});
        expect(result.status, viewKey(view)).toBe(200);
        const body = JSON.parse(served.get(result.url) ?? 'null') as {
          meta: { asof: string };
          data: unknown;
        };
        expect(body.meta.asof).toBe(isoUtc(payloads.asof));

        const payload = payloads.payload(view.endpoint);
        expect(payload, viewKey(view)).not.toBeNull();
        // Stored payloads go through JSON, as the served body did.
        expect(JSON.parse(JSON.stringify(payload)), viewKey(view)).toStrictEqual(body.data);
      }
    },
  );

  it('builds nothing for the endpoints that are no per-ticker snapshot view', () => {
    const source = svc.app.gammawatch.source;
    const payloads = analyzeSnapshotPayloads(source, 'SPY', source.latestSnapshotTime('SPY', at) as number);
    for (const endpoint of ['series', 'top_setups', 'screener', 'income_setups'] as const) {
      expect(payloads?.payload(endpoint)).toBeNull();
    }
  });
});

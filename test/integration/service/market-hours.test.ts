// Real-time curve pulls need trading hours; cached curves and everything else do not. Also the
// snapshot recency rules: a known ticker with no snapshot yet, and the 36-hour ranking window.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gammaCurveResponseSchema, topSetupsResponseSchema } from '../../../src/shared/api/index.ts';
import { nyToEpoch } from '../../../src/shared/market-calendar.ts';
import {
  CLOSED_INSTANT,
  NEXT_OPEN_AFTER_CLOSED,
  call,
  listenService,
  type Running,
} from '../../support/service-factory.ts';
import { expectError, valid } from './schema-assert.ts';

describe('outside trading hours', () => {
  let svc: Running;
  beforeAll(async () => {
    svc = await listenService({ at: CLOSED_INSTANT });
  });
  afterAll(() => svc.close());

  // The spec: a real-time pull (a date, or realtime=true on any bucket) requires trading hours.
  it.each([
    '/tickers/SPY/curves/gamma?exp=2025-03-21',
    '/tickers/SPY/curves/gamma?exp=2025-03-21&realtime=true',
    '/tickers/SPY/curves/gamma?realtime=true',
    '/tickers/SPY/curves/gamma?realtime=true&exp=combined',
    '/tickers/SPY/curves/gamma?realtime=true&exp=nearest',
    '/tickers/SPY/curves/gamma?realtime=true&exp=first_weekly',
    '/tickers/SPY/curves/gamma?realtime=true&exp=first_monthly',
  ])('%s → 409 outside_trading_hours with the next open', async (path) => {
    const error = expectError(await call(svc.baseUrl, path), 409, 'outside_trading_hours');
    const nextOpen = new Date(NEXT_OPEN_AFTER_CLOSED).toISOString();
    expect(error.next_open).toBe(nextOpen);
    expect(String(error.message)).toContain(nextOpen);
  });

  it('serves the cached curve from the last close', async () => {
    const r = await call(svc.baseUrl, '/tickers/SPY/curves/gamma?exp=nearest&realtime=false');
    const body = valid(gammaCurveResponseSchema, r.json);
    expect(body.meta.asof).toBe(new Date(nyToEpoch('2025-03-14', 16 * 60)).toISOString());
    expect(body.data).toMatchObject({ realtime: false });
  });
});

describe('snapshot recency', () => {
  it('a listed ticker before its first snapshot is 404 no_snapshot on trade-setup', async () => {
    const svc = await listenService({ at: nyToEpoch('2023-06-01', 12 * 60) });
    try {
      expectError(await call(svc.baseUrl, '/agent/trade-setup/SPY'), 404, 'no_snapshot');
      const top = valid(topSetupsResponseSchema, (await call(svc.baseUrl, '/top-setups')).json);
      expect(top.data.items).toEqual([]);
      expect(top.meta.asof).toBeNull();
    } finally {
      await svc.close();
    }
  });

  it('rankings leave out snapshots older than 36 hours', async () => {
    // Monday 09:00, before the open: Friday's close is 65 hours old.
    const svc = await listenService({ at: nyToEpoch('2025-03-17', 9 * 60) });
    try {
      const top = valid(topSetupsResponseSchema, (await call(svc.baseUrl, '/top-setups')).json);
      expect(top.meta.count).toBe(0);
      // Per-ticker endpoints still serve the latest snapshot, however old.
      expect((await call(svc.baseUrl, '/agent/trade-setup/SPY')).status).toBe(200);
    } finally {
      await svc.close();
    }
  });
});

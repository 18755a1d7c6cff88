// A 0DTE expiration settles at an early close, on the simulated market: Friday 2026-11-27 closes at
// 13:00 ET (the day after Thanksgiving). Before that SPY's expiration of the day is 0DTE; from the
// close, and over the weekend (the service serves Friday's close snapshot), it has settled: no 0DTE
// figures or levels, and the status names Monday's expiration as the next 0DTE.
import { afterEach, describe, expect, it } from 'vitest';
import { levelsResponseSchema, marketStructureResponseSchema } from '../../../src/shared/api/index.ts';
import { nyToEpoch } from '../../../src/shared/market-calendar.ts';
import { call, listenService, type Running } from '../../support/service-factory.ts';
import { valid } from './schema-assert.ts';

let svc: Running | null = null;
afterEach(async () => {
  await svc?.close();
  svc = null;
});

async function spyAt(at: number) {
  svc = await listenService({ at });
  const ms = valid(
    marketStructureResponseSchema,
    (await call(svc.baseUrl, '/tickers/SPY/market-structure')).json,
  );
  const levels = valid(levelsResponseSchema, (await call(svc.baseUrl, '/tickers/SPY/levels')).json);
  const pine = (await call(svc.baseUrl, '/tickers/SPY/levels?format=tradingview')).text;
  return { ms, levels, pine };
}

describe('SPY around the early close of 2026-11-27', () => {
  it('12:30: the day’s expiration is 0DTE, its levels name it', async () => {
    const { ms, levels } = await spyAt(nyToEpoch('2026-11-27', 12 * 60 + 30));
    expect(ms.data.zero_dte?.expiration).toBe('2026-11-27');
    expect(ms.data.zero_dte_status).toMatchObject({ state: 'expiring', next_expiration: '2026-11-27' });
    const zero = levels.data.levels.filter((l) => l.kind.startsWith('zero_dte'));
    expect(zero.length).toBeGreaterThan(0);
    expect(zero.every((l) => l.expiration === '2026-11-27')).toBe(true);
  });

  it.each([
    ['Friday 14:00, after the early close', nyToEpoch('2026-11-27', 14 * 60)],
    ['Saturday', nyToEpoch('2026-11-28', 11 * 60)],
    ['Sunday evening', nyToEpoch('2026-11-29', 20 * 60)],
  ])('%s: Friday’s close snapshot, settled, Monday next', async (_when, at) => {
    const { ms, levels, pine } = await spyAt(at);
    expect(ms.meta.asof).toBe(new Date(nyToEpoch('2026-11-27', 13 * 60)).toISOString());
    expect(ms.data.zero_dte).toBeNull();
    expect(ms.data.zero_dte_status).toMatchObject({
      state: 'settled',
      settled_expiration: '2026-11-27',
      settled_at: '2026-11-27 13:00 ET',
      next_session: '2026-11-30',
      next_expiration: '2026-11-30',
    });
    expect(levels.data.levels.filter((l) => l.kind.startsWith('zero_dte'))).toEqual([]);
    expect(pine).not.toContain('0DTE');
  });
});

// A bad ranking parameter is refused before the universe is ranked: on a cold service ranking
// takes seconds, and a 400 must not wait for (or trigger) work whose result it never reads.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, listenService, type Running } from '../../support/service-factory.ts';

let svc: Running;
beforeAll(async () => {
  svc = await listenService();
});
afterAll(() => svc.close());

describe('ranking routes parse their query before ranking', () => {
  it.each([
    ['/top-setups?limit=abc'],
    ['/top-setups?regime=' + 'x'.repeat(500)],
    ['/top-setups/screener/momentum_breakout?min_score=lots'],
    ['/income-setups?type=straddle'],
  ])('%s: 400 without asking for the universe', async (path) => {
    const universe = vi.spyOn(svc.app.gammawatch.analysis, 'universe');
    try {
      const r = await call(svc.baseUrl, path);
      expect(r.status).toBe(400);
      expect(universe).not.toHaveBeenCalled();
    } finally {
      universe.mockRestore();
    }
  });

  it('a good query still ranks', async () => {
    const universe = vi.spyOn(svc.app.gammawatch.analysis, 'universe');
    try {
      const r = await call(svc.baseUrl, '/top-setups?limit=5');
      expect(r.status).toBe(200);
      expect(universe).toHaveBeenCalled();
    } finally {
      universe.mockRestore();
    }
  });
});

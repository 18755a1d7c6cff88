// The screener track record and the export: a saved screener with overrides is replayed over the
// stored top-setups lists as Rankings filters them; bad views get a clear refusal; the export
// writes the firings table and the summary beside its baseline.
import { afterEach, describe, expect, it } from 'vitest';
import { backtestCsv, backtestExport } from '../../../../src/core/backtest/result-export.ts';
import type { PastSource } from '../../../../src/core/backtest/past-source.ts';
import { runBacktest } from '../../../../src/core/backtest/run.ts';
import { trackRecordRequest } from '../../../../src/core/backtest/track-record.ts';
import { openDatabase, type Store } from '../../../../src/core/store/database.ts';
import { analyzeSnapshot } from '../../../../src/service/analysis/ticker-analysis.ts';
import { manualClock } from '../../../../src/service/market/clock.ts';
import { createSimulatedMarket } from '../../../../src/service/market/sim/simulated-source.ts';
import { alertRuleBodySchema, type AlertRuleBody } from '../../../../src/shared/alert-rules.ts';
import { nyToEpoch } from '../../../../src/shared/market-calendar.ts';
import { SAMPLE_BACKTEST_RESULT } from '../../../support/bridge-samples.ts';

const stores: Store<AlertRuleBody>[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) if (s.isOpen) s.close();
});

const NOW = nyToEpoch('2025-06-20', 17 * 60);
const nothingToFill: PastSource = {
  fillTicker: async () => undefined,
  fillRankings: async () => undefined,
  fillCloses: async () => undefined,
  notes: () => [],
};
const env = (store: Store<AlertRuleBody>) => ({
  store,
  past: nothingToFill,
  now: NOW,
  channels: { desktop: true, inApp: true, webhooks: [], quietHours: null },
  progress: () => undefined,
  signal: new AbortController().signal,
});

/** Every filter of the preset dropped: the whole stored universe passes. */
const OPEN_OVERRIDES = {
  regime: [],
  recommended_direction: [],
  trend_state: [],
  momentum_state: [],
  extension_state: [],
  realized_vol_state: [],
  iv_rank_max: null,
  price_min: null,
  min_score: 0,
};

describe('screener track record', () => {
  it('replays a saved screener with overrides over the stored top-setups lists', async () => {
    const store = openDatabase<AlertRuleBody>(':memory:', { ruleSchema: alertRuleBodySchema });
    stores.push(store);
    const market = createSimulatedMarket({ seed: 7, clock: manualClock(NOW) });
    const day = (d: string) => nyToEpoch(d, 16 * 60);
    const item = (ticker: string, t: number) => analyzeSnapshot(market, ticker, t)?.topSetupsItem;
    const lists: [number, string[]][] = [
      [day('2025-06-16'), ['SPY']],
      [day('2025-06-17'), ['SPY', 'QQQ']],
      [day('2025-06-18'), ['QQQ', 'AAPL']],
    ];
    for (const [t, tickers] of lists) {
      store.snapshots.ingest([
        {
          endpoint: 'top_setups',
          params: { limit: '200' },
          asof: t,
          data: { items: tickers.map((k) => item(k, t)) },
        },
      ]);
    }
    const view = store.savedViews.create('Everything', {
      kind: 'screener',
      preset: 'momentum_breakout',
      overrides: OPEN_OVERRIDES,
    });
    const request = trackRecordRequest(store, {
      runId: 'tr',
      screener: { kind: 'saved', viewId: view.id },
      window: '30d',
    });
    expect(request.screenerQuery).toBeDefined();
    const result = await runBacktest(env(store), request);
    expect(result.ruleName).toBe('Entered Everything');
    expect(result.firings.map((f) => [f.ticker, f.at])).toEqual([
      ['QQQ', new Date(day('2025-06-17')).toISOString()],
      ['AAPL', new Date(day('2025-06-18')).toISOString()],
    ]);
    // The price the entry saw: the item's own price.
    expect(result.firings[0]?.price).toBe(item('QQQ', day('2025-06-17'))?.price);

    // The preset itself has no stored answers here: nothing to replay, and it says so.
    const preset = await runBacktest(
      env(store),
      trackRecordRequest(store, {
        runId: 'p',
        screener: { kind: 'preset', preset: 'momentum_breakout' },
        window: '30d',
      }),
    );
    expect(preset.firings).toEqual([]);
    expect(preset.notes.join(' ')).toMatch(/no history in the window/);
  });

  it.each([
    ['a missing view', 999, /No saved screener 999/],
    ['a Top setups view', 'top', /is a Top setups view, not a screener/],
  ])('refuses %s', (_what, id, message) => {
    const store = openDatabase<AlertRuleBody>(':memory:', { ruleSchema: alertRuleBodySchema });
    stores.push(store);
    const top = store.savedViews.create('Cheap IV', { kind: 'top_setups', filters: { iv_rank_max: 30 } });
    const viewId = id === 'top' ? top.id : (id as number);
    expect(() =>
      trackRecordRequest(store, { runId: 'x', screener: { kind: 'saved', viewId }, window: '30d' }),
    ).toThrow(message);
  });
});

describe('backtest export', () => {
  it('CSV: the firings table, an empty line, then the summary beside the baseline', () => {
    const lines = backtestCsv(SAMPLE_BACKTEST_RESULT).split('\r\n');
    expect(lines[0]).toBe('Ticker,Time,Title,Price,1d %,5d %,20d %,Max adverse 5d %');
    expect(lines[1]).toBe(
      'SPY,2026-01-05T21:00:00.000Z,SPY gamma regime: Positive → Negative,500,1,-2,,-2.5',
    );
    expect(lines[2]).toBe('');
    expect(lines[3]).toBe('Summary,Rule,Baseline (every session)');
    expect(lines[4]).toBe('Count,1,20');
    expect(lines).toContain('1d up moves %,100,');
    expect(lines).toContain('5d median %,-2,');
  });

  it.each([
    ['csv', 'text/csv', /\.csv$/],
    ['json', 'application/json', /\.json$/],
  ] as const)('%s file', (format, mime, name) => {
    const file = backtestExport(SAMPLE_BACKTEST_RESULT, format);
    expect(file.mime).toBe(mime);
    expect(file.name).toMatch(/^backtest-spy-gamma-flips-2026-01-02-to-2026-02-02/);
    expect(file.name).toMatch(name);
    if (format === 'json')
      expect(JSON.parse(file.content)).toMatchObject({
        format: 'gammawatch.backtest.v1',
        firings: [{ ticker: 'SPY' }],
      });
  });
});

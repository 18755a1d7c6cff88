// An alert on a futures level, end to end on a real app over the simulator: SPX on a watchlist,
// polled every 5 market minutes through two sessions (a manual clock), with a rule on the ES
// equivalent of the SPX gamma flip beside the same rule on the flip itself. The ES-equivalent
// price and the ES level move by the same basis (the level on ES's 0.25 tick, within 0.125 of the
// flip + the basis), so at these snapshots the ES rule fires when SPX crosses its flip (same
// snapshot, same side), and says so in ES figures: the contract, the ES level and the basis; each
// firing reaches the desktop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMarketOpen } from '../../../../src/shared/market-calendar.ts';
import {
  at,
  recordingNotifier,
  startWatcher,
  tempDataDir,
  type TestWatcher,
} from '../../../support/watcher-factory.ts';

const START = at('2026-03-02', '09:35');
const END = at('2026-03-03', '16:00');

describe('a rule on the ES equivalent of the SPX flip', () => {
  const tmp = tempDataDir('gw-es-alert-');
  const notifier = recordingNotifier();
  let w: TestWatcher;
  let esRule = 0;
  let spxRule = 0;

  beforeAll(async () => {
    w = await startWatcher({
      dataDir: tmp.dir,
      start: START,
      notifier,
      seed: 42,
      pollOnStart: false,
      poller: { jitterMs: 0, backfillWindow: '2d', seriesWindow: '2d' },
    });
    await w.invoke('app:completeOnboarding', { watchlistName: 'Index', tickers: ['SPX'] });
    const scope = { kind: 'ticker', ticker: 'SPX' } as const;
    esRule = (
      await w.invoke('rules:create', {
        name: 'ES flip',
        condition: { kind: 'level_cross', level: 'future.gamma_flip' },
        scope,
        cooldownMinutes: 0,
      })
    ).id;
    spxRule = (
      await w.invoke('rules:create', {
        name: 'SPX flip',
        condition: { kind: 'level_cross', level: 'gamma_flip' },
        scope,
        cooldownMinutes: 0,
      })
    ).id;
    // Every 5 minutes while open, hourly while closed: market structure and levels (one job).
    while (w.clock.now() < END) {
      w.clock.advance((isMarketOpen(w.clock.now()) ? 5 : 60) * 60_000);
      await w.app.poller.runAll({ jobs: ['market_structure'] });
      await w.app.dispatcher.idle();
    }
  }, 600_000);

  afterAll(async () => {
    await w?.app.stop();
    tmp.cleanup();
  });

  const events = (ruleId: number) =>
    w.app.store.alertEvents
      .list({ limit: 10_000 })
      .filter((e) => e.ruleId === ruleId)
      .sort((a, b) => a.asof - b.asof);

  it('fires when SPX crosses its flip, and only then', () => {
    const es = events(esRule);
    const spx = events(spxRule);
    console.log(`futures-level-alert: ${es.length} ES firings, ${spx.length} SPX firings`);
    expect(es.length).toBeGreaterThan(0);
    expect(es.map((e) => [e.asof, e.transition?.to])).toEqual(spx.map((e) => [e.asof, e.transition?.to]));
  });

  it('speaks in ES figures: the contract, the ES level and the basis', () => {
    for (const e of events(esRule)) {
      const { title, message, details } = e.payload as {
        title: string;
        message: string;
        details: { basis: number; level_value: number; spot: number; ticker_spot: number };
      };
      expect(title).toMatch(
        /^SPX ES-equivalent price (rose above|fell below) the ES equivalent of the SPX gamma flip/,
      );
      expect(details).toMatchObject({
        future: 'ES',
        contract: expect.stringMatching(/^ESH6$/),
        level: 'future.gamma_flip',
      });
      // The ES-equivalent price is SPX spot + the basis, to the cent, and the message says so; the
      // ES level is on the tick.
      expect(details.spot).toBeCloseTo(details.ticker_spot + details.basis, 2);
      expect(Number.isInteger(details.level_value / 0.25)).toBe(true);
      expect(details.basis).toBeGreaterThan(0);
      expect(message).toContain(`the ESH6 basis`);
    }
  });

  it('reaches the desktop, one notification per firing', () => {
    for (const e of events(esRule)) {
      const { title } = e.payload as { title: string };
      expect(notifier.shown.filter((n) => n.tag === String(e.id) || n.title.includes(title))).toHaveLength(1);
    }
  });
});

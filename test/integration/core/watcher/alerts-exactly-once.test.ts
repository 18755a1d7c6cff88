// Over real HTTP against the local service and a real SQLite file: market time moves a trading day
// at a time, regime and tier changes happen in the simulated market, and every change that holds
// for the default rules' minimum dwell (two snapshots, here a day apart) raises exactly one alert
// event and one desktop notification, across re-polls and a restart in the middle.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextTradingDay } from '../../../../src/shared/market-calendar.ts';
import { record, text } from '../../../../src/core/lib/payload-fields.ts';
import { confirmedChangeAtLast } from '../../../../src/core/alerts/dwell.ts';
import { DEFAULT_DWELL } from '../../../../src/shared/alert-rules.ts';
import { at, startWatcher, tempDataDir, type TestWatcher } from '../../../support/watcher-factory.ts';

const TICKERS = ['SPY', 'QQQ', 'IWM', 'AAPL', 'NVDA', 'TSLA', 'AMD', 'MSFT', 'XLE', 'XLU'];
const STEPS = 8;

/**
 * Every regime and tier change confirmed by the default dwell over the stored signals snapshots,
 * at the snapshot that confirmed it (each prefix of the series asked whether its last point
 * confirms a change, as the live engine asks at each new snapshot).
 */
function expectedTransitions(w: TestWatcher): string[] {
  const out: string[] = [];
  for (const ticker of TICKERS) {
    const snaps = [...w.app.store.snapshots.iterate({ endpoint: 'signals', ticker, order: 'asc' })];
    for (const [field, kind] of [
      ['regime_label', 'regime_change'],
      ['opportunity_tier', 'tier_change'],
    ] as const) {
      const points = snaps.map((s) => ({ asof: s.asof, value: text(record(s.data), field) }));
      for (let i = 1; i < points.length; i++) {
        const change = confirmedChangeAtLast(points.slice(0, i + 1), DEFAULT_DWELL);
        if (!change) continue;
        const asof = new Date((points[i] as { asof: number }).asof).toISOString();
        out.push(`${ticker}|${kind}|${change.from}->${change.to}|${asof}`);
      }
    }
  }
  return out.sort();
}

async function recorded(w: TestWatcher): Promise<string[]> {
  const page = await w.invoke('alerts:list', { limit: 500 });
  return page.items
    .map((e) => `${e.ticker}|${e.kind}|${e.transition?.from}->${e.transition?.to}|${e.asof}`)
    .sort();
}

describe('alerts over the real service and store', () => {
  const tmp = tempDataDir();
  let w: TestWatcher;
  let day = '2025-03-03';

  beforeAll(async () => {
    w = await startWatcher({ dataDir: tmp.dir, start: at(day, '11:00') });
    w.app.store.watchlists.create('Main', TICKERS);
    // The default rules carry a 30-minute cooldown; a day apart, it never holds one back here.
  }, 60_000);

  afterAll(async () => {
    await w.app.stop();
    tmp.cleanup();
  });

  it('raises each regime and tier change exactly once, across re-polls and a restart', async () => {
    const seen: number[] = [];
    for (let step = 0; step < STEPS; step++) {
      const [summary] = await w.app.poller.runAll({ jobs: ['signals'] });
      expect(summary?.errors, summary?.errorMessages.join('; ')).toBe(0);
      // The same market instant again: nothing new (identical payloads), nothing notified.
      const [again] = await w.app.poller.runAll({ jobs: ['signals'] });
      expect(again?.snapshotsNew).toBe(0);
      expect(again?.alertsNew).toBe(0);
      await w.app.dispatcher.idle();
      seen.push((await recorded(w)).length);

      if (step === STEPS / 2) {
        // Restart in the middle: a new app on the same database and market clock.
        await w.app.stop();
        const { clock, notifier } = w;
        const shownBefore = notifier.shown.length;
        w = await startWatcher({ dataDir: tmp.dir, clock, notifier });
        const [replay] = await w.app.poller.runAll({ jobs: ['signals'] });
        expect(replay?.snapshotsNew).toBe(0);
        expect(replay?.alertsNew).toBe(0);
        await w.app.dispatcher.idle();
        expect(notifier.shown).toHaveLength(shownBefore);
      }
      day = nextTradingDay(day);
      w.clock.set(at(day, '11:00'));
    }

    const expected = expectedTransitions(w);
    // Enough market movement that the test means something (seed 7: a dozen or more changes).
    expect(expected.length).toBeGreaterThanOrEqual(5);
    expect(await recorded(w)).toEqual(expected);
    // Events only ever accumulate.
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  }, 300_000);

  it('delivers each event once to every channel it names', async () => {
    const page = await w.invoke('alerts:list', { limit: 500 });
    for (const event of page.items) {
      expect(event.deliveries.map((d) => [d.channel, d.state])).toEqual([
        ['desktop', 'sent'],
        ['in_app', 'sent'],
      ]);
    }
    // One notifier across both app instances: one notification per event, none twice.
    const shown = w.notifier.shown.map((n) => n.tag).sort();
    expect(shown).toEqual(page.items.map((e) => String(e.id)).sort());
  });
});

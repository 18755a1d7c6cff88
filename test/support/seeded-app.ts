// A real app (createApp over the local simulator on a manual clock, see watcher-factory.ts) in a
// temporary data folder that already holds history: onboarding done with a watchlist "Core",
// a saved view, and a few poll runs five market minutes apart. What the headless host's tests,
// the bridge contract test and the UI benchmark run on instead of a stand-in of the core.
// `tick()` moves the market five minutes and runs every job once, as a scheduled poll would.
import { at, startWatcher, tempDataDir, type TestWatcher, type WatcherOptions } from './watcher-factory.ts';

/** The seeded watchlist, always id 1. */
export const CORE_TICKERS = ['SPY', 'QQQ', 'AAPL', 'NVDA', 'TSLA'];
/** Market minutes between two poll runs of a seeded app. */
export const TICK_MINUTES = 5;

export interface SeededApp extends TestWatcher {
  /** Five market minutes later, every job once (snapshot:new and poll:status events follow). */
  tick(): Promise<void>;
  /** Stops the app and removes its data folder. */
  close(): Promise<void>;
}

export interface SeededAppOptions extends WatcherOptions {
  /** Poll runs before the app is handed over (default 3; 0: none, nothing stored). */
  runs?: number;
  /** Also complete onboarding with the Core watchlist and save a view (default true). */
  seeded?: boolean;
}

/** Monday 2026-03-02, 10:00 New York: a trading session in the simulator's range. */
export const SEEDED_START = at('2026-03-02', '10:00');

export async function startSeededApp(options: SeededAppOptions = {}): Promise<SeededApp> {
  const tmp = tempDataDir('gw-seeded-');
  const { runs = 3, seeded = true, ...rest } = options;
  let w: TestWatcher;
  try {
    w = await startWatcher({ start: SEEDED_START, env: {}, ...rest, dataDir: tmp.dir });
  } catch (error) {
    tmp.cleanup();
    throw error;
  }
  const tick = async (): Promise<void> => {
    w.clock.advance(TICK_MINUTES * 60_000);
    await w.app.runOnce();
  };
  try {
    if (seeded) {
      // Tickers put on a watchlist are backfilled in the background: wait for that to end.
      const backfilled = new Promise<void>((resolve) => {
        const off = w.app.events.subscribe((m) => {
          if (
            m.event === 'backfill:progress' &&
            (m.payload.phase === 'finished' || m.payload.phase === 'failed')
          ) {
            off();
            resolve();
          }
        });
      });
      await w.invoke('app:completeOnboarding', { watchlistName: 'Core', tickers: CORE_TICKERS });
      await backfilled;
      await w.invoke('views:create', {
        name: 'Low IV rank',
        kind: 'top_setups',
        filters: { iv_rank_max: 30 },
      });
    }
    if (runs > 0) await w.app.runOnce();
    for (let i = 1; i < runs; i += 1) await tick();
  } catch (error) {
    await w.app.stop();
    tmp.cleanup();
    throw error;
  }
  return {
    ...w,
    tick,
    close: async () => {
      await w.app.stop();
      tmp.cleanup();
    },
  };
}

// What the Electron shell asks the app about alerts: the tray's unread count and where a click on a
// notification leads, through App's own methods instead of the store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, startWatcher, tempDataDir, type TestWatcher } from '../../../support/watcher-factory.ts';

describe("the app's alert queries for the shell", () => {
  const tmp = tempDataDir('gw-shell-alerts-');
  let w: TestWatcher;

  beforeAll(async () => {
    w = await startWatcher({ dataDir: tmp.dir, start: at('2025-03-10', '11:00'), pollOnStart: false });
  }, 60_000);

  afterAll(async () => {
    await w.app.stop();
    tmp.cleanup();
  });

  it('counts unread alerts and gives a notification its ticker and snapshot time', () => {
    expect(w.app.unreadAlertCount()).toBe(0);
    const asof = at('2025-03-10', '10:35');
    const insert = (i: number, ticker: string | null) =>
      w.app.store.alertEvents.insertIfNew({
        ticker,
        kind: 'regime_change',
        transition: ticker === null ? null : { from: 'range_bound', to: 'trending_low_vol' },
        severity: 'warning',
        asof: asof + i * 60_000,
        idempotencyKey: `shell-${i}`,
      }).event;
    const spy = insert(0, 'SPY');
    const market = insert(1, null);
    const read = insert(2, 'QQQ');
    w.app.store.alertEvents.markRead([read.id]);

    expect(w.app.unreadAlertCount()).toBe(2);
    expect(w.app.alertTarget(spy.id)).toEqual({ ticker: 'SPY', asof });
    expect(w.app.alertTarget(market.id)).toEqual({ ticker: null, asof: asof + 60_000 });
    expect(w.app.alertTarget(read.id + 1000)).toBeNull();
  });
});

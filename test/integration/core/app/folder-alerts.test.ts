// A chain folder's files raise their alerts once, over a real app (real SQLite file, the local
// service, the folder watched): a folder holding 200 sessions of SPY files, whose price crosses the
// rule's level from every file to the next, raises no alert on its first import (the newest file
// sets the baseline, as a first poll does); the next file that lands raises exactly the alert it
// causes, once, delivered at once and announced as `snapshot:new`, and the poll that fetches the
// same instant afterwards raises nothing more.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isTradingDay, nyToEpoch, type IsoDate } from '../../../../src/shared/market-calendar.ts';
import type { BridgeEventMessage } from '../../../../src/shared/bridge/contract.ts';
import { chainFileText } from '../../../support/cboe-chain-file.ts';
import { crossRule } from '../../../support/level-rule.ts';
import { startWatcher, tempDataDir, type TestWatcher } from '../../../support/watcher-factory.ts';

const LEVEL = 640;
/** Spot of the i-th session: below and above the level in turn, so every file crosses it. */
const spotOf = (i: number) => (i % 2 === 0 ? LEVEL - 10 : LEVEL + 10);

/** `count` trading days ending on `last`, oldest first. */
function sessions(last: IsoDate, count: number): IsoDate[] {
  const out: IsoDate[] = [];
  for (let d = last; out.length < count; d = addDays(d, -1)) if (isTradingDay(d)) out.unshift(d);
  return out;
}

const fileOf = (date: IsoDate, spot: number, seed: number) =>
  chainFileText({ ticker: 'SPY', date, spot, seed, expirations: 4, strikes: 40 });

describe('a chain folder raises each file’s alerts once', () => {
  const tmp = tempDataDir('gw-folder-alerts-');
  const chainsDir = path.join(tmp.dir, 'chains');
  const days = sessions('2025-09-10', 200);
  const events: BridgeEventMessage[] = [];
  let w: TestWatcher;
  let ruleId = 0;

  beforeAll(async () => {
    fs.mkdirSync(chainsDir);
    for (const [i, date] of days.entries())
      fs.writeFileSync(path.join(chainsDir, `spy_quotedata_${date}.csv`), fileOf(date, spotOf(i), i));
    w = await startWatcher({
      dataDir: tmp.dir,
      dataSource: { kind: 'chains', dir: chainsDir, clock: { kind: 'data' } },
      service: { warm: false },
    });
    w.app.events.subscribe((m) => events.push(m));
    const rule = await w.invoke('rules:create', {
      name: `SPY crosses ${LEVEL}`,
      ...crossRule('SPY', LEVEL),
    });
    ruleId = rule.id;
  }, 60_000);

  afterAll(async () => {
    await w?.app.stop();
    tmp.cleanup();
  });

  it('imports 200 historical files without raising an alert', async () => {
    await w.app.historySettled();
    const timeline = await w.invoke('ticker:timeline', { ticker: 'SPY' });
    expect(timeline.entries).toHaveLength(days.length);
    // Then a poll of the folder's newest instant: already stored, nothing new.
    await w.app.runOnce();
    expect(w.app.store.alertEvents.count()).toBe(0);
  }, 180_000);

  it('a file that lands raises exactly its own alert, once, at once', async () => {
    const date = addDays(days.at(-1) as IsoDate, 1);
    const asof = nyToEpoch(date, 16 * 60 + 15);
    const announced = new Promise<void>((resolve) => {
      const off = w.app.events.subscribe((m) => {
        if (m.event === 'snapshot:new' && m.payload.ticker === 'SPY' && Date.parse(m.payload.asof) === asof) {
          off();
          resolve();
        }
      });
    });
    // The last file closed above the level (an odd index): this one closes below it.
    fs.writeFileSync(path.join(chainsDir, `spy_quotedata_${date}.csv`), fileOf(date, LEVEL - 20, 999));
    await announced;
    await w.app.historySettled();
    await w.app.dispatcher.idle();

    const raised = w.app.store.alertEvents.list();
    expect(raised.map((e) => [e.ruleId, e.ticker, e.asof])).toEqual([[ruleId, 'SPY', asof]]);
    expect(JSON.stringify(raised[0]?.payload)).toMatch(/SPY spot fell below \$640\.00/);
    // Delivered in the app at once, not left for the retry loop.
    expect(
      w.app.store.deliveries.forEvent(raised[0]?.id as number).map((d) => [d.channel, d.state]),
    ).toContainEqual(['in_app', 'sent']);
    expect(events.filter((m) => m.event === 'alert:new')).toHaveLength(1);

    // The poll that follows fetches the same instant: stored already, nothing raised twice.
    const runs = await w.app.runOnce();
    expect(runs.flatMap((r) => r.errorMessages)).toEqual([]);
    expect(w.app.store.alertEvents.count()).toBe(1);
  }, 60_000);
});

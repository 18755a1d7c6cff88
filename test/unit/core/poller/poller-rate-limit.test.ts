// The poller and a 429 asking for a day: a scheduled run waits the capped 5 minutes, then asks
// again, and its run log says that it did ("rate limited: the server asked to wait 24 h; waiting
// 5 min"); before, the queue's global gate held every job for the whole day.
import { afterEach, describe, expect, it } from 'vitest';
import { RateLimitedError } from '../../../../src/client/errors.ts';
import { Poller } from '../../../../src/core/poller/poller.ts';
import { ManualTimers } from '../../../../src/core/lib/timers.ts';
import { defaultSettings } from '../../../../src/core/settings/schema.ts';
import { openDatabase, type Store } from '../../../../src/core/store/database.ts';
import { alertRuleBodySchema, type AlertRuleBody } from '../../../../src/shared/alert-rules.ts';
import { at, fakePollClient } from '../../../support/watcher-factory.ts';

const stores: Store<AlertRuleBody>[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) if (s.isOpen) s.close();
});

const flush = async () => {
  for (let i = 0; i < 20; i++) await new Promise<void>((resolve) => setImmediate(resolve));
};

function setup(refusals: number, retryAfterMs: number) {
  const store = openDatabase<AlertRuleBody>(':memory:', { ruleSchema: alertRuleBodySchema });
  stores.push(store);
  store.watchlists.create('Main', ['SPY']);
  const market = at('2025-03-10', '11:00');
  const fake = fakePollClient({ asof: () => market });
  let refused = 0;
  const client = {
    ...fake,
    signals: async (...args: Parameters<typeof fake.signals>) => {
      if (refused++ < refusals)
        throw new RateLimitedError('rate limited (HTTP 429)', retryAfterMs, { status: 429 });
      return fake.signals(...args);
    },
  };
  const timers = new ManualTimers(1_000_000);
  const poller = new Poller({
    client,
    store,
    settings: () => defaultSettings,
    channels: () => ({ desktop: true, inApp: true, webhooks: [], quietHours: null }),
    marketClock: { now: () => market },
    trigger: 'manual',
    timers,
    jitterMs: 0,
    backoffBaseMs: 0,
  });
  return { store, poller, timers };
}

describe('a scheduled run and a day-long Retry-After', () => {
  it.each([
    ['the retry succeeds', 1, 0, null],
    [
      'the retry is refused too',
      2,
      1,
      'signals SPY: rate limited (HTTP 429) (rate limited: the server asked to wait 24 h; waiting 5 min)',
    ],
  ])('%s: waits 5 min, not 24 h, and says so', async (_name, refusals, errors, error) => {
    const s = setup(refusals, 86_400_000);
    let done = false;
    const run = s.poller.runJob('signals').then((r) => {
      done = true;
      return r;
    });
    await flush();
    s.timers.advance(5 * 60_000 - 1);
    await flush();
    expect(done).toBe(false);
    s.timers.advance(1);
    await flush();
    expect(done).toBe(true);
    const summary = await run;
    expect(summary.errors).toBe(errors);
    expect(summary.notes).toEqual([
      'signals SPY: rate limited: the server asked to wait 24 h; waiting 5 min',
    ]);
    const [logged] = s.store.pollRuns.recent({ job: 'signals' });
    expect(logged?.detail).toMatchObject({
      notes: ['signals SPY: rate limited: the server asked to wait 24 h; waiting 5 min'],
      errors: error === null ? [] : [error],
    });
    // Whatever the server says, the next run is held back 5 minutes at most.
    expect(s.poller.queue.stats().gatedUntil ?? 0).toBeLessThanOrEqual(s.timers.now() + 5 * 60_000);
    await s.poller.stop();
  });
});

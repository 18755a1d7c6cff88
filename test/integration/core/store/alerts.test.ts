import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openDatabase, type Store } from '../../../../src/core/store/database.ts';
import { StoreError } from '../../../../src/core/store/errors.ts';
import type { AlertEventInput } from '../../../../src/core/store/repositories/alert-events.ts';
import { tempDir } from '../../../support/store-factory.ts';

// A stand-in for the alerts engine's rule schema: the store only knows it is a zod schema.
const ruleSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('regime_change'), tickers: z.array(z.string()).min(1) }),
  z.object({
    type: z.literal('screener_entry'),
    screener: z.string(),
    minScore: z.number().min(0).max(10).default(0),
  }),
]);
type Rule = z.output<typeof ruleSchema>;

let tmp: ReturnType<typeof tempDir>;
let store: Store<Rule>;
let clock = 0;
beforeEach(() => {
  tmp = tempDir();
  clock = Date.UTC(2025, 0, 2, 15);
  store = openDatabase(tmp.file('alerts.db'), { ruleSchema, now: () => clock });
});
afterEach(() => {
  store.close();
  tmp.cleanup();
});

function kindOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return error instanceof StoreError ? error.kind : `not a StoreError: ${String(error)}`;
  }
  return undefined;
}

describe('alert rules', () => {
  it('creates, reads, updates and deletes, validating with the caller schema', () => {
    const created = store.alertRules.create({
      name: ' Breakouts ',
      rule: { type: 'screener_entry', screener: 'momentum_breakout' },
    });
    expect(created).toEqual({
      id: created.id,
      name: 'Breakouts',
      enabled: true,
      rule: { type: 'screener_entry', screener: 'momentum_breakout', minScore: 0 },
      createdAt: clock,
      updatedAt: clock,
    });
    clock += 1000;
    const updated = store.alertRules.update(created.id, {
      enabled: false,
      rule: { type: 'regime_change', tickers: ['SPY'] },
    });
    expect(updated).toMatchObject({
      enabled: false,
      rule: { type: 'regime_change', tickers: ['SPY'] },
      updatedAt: clock,
      createdAt: clock - 1000,
    });
    expect(store.alertRules.list({ enabledOnly: true })).toEqual([]);
    expect(store.alertRules.list()).toHaveLength(1);
    expect(store.alertRules.delete(created.id)).toBe(true);
    expect(store.alertRules.delete(created.id)).toBe(false);
    expect(store.alertRules.get(created.id)).toBeUndefined();
  });

  it.each([
    ['a rule the schema refuses', { name: 'x', rule: { type: 'regime_change', tickers: [] } }],
    ['an unknown rule type', { name: 'x', rule: { type: 'moon' } }],
    ['an empty name', { name: '  ', rule: { type: 'regime_change', tickers: ['A'] } }],
  ])('refuses %s with invalid_input', (_name, input) => {
    expect(kindOf(() => store.alertRules.create(input))).toBe('invalid_input');
    expect(store.alertRules.list()).toEqual([]);
  });

  it('updating a missing rule is not_found', () => {
    expect(kindOf(() => store.alertRules.update(404, { enabled: true }))).toBe('not_found');
  });

  it('a stored rule that no longer validates is reported, not silently dropped or thrown from list()', () => {
    const good = store.alertRules.create({
      name: 'good',
      rule: { type: 'regime_change', tickers: ['AAPL'] },
    });
    store.close();
    // The same file opened by an engine whose schema has changed: regime_change now needs `states`.
    const stricter = z.object({
      type: z.literal('regime_change'),
      tickers: z.array(z.string()),
      states: z.array(z.string()),
    });
    const later = openDatabase(tmp.file('alerts.db'), { ruleSchema: stricter });
    expect(later.alertRules.list()).toEqual([]);
    expect(later.alertRules.listInvalid()).toMatchObject([
      { id: good.id, name: 'good', error: expect.stringContaining('states') },
    ]);
    expect(kindOf(() => later.alertRules.get(good.id))).toBe('invalid_data');
    const fixed = later.alertRules.update(good.id, {
      rule: { type: 'regime_change', tickers: ['AAPL'], states: ['flush_panic'] },
    });
    expect(fixed.rule.states).toEqual(['flush_panic']);
    later.close();
    store = openDatabase(tmp.file('alerts.db'), { ruleSchema });
  });
});

describe('alert events', () => {
  const base = Date.UTC(2025, 0, 2, 15);
  function event(i: number, over: Partial<AlertEventInput> = {}): AlertEventInput {
    return {
      ticker: i % 2 ? 'AAPL' : 'MSFT',
      kind: i % 3 ? 'regime_change' : 'screener_entry',
      transition: { from: 'range_bound', to: 'trending_low_vol' },
      severity: 'info',
      asof: base + i * 60_000,
      payload: { i },
      idempotencyKey: `k${i}`,
      ...over,
    };
  }

  it('stores and returns an event as given', () => {
    const rule = store.alertRules.create({ name: 'r', rule: { type: 'regime_change', tickers: ['AAPL'] } });
    const { inserted, event: e } = store.alertEvents.insertIfNew(
      event(1, { ruleId: rule.id, severity: 'critical' }),
    );
    expect(inserted).toBe(true);
    expect(e).toEqual({
      id: e.id,
      ruleId: rule.id,
      ticker: 'AAPL',
      kind: 'regime_change',
      transition: { from: 'range_bound', to: 'trending_low_vol' },
      severity: 'critical',
      asof: base + 60_000,
      createdAt: clock,
      payload: { i: 1 },
      idempotencyKey: 'k1',
      readAt: null,
      // A store used without a data source records none.
      source: '',
    });
  });

  it('an event without a transition or ticker (a screener entry of the market) is fine', () => {
    const { event: e } = store.alertEvents.insertIfNew(event(3, { ticker: null, transition: null }));
    expect(e.transition).toBeNull();
    expect(e.ticker).toBeNull();
  });

  it('keeps its history when its rule is deleted', () => {
    const rule = store.alertRules.create({ name: 'r', rule: { type: 'regime_change', tickers: ['AAPL'] } });
    const { event: e } = store.alertEvents.insertIfNew(event(1, { ruleId: rule.id }));
    store.alertRules.delete(rule.id);
    expect(store.alertEvents.get(e.id)?.ruleId).toBeNull();
  });

  describe('listing', () => {
    beforeEach(() => {
      for (let i = 0; i < 12; i++) store.alertEvents.insertIfNew(event(i));
    });

    it.each([
      ['everything, newest first', {}, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]],
      ['by ticker', { ticker: 'aapl' }, [11, 9, 7, 5, 3, 1]],
      ['by kind', { kind: 'screener_entry' }, [9, 6, 3, 0]],
      [
        'by several kinds',
        { kind: ['screener_entry', 'regime_change'] },
        [11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
      ],
      ['by time range (inclusive)', { from: base + 2 * 60_000, to: base + 4 * 60_000 }, [4, 3, 2]],
      ['with limit and offset', { limit: 3, offset: 2 }, [9, 8, 7]],
      ['combined', { ticker: 'MSFT', kind: 'regime_change', from: base + 3 * 60_000 }, [10, 8, 4]],
    ])('%s', (_name, filter, expected) => {
      expect(store.alertEvents.list(filter).map((e) => (e.payload as { i: number }).i)).toEqual(expected);
    });

    it('by rule', () => {
      const rule = store.alertRules.create({ name: 'r', rule: { type: 'regime_change', tickers: ['AAPL'] } });
      store.alertEvents.insertIfNew(event(50, { ruleId: rule.id }));
      expect(store.alertEvents.list({ ruleId: rule.id }).map((e) => e.idempotencyKey)).toEqual(['k50']);
    });

    it('mark read, unread filter and counts', () => {
      const [a, b] = store.alertEvents.list({ limit: 2 });
      clock += 5000;
      expect(store.alertEvents.markRead([a!.id, b!.id, a!.id])).toBe(2);
      expect(store.alertEvents.get(a!.id)?.readAt).toBe(clock);
      expect(store.alertEvents.count({ unreadOnly: true })).toBe(10);
      expect(store.alertEvents.markAllRead({ ticker: 'AAPL' })).toBe(5);
      expect(store.alertEvents.count({ unreadOnly: true })).toBe(5);
      expect(store.alertEvents.markAllRead()).toBe(5);
      expect(store.alertEvents.count({ unreadOnly: true })).toBe(0);
    });

    it('refuses a bad filter', () => {
      expect(kindOf(() => store.alertEvents.list({ limit: -1 }))).toBe('invalid_input');
    });
  });
});

describe('deliveries', () => {
  it('queue per channel, record attempts, list what is due', () => {
    const { event } = store.alertEvents.insertIfNew({
      kind: 'k',
      severity: 'info',
      asof: 1,
      idempotencyKey: 'e1',
    });
    expect(
      store.deliveries.queue(event.id, ['desktop', 'webhook:discord', 'desktop']).map((d) => d.channel),
    ).toEqual(['desktop', 'webhook:discord']);
    clock += 1;
    expect(store.deliveries.record(event.id, 'desktop', { state: 'sent' })).toMatchObject({
      state: 'sent',
      attempts: 1,
      lastError: null,
      updatedAt: clock,
    });
    store.deliveries.record(event.id, 'webhook:discord', { state: 'failed', error: 'HTTP 502' });
    expect(store.deliveries.due({ maxAttempts: 3 })).toMatchObject([
      { channel: 'webhook:discord', attempts: 1, lastError: 'HTTP 502' },
    ]);
    store.deliveries.record(event.id, 'webhook:discord', { state: 'failed', error: 'HTTP 502' });
    store.deliveries.record(event.id, 'webhook:discord', { state: 'failed', error: 'timeout' });
    expect(store.deliveries.due({ maxAttempts: 3 })).toEqual([]);
    // Queuing again does not reset what happened.
    store.deliveries.queue(event.id, ['desktop']);
    expect(store.deliveries.forEvent(event.id)).toMatchObject([
      { channel: 'desktop', state: 'sent', attempts: 1 },
      { channel: 'webhook:discord', state: 'failed', attempts: 3, lastError: 'timeout' },
    ]);
  });

  it('a skipped channel is not an attempt', () => {
    const { event } = store.alertEvents.insertIfNew({
      kind: 'k',
      severity: 'info',
      asof: 1,
      idempotencyKey: 'e2',
    });
    store.deliveries.queue(event.id, ['desktop']);
    expect(store.deliveries.record(event.id, 'desktop', { state: 'skipped' })).toMatchObject({
      state: 'skipped',
      attempts: 0,
    });
  });

  it.each([
    ['queue for a missing event', () => store.deliveries.queue(999, ['desktop']), 'not_found'],
    [
      'record for a channel never queued',
      () => store.deliveries.record(1, 'sms', { state: 'sent' }),
      'not_found',
    ],
    [
      'an unknown state',
      () => store.deliveries.record(1, 'desktop', { state: 'pending' as never }),
      'invalid_input',
    ],
  ])('%s', (_name, fn, kind) => {
    expect(kindOf(fn)).toBe(kind);
  });
});

// The store side of alert rules: the dwell reads the series history from stored snapshots, and a
// rule scoped to a ticker outside the source's universe, or to a watchlist that does not exist, is
// refused when saved.
import { afterEach, describe, expect, it } from 'vitest';
import { evaluateSnapshot } from '../../../../src/core/alerts/engine.ts';
import { storeAlertContext } from '../../../../src/core/store/alert-context.ts';
import type { AlertSnapshot } from '../../../../src/core/alerts/conditions.ts';
import { createRule, ruleUniverse, updateRule } from '../../../../src/core/queries/rules.ts';
import { openDatabase, type Store } from '../../../../src/core/store/database.ts';
import { alertRuleBodySchema, type AlertRuleBody } from '../../../../src/shared/alert-rules.ts';
import { BridgeFailure } from '../../../../src/shared/bridge/result.ts';

const stores: Store<AlertRuleBody>[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) if (s.isOpen) s.close();
});

function open(): Store<AlertRuleBody> {
  const store = openDatabase<AlertRuleBody>(':memory:', { ruleSchema: alertRuleBodySchema });
  stores.push(store);
  return store;
}

const T0 = Date.UTC(2025, 2, 10, 15, 0);
const MIN = 60_000;
const channels = { desktop: true, inApp: true, webhooks: [], quietHours: null };

describe('dwell over stored history', () => {
  const snap = (regime: string, minutes: number): AlertSnapshot => ({
    endpoint: 'signals',
    ticker: 'AMD',
    params: {},
    asof: T0 + minutes * MIN,
    payload: { ticker: 'AMD', price: 160, regime_label: regime, gamma_regime: 'negative' },
  });

  /** Stores each snapshot, then evaluates it against the one before, as ingest does. */
  function replay(store: Store<AlertRuleBody>, series: AlertSnapshot[]): string[] {
    const titles: string[] = [];
    series.forEach((curr, i) => {
      store.snapshots.ingest([
        { endpoint: curr.endpoint, ticker: curr.ticker, params: {}, asof: curr.asof, data: curr.payload },
      ]);
      const prev = i > 0 ? (series[i - 1] as AlertSnapshot) : null;
      const events = evaluateSnapshot(storeAlertContext(store, channels, curr.asof), prev, curr);
      titles.push(...events.map((e) => `${Math.round((e.asof - T0) / MIN)}: ${e.title}`));
    });
    return titles;
  }

  it('the default dwell turns a noisy session into one alert, once the change held', () => {
    const store = open();
    createRule(store.alertRules, {
      name: 'Regime',
      condition: { kind: 'regime_change' },
      scope: { kind: 'all' },
      cooldownMinutes: 0,
    });
    const up = 'trending_down_high_vol';
    const chop = 'choppy_volatile';
    const titles = replay(store, [
      snap(up, 0),
      snap(chop, 5),
      snap(up, 10),
      snap(chop, 15),
      snap(up, 20),
      snap(chop, 25),
      snap(chop, 30),
      snap(chop, 40),
      snap(chop, 45),
    ]);
    expect(titles).toEqual(['40: AMD regime: Trending down, high vol → Choppy, volatile']);
  });

  it('with the dwell off every flip fires (the old behaviour, still available)', () => {
    const store = open();
    createRule(store.alertRules, {
      name: 'Regime',
      condition: { kind: 'regime_change', dwell: { snapshots: 1, minutes: 0 } },
      scope: { kind: 'all' },
      cooldownMinutes: 0,
    });
    const titles = replay(store, [snap('range_bound', 0), snap('flush_panic', 5), snap('range_bound', 10)]);
    expect(titles).toHaveLength(2);
  });
});

describe('a ticker scope outside the universe', () => {
  const universe = [{ ticker: 'SPY' }, { ticker: 'AMD' }];
  const app = (listsUniverse: boolean, store: Store<AlertRuleBody>) => ({
    source: { listsUniverse },
    universe: () => universe,
    store,
  });
  const input = (ticker: string) => ({
    name: `Only ${ticker}`,
    condition: { kind: 'level_cross' as const, level: 'call_wall' as const },
    scope: { kind: 'ticker' as const, ticker },
  });

  it.each([
    ['a listed ticker is saved', 'SPY', true, null],
    ['a lower-case listed ticker is saved', 'amd', true, null],
    ['an unknown ticker is refused', 'ZZZZ', true, 'ZZZZ is not a ticker the data source covers'],
    ['a remote source without a list cannot tell: saved', 'ZZZZ', false, null],
  ])('%s', (_name, ticker, lists, error) => {
    const store = open();
    const save = () => createRule(store.alertRules, input(ticker), ruleUniverse(app(lists, store)));
    if (error === null) {
      expect(save().scope).toEqual({ kind: 'ticker', ticker: ticker.toUpperCase() });
    } else {
      expect(save).toThrow(BridgeFailure);
      expect(save).toThrow(error);
      expect(store.alertRules.list()).toHaveLength(0);
    }
  });

  it('an update that moves the scope to an unknown ticker is refused; other edits still save', () => {
    const store = open();
    const universeOf = ruleUniverse(app(true, store));
    const rule = createRule(store.alertRules, input('SPY'), universeOf);
    expect(() =>
      updateRule(
        store.alertRules,
        { id: rule.id, patch: { scope: { kind: 'ticker', ticker: 'NOPE' } } },
        universeOf,
      ),
    ).toThrow('NOPE is not a ticker the data source covers');
    const snoozed = updateRule(
      store.alertRules,
      { id: rule.id, patch: { snoozeUntil: '2030-01-01T00:00:00.000Z' } },
      universeOf,
    );
    expect(snoozed.snoozeUntil).toBe('2030-01-01T00:00:00.000Z');
  });
});

describe('a watchlist scope', () => {
  const input = (watchlistId: number) => ({
    name: 'My list',
    condition: { kind: 'regime_change' as const },
    scope: { kind: 'watchlist' as const, watchlistId },
  });
  const universeOf = (store: Store<AlertRuleBody>) =>
    ruleUniverse({ source: { listsUniverse: true }, universe: () => [], store });

  it('is saved when the watchlist exists', () => {
    const store = open();
    const list = store.watchlists.create('Tech');
    const rule = createRule(store.alertRules, input(list.id), universeOf(store));
    expect(rule.scope).toEqual({ kind: 'watchlist', watchlistId: list.id });
  });

  it('is refused, naming the id, when the watchlist does not exist', () => {
    const store = open();
    const save = () => createRule(store.alertRules, input(999), universeOf(store));
    expect(save).toThrow(BridgeFailure);
    expect(save).toThrow('There is no watchlist 999');
    expect(store.alertRules.list()).toHaveLength(0);
  });

  it('an update onto a missing watchlist is refused; other edits of a rule whose list was deleted still save', () => {
    const store = open();
    const list = store.watchlists.create('Tech');
    const rule = createRule(store.alertRules, input(list.id), universeOf(store));
    expect(() =>
      updateRule(
        store.alertRules,
        { id: rule.id, patch: { scope: { kind: 'watchlist', watchlistId: 4242 } } },
        universeOf(store),
      ),
    ).toThrow('There is no watchlist 4242');
    store.watchlists.delete(list.id);
    const renamed = updateRule(
      store.alertRules,
      { id: rule.id, patch: { name: 'Renamed' } },
      universeOf(store),
    );
    expect(renamed.name).toBe('Renamed');
  });
});

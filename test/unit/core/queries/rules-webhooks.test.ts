// A rule naming a webhook that settings do not have would never deliver there: rules:create and a
// channels change in rules:update refuse it with invalid_input, as an unknown watchlist is refused.
import { afterEach, describe, expect, it } from 'vitest';
import { createRule, ruleUniverse, updateRule } from '../../../../src/core/queries/rules.ts';
import { openDatabase, type Store } from '../../../../src/core/store/database.ts';
import { alertRuleBodySchema, type AlertRuleBody } from '../../../../src/shared/alert-rules.ts';
import { BridgeFailure } from '../../../../src/shared/bridge/result.ts';

const stores: Store<AlertRuleBody>[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) if (s.isOpen) s.close();
});

function setup(webhooks: string[]) {
  const store = openDatabase<AlertRuleBody>(':memory:', { ruleSchema: alertRuleBodySchema });
  stores.push(store);
  const hooks = webhooks.map((id) => ({ id }));
  const universe = ruleUniverse({
    source: { listsUniverse: false },
    universe: () => [],
    store,
    settings: () => ({ notifications: { webhooks: hooks } }),
  });
  return { store, universe, hooks };
}

const input = (webhookIds: string[]) => ({
  name: 'Regime',
  condition: { kind: 'regime_change' as const },
  scope: { kind: 'all' as const },
  channels: { webhookIds },
});

function failure(fn: () => unknown): BridgeFailure {
  try {
    fn();
  } catch (error) {
    if (error instanceof BridgeFailure) return error;
    throw error;
  }
  throw new Error('expected a BridgeFailure');
}

describe('rules:create checks webhook ids against settings', () => {
  it.each([
    ['no webhook', [], null],
    ['a configured webhook', ['ops'], null],
    ['two configured webhooks', ['ops', 'team'], null],
    ['an unknown webhook', ['nope'], 'There is no webhook "nope" in Settings'],
    ['one known, one unknown', ['ops', 'gone'], 'There is no webhook "gone"'],
    ['a 100,000-character id', ['x'.repeat(100_000)], `There is no webhook "${'x'.repeat(48)}…"`],
  ])('%s', (_name, ids, error) => {
    const { store, universe } = setup(['ops', 'team']);
    const save = () => createRule(store.alertRules, input(ids), universe);
    if (error === null) {
      expect(save().channels.webhookIds).toEqual(ids);
      return;
    }
    const e = failure(save);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(error);
    // A crafted id is not echoed in full.
    expect(e.message.length).toBeLessThan(400);
    expect(e.issues?.[0]?.path).toMatch(/^channels\.webhookIds\.\d$/);
    expect(store.alertRules.list()).toHaveLength(0);
  });
});

describe('rules:update checks only the webhook ids it adds', () => {
  it('refuses a new unknown id, keeps a webhook deleted since, and leaves other edits alone', () => {
    const { store, universe, hooks } = setup(['ops', 'team']);
    const rule = createRule(store.alertRules, input(['ops']), universe);
    const channels = (webhookIds: string[]) => ({ ...rule.channels, webhookIds });

    const e = failure(() =>
      updateRule(store.alertRules, { id: rule.id, patch: { channels: channels(['ops', 'nope']) } }, universe),
    );
    expect(e.code).toBe('invalid_input');
    expect(store.alertRules.get(rule.id)?.rule.channels.webhookIds).toEqual(['ops']);

    hooks.splice(0, hooks.length, { id: 'team' }); // 'ops' deleted in Settings
    const moved = updateRule(
      store.alertRules,
      { id: rule.id, patch: { channels: { ...channels(['ops', 'team']), desktop: false } } },
      universe,
    );
    expect(moved.channels).toMatchObject({ desktop: false, webhookIds: ['ops', 'team'] });
    expect(updateRule(store.alertRules, { id: rule.id, patch: { name: 'Renamed' } }, universe).name).toBe(
      'Renamed',
    );
  });
});

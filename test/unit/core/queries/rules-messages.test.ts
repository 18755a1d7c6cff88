// rules:create and rules:update through the bridge's dispatch, with the core's rule handlers on a
// real store: a template with an unknown placeholder and "pass quiet hours" on a rule that is not
// critical are refused at save, with a message a user can act on.
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../../../src/core/bridge/dispatch.ts';
import { createRule, updateRule } from '../../../../src/core/queries/rules.ts';
import { openDatabase, type Store } from '../../../../src/core/store/database.ts';
import { alertRuleBodySchema, type AlertRuleBody } from '../../../../src/shared/alert-rules.ts';
import type { BridgeHandlers } from '../../../../src/shared/bridge/contract.ts';

const stores: Store<AlertRuleBody>[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) if (s.isOpen) s.close();
});

function setup() {
  const store = openDatabase<AlertRuleBody>(':memory:', { ruleSchema: alertRuleBodySchema });
  stores.push(store);
  const handlers = {
    'rules:create': async (input) => createRule(store.alertRules, input),
    'rules:update': async (input) => updateRule(store.alertRules, input),
  } as Partial<BridgeHandlers> as BridgeHandlers;
  return {
    store,
    call: (method: 'rules:create' | 'rules:update', input: unknown) => dispatch(handlers, method, input),
  };
}

const base = {
  name: 'SPY regime',
  condition: { kind: 'regime_change' },
  scope: { kind: 'ticker', ticker: 'SPY' },
};

describe('rules and their message settings', () => {
  it.each([
    [
      { title: '{{ticker}} {{close}}', body: '' },
      'template.title',
      'unknown placeholder {{close}}: use {{ticker}}',
    ],
    [
      { title: '', body: 'at {{ price }} and {{volume}}, {{oi}}' },
      'template.body',
      'unknown placeholders {{volume}}, {{oi}}',
    ],
  ])('create refuses template %j, naming the placeholder', async (template, path, message) => {
    const { call, store } = setup();
    const result = await call('rules:create', { ...base, template });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const issues = result.ok ? [] : (result.error.issues ?? []);
    expect(issues.map((i) => i.path)).toEqual([path]);
    expect(issues[0]?.message).toContain(message);
    expect(store.alertRules.list()).toHaveLength(0);
  });

  it('update refuses an unknown placeholder and keeps the rule as it was', async () => {
    const { call, store } = setup();
    const created = await call('rules:create', { ...base, template: { title: '{{ticker}}', body: '' } });
    const id = created.ok ? (created.value as { id: number }).id : 0;
    const result = await call('rules:update', { id, patch: { template: { title: '{{tickr}}', body: '' } } });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(store.alertRules.get(id)?.rule.template).toEqual({ title: '{{ticker}}', body: '' });
  });

  it('saves a template of known placeholders as written', async () => {
    const { call } = setup();
    const template = { title: '{{ticker}}: {{regime}}', body: '{{title}} at {{price}} ({{time}})' };
    const result = await call('rules:create', { ...base, template });
    expect(result).toMatchObject({ ok: true, value: { template } });
  });

  it.each(['info', 'warning'] as const)(
    'create refuses passing quiet hours on a %s rule',
    async (severity) => {
      const { call, store } = setup();
      const result = await call('rules:create', { ...base, severity, passQuietHours: true });
      expect(result).toMatchObject({
        ok: false,
        error: {
          code: 'invalid_input',
          message: `Only a critical rule may pass quiet hours; this one is ${severity}. Make it critical, or turn off "Deliver during quiet hours".`,
          issues: [{ path: 'passQuietHours' }],
        },
      });
      expect(store.alertRules.list()).toHaveLength(0);
    },
  );

  it('checks the merged rule: lowering a passing rule’s severity, or marking a warning rule, is refused', async () => {
    const { call, store } = setup();
    const created = await call('rules:create', { ...base, severity: 'critical', passQuietHours: true });
    expect(created).toMatchObject({ ok: true, value: { passQuietHours: true, severity: 'critical' } });
    const id = created.ok ? (created.value as { id: number }).id : 0;
    const lowered = await call('rules:update', { id, patch: { severity: 'warning' } });
    expect(lowered).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(store.alertRules.get(id)?.rule.severity).toBe('critical');
    // Lowering it with the pass turned off in the same patch is fine.
    const both = await call('rules:update', { id, patch: { severity: 'warning', passQuietHours: false } });
    expect(both).toMatchObject({ ok: true, value: { severity: 'warning', passQuietHours: false } });
    const marked = await call('rules:update', { id, patch: { passQuietHours: true } });
    expect(marked).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
});

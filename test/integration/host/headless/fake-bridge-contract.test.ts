// The fake bridge the UI tests run against must answer inside the contract, or the UI would be
// tested against shapes the real core never sends.
import { describe, expect, it } from 'vitest';
import { bridgeMethods, type BridgeMethod } from '../../../../src/shared/bridge.ts';
import { dispatch } from '../../../../src/core/bridge/dispatch.ts';
import { BRIDGE_SAMPLE_INPUTS } from '../../../support/bridge-samples.ts';
import { FakeBridge } from '../../../support/fake-bridge.ts';

const methods = Object.keys(bridgeMethods) as BridgeMethod[];

describe('the fake bridge honours the contract', () => {
  it.each(methods)('%s', async (method) => {
    const fake = new FakeBridge({ seeded: true });
    fake.tick();
    const errors: unknown[] = [];
    // A rule and an alert exist so the list/update/delete methods have something to act on.
    await fake.handlers['rules:create']({
      name: 'x',
      enabled: true,
      condition: { kind: 'gamma_regime_change', dwell: { snapshots: 1, minutes: 0 } },
      scope: { kind: 'all' },
      cooldownMinutes: 0,
      quietHours: null,
      snoozeUntil: null,
      severity: 'info',
      channels: { desktop: true, inApp: true, webhookIds: [] },
    });
    const result = await dispatch(fake.handlers, method, BRIDGE_SAMPLE_INPUTS[method], {
      validateOutput: true,
      onUnexpectedError: (_m, e) => errors.push(e),
    });
    expect(errors).toEqual([]);
    expect(result).toMatchObject({ ok: true });
  });

  it('raises an alert when a rule matches a new snapshot', async () => {
    const fake = new FakeBridge({ seeded: true });
    const seen: string[] = [];
    fake.subscribe((m) => {
      if (m.event === 'alert:new') seen.push(m.payload.title);
    });
    await fake.handlers['rules:create']({
      name: 'flips',
      enabled: true,
      condition: { kind: 'gamma_regime_change', dwell: { snapshots: 1, minutes: 0 } },
      scope: { kind: 'all' },
      cooldownMinutes: 0,
      quietHours: null,
      snoozeUntil: null,
      severity: 'warning',
      channels: { desktop: true, inApp: true, webhookIds: [] },
    });
    for (let i = 0; i < 40 && seen.length === 0; i += 1) fake.tick();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0]).toMatch(/gamma regime: (positive|negative) → (positive|negative)/);
  });
});

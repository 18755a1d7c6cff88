// The fake bridge's backtests (what the UI runs against with GAMMAWATCH_E2E_BACKEND=fake): inside
// the contract, progress for the run, a cancel that stops it, a track record with entries.
import { describe, expect, it } from 'vitest';
import type { BacktestProgress, BacktestResult } from '../../../../src/shared/bridge/backtest.ts';
import { dispatch } from '../../../../src/core/bridge/dispatch.ts';
import { FakeBridge } from '../../../support/fake-bridge.ts';

const RULE = {
  name: 'SPY gamma flips',
  enabled: true,
  condition: { kind: 'gamma_regime_change', dwell: { snapshots: 1, minutes: 0 } },
  scope: { kind: 'ticker', ticker: 'SPY' },
  cooldownMinutes: 0,
  quietHours: null,
  snoozeUntil: null,
  severity: 'info',
  channels: { desktop: false, inApp: true, webhookIds: [] },
};

async function call<T>(fake: FakeBridge, method: string, input: unknown): Promise<T> {
  const out = await dispatch(fake.handlers, method as never, input, { validateOutput: true });
  if (!out.ok) throw new Error(out.error.message);
  return out.value as T;
}

function progressOf(fake: FakeBridge): BacktestProgress[] {
  const seen: BacktestProgress[] = [];
  fake.subscribe((m) => {
    if (m.event === 'backtest:progress') seen.push(m.payload);
  });
  return seen;
}

describe('fake backtests', () => {
  it('replays a rule over the window with forward returns and a baseline', async () => {
    const fake = new FakeBridge({ seeded: true });
    const progress = progressOf(fake);
    const r = await call<BacktestResult>(fake, 'backtest:run', { runId: 'r1', rule: RULE, window: '1y' });
    expect(r.tickers).toEqual(['SPY']);
    expect(r.firings.length).toBeGreaterThan(0);
    expect(r.summary.count).toBe(r.firings.length);
    expect(r.baseline.sessions).toBeGreaterThan(300);
    expect(r.prices.SPY?.length).toBeGreaterThan(300);
    expect(r.cancelled).toBe(false);
    expect(progress.map((p) => p.runId)).toContain('r1');
    // The 1-session return is the next close over the firing's price.
    const f = r.firings[0]!;
    const closes = r.prices.SPY!;
    const i = closes.findIndex((c) => c.date === f.at.slice(0, 10));
    expect(f.forward['1d']).toBeCloseTo((closes[i + 1]!.close / f.price - 1) * 100, 10);
  });

  it('stops a cancelled run and says so', async () => {
    const fake = new FakeBridge({ seeded: true });
    const run = call<BacktestResult>(fake, 'backtest:run', {
      runId: 'r2',
      rule: { ...RULE, scope: { kind: 'all' } },
      window: '90d',
    });
    await call(fake, 'backtest:cancel', { runId: 'r2' });
    const r = await run;
    expect(r.cancelled).toBe(true);
    expect(r.tickers.length).toBeLessThan(5);
  });

  it('exports the run as CSV', async () => {
    const fake = new FakeBridge({ seeded: true });
    const result = await call<BacktestResult>(fake, 'backtest:run', {
      runId: 'r3',
      rule: RULE,
      window: '90d',
    });
    const file = await call<{ name: string; mime: string; content: string }>(fake, 'backtest:export', {
      result,
      format: 'csv',
    });
    expect(file.mime).toMatch(/csv/);
    expect(file.content).toContain('SPY');
  });

  it.each(['momentum_breakout', 'range_premium_seller'] as const)('track record of %s', async (preset) => {
    const fake = new FakeBridge({ seeded: true });
    const r = await call<BacktestResult>(fake, 'rankings:trackRecord', {
      runId: 't1',
      screener: { kind: 'preset', preset },
      window: '180d',
    });
    expect(r.firings.length).toBeGreaterThan(0);
    expect(r.firings.every((f) => f.title.startsWith('Entered'))).toBe(true);
  });

  it('refuses a saved screener that does not exist', async () => {
    const fake = new FakeBridge({ seeded: true });
    await expect(
      call(fake, 'rankings:trackRecord', {
        runId: 't2',
        screener: { kind: 'saved', viewId: 999 },
        window: '30d',
      }),
    ).rejects.toThrow(/No saved screener 999/);
  });
});

// The backtest end to end on a real SQLite file and the local simulator: the CLI on a fresh
// database prints the JSON of the issue; every forward return equals what the service's own
// daily price series gives; a second run reads the stored history; a run can be cancelled.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../../src/core/app/create-app.ts';
import { createBridgeHandlers } from '../../../src/core/bridge/handlers.ts';
import { realClock } from '../../../src/service/market/clock.ts';
import { alertRuleInputSchema } from '../../../src/shared/alert-rules.ts';
import { epochToNy } from '../../../src/shared/market-calendar.ts';
import { makeService, TEST_KEY, TEST_SEED } from '../../support/service-factory.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const entry = join(repoRoot, 'src/host/gammawatch.mjs');

function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [entry, ...args],
      { cwd: repoRoot, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({
          code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1,
          stdout,
          stderr,
        }),
    );
  });
}

interface CliFiring {
  ticker: string;
  at: string;
  title: string;
  price: number;
  forward: Record<'1d' | '5d' | '20d', number | null>;
  max_adverse_5d: number | null;
}

const RULE = {
  name: 'Gamma flips',
  condition: { kind: 'gamma_regime_change', dwell: { snapshots: 1, minutes: 0 } },
  scope: { kind: 'ticker', ticker: 'SPY' },
  cooldownMinutes: 0,
};

describe('gammawatch backtest', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gammawatch-backtest-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  let firings: CliFiring[] = [];
  it('prints the JSON shape on a fresh database with --base-url local', { timeout: 240_000 }, async () => {
    const db = join(dir, 'fresh.db');
    const args = [
      'backtest',
      '--db',
      db,
      '--base-url',
      'local',
      '--seed',
      String(TEST_SEED),
      '--tickers',
      'SPY',
    ];
    const run = await cli(...args, '--since', '90d', '--rule', JSON.stringify(RULE), '--json');
    expect(run.stderr).toMatch(/history 0\/1 SPY/);
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(
      expect.arrayContaining(['rule', 'from', 'to', 'firings', 'summary', 'baseline']),
    );
    expect(out['rule']).toMatchObject({ name: 'Gamma flips', condition: { kind: 'gamma_regime_change' } });
    firings = out['firings'] as CliFiring[];
    expect(firings.length).toBeGreaterThan(0);
    for (const f of firings) {
      expect(Object.keys(f).sort()).toEqual(['at', 'forward', 'max_adverse_5d', 'price', 'ticker', 'title']);
      expect(Object.keys(f.forward).sort()).toEqual(['1d', '20d', '5d']);
    }
    const summary = out['summary'] as { count: number; per_month: number; horizons: Record<string, unknown> };
    expect(summary.count).toBe(firings.length);
    expect(summary.per_month).toBeGreaterThan(0);
    expect(Object.keys(summary.horizons).sort()).toEqual(['1d', '20d', '5d']);
    expect((out['baseline'] as { sessions: number }).sessions).toBeGreaterThan(55);

    // Stored: the second run fills nothing and finds the same firings.
    const again = await cli(...args, '--since', '90d', '--rule', JSON.stringify(RULE), '--json');
    expect(JSON.parse(again.stdout).firings.map((f: CliFiring) => f.at)).toEqual(firings.map((f) => f.at));
  });

  it("gives forward returns equal to the service's own daily price series", async () => {
    const { app } = makeService({ clock: realClock() });
    try {
      // Six months cover the CLI's 90 days of firings and the 20 sessions after them; the
      // simulator's series costs CPU in proportion to its window (a year took 2.5x as long).
      const res = await app.inject({
        url: '/api/v2/tickers/SPY/series?metrics=price&window=6m',
        headers: { authorization: `Bearer ${TEST_KEY}` },
      });
      expect(res.statusCode).toBe(200);
      const points = (res.json() as { data: { points: { date: string; price: number }[] } }).data.points;
      // Today's value moves with the clock; finished sessions do not.
      const today = epochToNy(Date.now()).date;
      const closes = points.filter((p) => p.date < today);
      // The series reaches back to the first firing's session, so none is left uncompared.
      const firstFiring = firings.map((f) => epochToNy(Date.parse(f.at)).date).sort()[0];
      const from = closes[0]?.date ?? '';
      expect(from <= (firstFiring ?? ''), `series from ${from}, first firing ${firstFiring}`).toBe(true);
      let compared = 0;
      for (const f of firings) {
        const date = epochToNy(Date.parse(f.at)).date;
        const own = closes.find((p) => p.date === date);
        // A firing at the session's close saw exactly the series' close.
        if (own && epochToNy(Date.parse(f.at)).minutes >= 13 * 60) expect(f.price).toBe(own.price);
        const after = closes.filter((p) => p.date > date);
        for (const [h, n] of [
          ['1d', 1],
          ['5d', 5],
          ['20d', 20],
        ] as const) {
          const close = after[n - 1];
          if (!close) continue;
          expect(f.forward[h]).toBeCloseTo((close.price / f.price - 1) * 100, 9);
          compared++;
        }
      }
      // Not vacuous: horizons were compared (how many depends on how near today the firings
      // fell on the real clock: a firing of the last days has no 5- or 20-session close yet).
      expect(compared).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });

  describe('over the bridge', () => {
    let app: App;
    beforeAll(async () => {
      app = await createApp({
        dataDir: join(dir, 'bridge'),
        dataSource: { kind: 'local', seed: TEST_SEED, clock: 'real' },
        pollOnStart: false,
        log: () => undefined,
      });
    });
    afterAll(async () => {
      await app?.stop();
    });

    it('cancels a run: the answer comes back marked cancelled', { timeout: 120_000 }, async () => {
      const handlers = createBridgeHandlers(app);
      const phases: string[] = [];
      const cancels: Promise<{ cancelled: boolean }>[] = [];
      const unsubscribe = app.events.subscribe((m) => {
        if (m.event !== 'backtest:progress') return;
        phases.push(m.payload.phase);
        if (cancels.length === 0) cancels.push(handlers['backtest:cancel']({ runId: 'cancel-me' }));
      });
      try {
        const result = await handlers['backtest:run']({
          runId: 'cancel-me',
          rule: alertRuleInputSchema.parse({ ...RULE, scope: { kind: 'ticker', ticker: 'QQQ' } }),
          window: '2y',
        });
        expect(await Promise.all(cancels)).toEqual([{ cancelled: true }]);
        expect(result.cancelled).toBe(true);
        expect(phases[0]).toBe('history');
        expect(phases).not.toContain('returns');
        // Nothing is running under that id any more.
        expect(await handlers['backtest:cancel']({ runId: 'cancel-me' })).toEqual({ cancelled: false });
      } finally {
        unsubscribe();
      }
    });
  });
});

// The backtest replays rules with the live engine: the same snapshots fed through live ingest
// (one poll at a time, events stored) and through replayRule give the same firings, for the
// semantics that carry state: cooldown, threshold hysteresis, dwell, snooze.
import { afterEach, describe, expect, it } from 'vitest';
import { alertRuleBodySchema, type AlertRuleBody } from '../../../../src/shared/alert-rules.ts';
import { orderSeries, replayRule } from '../../../../src/core/backtest/rule-replay.ts';
import { storedSeries } from '../../../../src/core/backtest/stored-history.ts';
import { ingestFetched, type Fetched, type IngestDeps } from '../../../../src/core/store/ingest.ts';
import { requestsFor } from '../../../../src/core/poller/jobs.ts';
import type { PollResult } from '../../../../src/core/poller/poll-client.ts';
import { openDatabase, type Store } from '../../../../src/core/store/database.ts';
import { at } from '../../../support/watcher-factory.ts';

const stores: Store<AlertRuleBody>[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) if (s.isOpen) s.close();
});

const channels = { desktop: true, inApp: true, webhooks: [], quietHours: null };
const [signalsSpy] = requestsFor('signals', { tickers: ['SPY'], screeners: [], seriesWindow: '30d' });

function poll(asof: number, data: Record<string, unknown>): Fetched {
  const result: PollResult = {
    body: { meta: { asof: new Date(asof).toISOString() }, data: { ticker: 'SPY', ...data } },
    url: 'x',
    status: 200,
    notModified: false,
    fromCache: false,
    stale: false,
    etag: null,
    fetchedAt: asof,
    bytes: 10,
    durationMs: 1,
    attempts: 1,
    warnings: [],
  };
  return { request: signalsSpy as Fetched['request'], result };
}

/** A deterministic walk: labels that flicker and hold, a metric hovering around 50. */
function sequence(): { asof: number; data: Record<string, unknown> }[] {
  const regimes = [
    'range_bound',
    'range_bound',
    'flush_panic',
    'range_bound',
    'flush_panic',
    'flush_panic',
    'flush_panic',
  ];
  const gammas = [
    'positive',
    'negative',
    'negative',
    'positive',
    'positive',
    'negative',
    'negative',
    'negative',
  ];
  const ivRanks = [44, 52, 49, 53, 41, 55, 56, 47, 44, 58, 51, 43];
  const out: { asof: number; data: Record<string, unknown> }[] = [];
  let seed = 7;
  const rand = (): number => (seed = (seed * 48271) % 2147483647) / 2147483647;
  let t = at('2025-03-10', '09:35');
  for (let i = 0; i < 240; i++) {
    t += (5 + Math.floor(rand() * 3) * 5) * 60_000;
    out.push({
      asof: t,
      data: {
        price: 500 + Math.round(rand() * 2000) / 100,
        regime_label: regimes[Math.floor(rand() * regimes.length)],
        gamma_regime: gammas[Math.floor(rand() * gammas.length)],
        iv_rank: ivRanks[i % ivRanks.length],
      },
    });
  }
  return out;
}

const RULES: [string, unknown][] = [
  [
    'regime change, dwell 3 snapshots / 20 min, cooldown 0',
    {
      condition: { kind: 'regime_change', dwell: { snapshots: 3, minutes: 20 } },
      cooldownMinutes: 0,
    },
  ],
  [
    'gamma regime change, default dwell, cooldown 90',
    { condition: { kind: 'gamma_regime_change' }, cooldownMinutes: 90 },
  ],
  [
    'threshold above 50 with hysteresis 5, cooldown 0',
    {
      condition: { kind: 'metric_threshold', metric: 'iv_rank', op: 'above', value: 50, hysteresis: 5 },
      cooldownMinutes: 0,
    },
  ],
  [
    'threshold below 45, cooldown 60',
    {
      condition: { kind: 'metric_threshold', metric: 'iv_rank', op: 'below', value: 45 },
      cooldownMinutes: 60,
    },
  ],
  [
    'snoozed until the second day (wall time = the snapshot time)',
    {
      condition: { kind: 'regime_change', dwell: { snapshots: 1, minutes: 0 } },
      cooldownMinutes: 0,
      snoozeUntil: new Date(at('2025-03-11', '12:00')).toISOString(),
    },
  ],
  [
    'quiet hours all day: firings still count',
    {
      condition: { kind: 'gamma_regime_change', dwell: { snapshots: 1, minutes: 0 } },
      cooldownMinutes: 30,
      quietHours: { start: '00:00', end: '23:59' },
    },
  ],
];

describe('backtest replay = live alerts over the same snapshots', () => {
  it.each(RULES)('%s', (_name, partial) => {
    const store = openDatabase<AlertRuleBody>(':memory:', { ruleSchema: alertRuleBodySchema });
    stores.push(store);
    const body = alertRuleBodySchema.parse({ scope: { kind: 'all' }, ...(partial as object) });
    const created = store.alertRules.create({ name: 'rule', rule: body });
    let wallNow = 0;
    const deps: IngestDeps = {
      store,
      channels: () => channels,
      wallNow: () => wallNow,
      marketNow: () => wallNow,
    };
    for (const s of sequence()) {
      wallNow = s.asof;
      ingestFetched(deps, [poll(s.asof, s.data)]);
    }
    const live = store.alertEvents
      .list({ limit: 10_000 })
      .map((e) => ({ asof: e.asof, ticker: e.ticker, title: (e.payload as { title: string }).title }))
      .sort((a, b) => a.asof - b.asof);

    const series = orderSeries(
      storedSeries(store, { endpoint: 'signals', ticker: 'SPY', params: {} }, 0, 8.64e15),
    );
    const replayed = replayRule([series], {
      rule: { id: created.id, name: 'rule', enabled: true, body },
      channels,
      watchlistTickers: () => new Set(),
      reportFrom: 0,
    }).map(({ event }) => ({ asof: event.asof, ticker: event.ticker, title: event.title }));

    expect(live.length).toBeGreaterThan(0);
    expect(replayed).toEqual(live);
  });

  it('reports only firings from reportFrom on, while earlier ones still hold the cooldown', () => {
    const s = sequence().map((x) => ({
      endpoint: 'signals' as const,
      ticker: 'SPY',
      params: {},
      asof: x.asof,
      payload: { ticker: 'SPY', ...x.data },
    }));
    const rule = {
      id: 1,
      name: 'r',
      enabled: true,
      body: alertRuleBodySchema.parse({
        condition: { kind: 'gamma_regime_change', dwell: { snapshots: 1, minutes: 0 } },
        scope: { kind: 'all' },
        cooldownMinutes: 24 * 60,
      }),
    };
    const options = { rule, channels, watchlistTickers: () => new Set<string>(), reportFrom: 0 };
    const all = replayRule([s], options);
    expect(all.length).toBeGreaterThan(1);
    const first = all[0]?.event.asof as number;
    // From just after the first firing: its cooldown (a day) hides what the full run hid too.
    const later = replayRule([s], { ...options, reportFrom: first + 1 });
    expect(later.map((f) => f.event.asof)).toEqual(all.slice(1).map((f) => f.event.asof));
  });
});

// One ticker, one change, two rules: ONE notification naming both, through the real path: ingest
// into a SQLite file, the deliveries it queues, the dispatcher, the desktop channel with the
// recording notifier and a webhook to a local HTTP stand-in.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { alertRuleBodySchema, type AlertRuleBody } from '../../../../src/shared/alert-rules.ts';
import { defaultSettings } from '../../../../src/shared/bridge/settings.ts';
import { outgoingFromStore } from '../../../../src/core/notify/outgoing-event.ts';
import { channelResolver } from '../../../../src/core/notify/channel-lookup.ts';
import { NotificationDispatcher } from '../../../../src/core/notify/dispatcher.ts';
import { ingestFetched, type Fetched, type IngestDeps } from '../../../../src/core/store/ingest.ts';
import { requestsFor } from '../../../../src/core/poller/jobs.ts';
import type { PollResult } from '../../../../src/core/poller/poll-client.ts';
import { loadBridgeEvent } from '../../../../src/core/queries/alerts.ts';
import type { Settings } from '../../../../src/core/settings/schema.ts';
import { openDatabase, type Store } from '../../../../src/core/store/database.ts';
import type { AlertEvent } from '../../../../src/shared/bridge/alerts.ts';
import { tempDir } from '../../../support/store-factory.ts';
import { at, recordingNotifier, type RecordingNotifier } from '../../../support/watcher-factory.ts';

let tmp: ReturnType<typeof tempDir>;
let store: Store<AlertRuleBody>;
let notifier: RecordingNotifier;
let inApp: AlertEvent[];

beforeEach(() => {
  tmp = tempDir('gw-one-notification-');
  store = openDatabase<AlertRuleBody>(tmp.file('gammawatch.db'), { ruleSchema: alertRuleBodySchema });
  notifier = recordingNotifier();
  inApp = [];
});

afterEach(() => {
  if (store.isOpen) store.close();
  tmp.cleanup();
});

const settings = { ...defaultSettings } as Settings;
const [signalsSpy] = requestsFor('signals', { tickers: ['SPY'], screeners: [], seriesWindow: '30d' });

function signals(regime: string, minutes: number): Fetched {
  const asof = at('2026-03-02', '14:00') + minutes * 60_000;
  const result: PollResult = {
    body: {
      meta: { asof: new Date(asof).toISOString() },
      data: { ticker: 'SPY', price: 598.2, gamma_regime: 'negative', gex_flip: 600.1, regime_label: regime },
    },
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

const deps = (): IngestDeps => ({
  store,
  channels: () => ({ desktop: true, inApp: true, webhooks: [], quietHours: null }),
  wallNow: () => at('2026-03-02', '14:10'),
  marketNow: () => at('2026-03-02', '14:10'),
});

function dispatcher(): NotificationDispatcher {
  return new NotificationDispatcher({
    deliveries: store.deliveries,
    loadEvent: (id) => loadBridgeEvent({ events: store.alertEvents, deliveries: store.deliveries }, id),
    channel: channelResolver({
      settings: () => settings,
      desktop: notifier,
      emitInApp: (event) => inApp.push(event),
      secret: () => null,
      env: {},
    }),
    outgoing: outgoingFromStore(store),
  });
}

const regimeRule = (name: string, scope: unknown, severity = 'info') =>
  store.alertRules.create({
    name,
    rule: alertRuleBodySchema.parse({
      condition: { kind: 'regime_change', dwell: { snapshots: 1, minutes: 0 } },
      scope,
      cooldownMinutes: 0,
      severity,
    }),
  });

describe('one notification per ticker and change', () => {
  it('two rules matching one change: two history events, one desktop and one in-app notification naming both', async () => {
    const all = regimeRule('Regime changes, all tickers', { kind: 'all' });
    const spy = regimeRule('SPY regime', { kind: 'ticker', ticker: 'SPY' }, 'warning');
    const d = dispatcher();
    ingestFetched(deps(), [signals('range_bound', 0)]);
    const out = ingestFetched(deps(), [signals('flush_panic', 5)]);
    d.dispatch(out.eventIds);
    await d.idle();

    // The history keeps one event per rule.
    expect(out.eventIds).toHaveLength(2);
    const events = store.alertEvents.list();
    expect(events.map((e) => e.ruleId).sort()).toEqual([all.id, spy.id].sort());

    // One notification per channel, from the more severe rule's event, naming both rules.
    expect(notifier.shown).toHaveLength(1);
    expect(inApp).toHaveLength(1);
    const shown = notifier.shown[0];
    expect(shown?.body).toContain('Rules: SPY regime; Regime changes, all tickers.');
    expect(shown?.urgency).toBe('normal');

    // The other event says where its notification went.
    const other = events.find((e) => e.ruleId === all.id);
    const rows = store.deliveries.forEvent(other?.id as number);
    expect(rows.map((r) => [r.channel, r.state])).toEqual(
      expect.arrayContaining([
        ['desktop', 'skipped'],
        ['in_app', 'skipped'],
      ]),
    );
    expect(rows.map((r) => r.lastError)).toEqual(rows.map(() => 'sent once with "SPY regime" (same change)'));

    // One change is one unread alert: the carried event starts read.
    expect(store.alertEvents.count({ unreadOnly: true })).toBe(1);
    expect(other?.readAt).not.toBeNull();
    expect(events.find((e) => e.ruleId === spy.id)?.readAt).toBeNull();
  });

  it('different changes of one ticker, or one change of two tickers, are each their own', async () => {
    regimeRule('Regime changes, all tickers', { kind: 'all' });
    store.alertRules.create({
      name: 'Gamma regime',
      rule: alertRuleBodySchema.parse({
        condition: { kind: 'gamma_regime_change', dwell: { snapshots: 1, minutes: 0 } },
        scope: { kind: 'all' },
        cooldownMinutes: 0,
      }),
    });
    const d = dispatcher();
    const first = signals('range_bound', 0);
    (first.result.body.data as Record<string, unknown>)['gamma_regime'] = 'positive';
    (first.result.body.data as Record<string, unknown>)['price'] = 601.5;
    ingestFetched(deps(), [first]);
    const out = ingestFetched(deps(), [signals('flush_panic', 5)]);
    d.dispatch(out.eventIds);
    await d.idle();
    expect(out.eventIds).toHaveLength(2);
    expect(notifier.shown.map((n) => n.title).sort()).toEqual([
      'SPY gamma regime: Positive → Negative',
      'SPY regime: Range-bound → Flush / panic',
    ]);
    const gamma = notifier.shown.find((n) => n.title.includes('gamma'));
    expect(gamma?.body).toContain(
      'SPY gamma Positive → Negative: spot $598.20 crossed below the flip $600.10 (−0.32%).',
    );
  });
});

// An alert's figures as fields, kind by kind, from the details the alerts engine stores with the
// event; and the generic webhook body that carries them beside every field it always had.
import { describe, expect, it } from 'vitest';
import { alertFacts, type AlertFacts } from '../../../../src/core/notify/alert-facts.ts';
import { webhookRequest } from '../../../../src/core/notify/webhook-request.ts';
import type { AlertEvent } from '../../../../src/shared/bridge/alerts.ts';

const SIGNALS = { price: 598.2, gex_flip: 600.1 };
const NO_FACTS = { level: null, metric: null, threshold: null };

describe('the facts of an alert', () => {
  it.each<[string, Pick<AlertEvent, 'kind' | 'transition'>, unknown, AlertFacts]>([
    [
      'a level cross: the level, spot now and before',
      { kind: 'level_cross', transition: { from: 'below', to: 'above' } },
      {
        level: 'gamma_flip',
        spot: 601,
        level_value: 600.1,
        previous_spot: 598.2,
        previous_level_value: 600.4,
        moved: 'spot',
      },
      {
        ...NO_FACTS,
        level: { name: 'gamma_flip', label: 'gamma flip', value: 600.1, previous: 600.4 },
        value: 601,
        previous: 598.2,
        price: 601,
      },
    ],
    [
      'a level cross of a price of the rule’s own',
      { kind: 'level_cross', transition: { from: 'above', to: 'below' } },
      { level: 'custom', spot: 639, level_value: 640, previous_spot: 641, previous_level_value: 640 },
      {
        ...NO_FACTS,
        level: { name: 'custom', label: '640.00', value: 640, previous: 640 },
        value: 639,
        previous: 641,
        price: 639,
      },
    ],
    [
      'a threshold: the metric, its value now and before, the threshold',
      { kind: 'metric_threshold', transition: { from: '68', to: '72' } },
      { metric: 'iv_rank', value: 72, previous: 68, threshold: 70, hysteresis: 0 },
      { ...NO_FACTS, metric: 'iv_rank', threshold: 70, value: 72, previous: 68, price: 598.2 },
    ],
    [
      'a regime change: the labels, and spot from the event',
      { kind: 'gamma_regime_change', transition: { from: 'positive', to: 'negative' } },
      { field: 'gamma_regime', price: 597.5, gex_flip: 600.1 },
      { ...NO_FACTS, value: 'negative', previous: 'positive', price: 597.5 },
    ],
    [
      'a screener entry',
      { kind: 'screener_enter', transition: { from: 'out', to: 'in' } },
      { screener: 'range_premium_seller', opportunity_score: 71.5 },
      { ...NO_FACTS, value: 'in', previous: 'out', price: 598.2 },
    ],
    [
      'an event stored without details',
      { kind: 'earnings_approaching', transition: null },
      undefined,
      { ...NO_FACTS, value: null, previous: null, price: 598.2 },
    ],
  ])('%s', (_name, event, details, want) => {
    expect(alertFacts(event, details, SIGNALS)).toEqual(want);
  });

  it('without a signals snapshot, spot is what the event stored, or unknown', () => {
    expect(alertFacts({ kind: 'regime_change', transition: null }, {}, null).price).toBeNull();
  });
});

describe('the generic webhook body', () => {
  const event: AlertEvent = {
    id: 42,
    ruleId: 3,
    ruleName: 'SPY flip',
    ticker: 'SPY',
    kind: 'level_cross',
    severity: 'warning',
    title: 'SPY spot rose above the gamma flip',
    message: 'Spot moved from $598.20 to $601.00.',
    transition: { from: 'below', to: 'above' },
    asof: '2026-03-02T15:00:00.000Z',
    endpoint: 'market_structure',
    source: { id: 'folder:/data/chains', label: 'Chain folder (/data/chains)', simulated: false },
    createdAt: '2026-03-02T15:00:01.000Z',
    read: false,
    deliveries: [],
  };
  const facts = alertFacts(event, { level: 'gamma_flip', spot: 601, level_value: 600.1 }, null);

  it('keeps every field it had, and adds the figures', () => {
    const body = webhookRequest('generic', 'https://hooks.example.com', { ...event, facts }).body;
    expect(body).toEqual({
      source: 'gammawatch',
      type: 'alert',
      idempotency_key: `gammawatch-42-${Date.parse(event.createdAt)}`,
      simulated: false,
      event_ids: [42],
      event: {
        id: 42,
        rule: 'SPY flip',
        ruleId: 3,
        ticker: 'SPY',
        kind: 'level_cross',
        severity: 'warning',
        title: event.title,
        message: event.message,
        transition: { from: 'below', to: 'above' },
        asof: event.asof,
        createdAt: event.createdAt,
        occurred_at: '2026-03-02T15:00:00.000Z',
        level: { name: 'gamma_flip', label: 'gamma flip', value: 600.1, previous: null },
        value: 601,
        previous: null,
        metric: null,
        threshold: null,
        price: 601,
        source: { id: 'folder:/data/chains', label: 'Chain folder (/data/chains)' },
        simulated: false,
      },
    });
  });

  it('an event with no figures known has every key, as null', () => {
    const body = webhookRequest('generic', 'https://hooks.example.com', event).body as {
      event: Record<string, unknown>;
    };
    for (const key of ['level', 'value', 'previous', 'metric', 'threshold', 'price'])
      expect(body.event[key]).toBeNull();
  });
});

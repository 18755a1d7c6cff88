import { afterEach, describe, expect, it } from 'vitest';
import type { DeliveryOutcome, NotificationChannel } from '../../../../src/core/notify/channel.ts';
import { NotificationDispatcher } from '../../../../src/core/notify/dispatcher.ts';
import { loadBridgeEvent } from '../../../../src/core/queries/alerts.ts';
import { openDatabase, type Store } from '../../../../src/core/store/database.ts';

const stores: Store<unknown>[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) if (s.isOpen) s.close();
});

function setup(channels: Record<string, NotificationChannel>, onDelivered?: (eventId: number) => void) {
  const store = openDatabase(':memory:');
  stores.push(store);
  const { event } = store.alertEvents.insertIfNew({
    ticker: 'SPY',
    kind: 'regime_change',
    severity: 'warning',
    asof: Date.UTC(2025, 2, 10, 15),
    payload: { ruleName: 'r', title: 'SPY regime: a → b', message: 'm', endpoint: 'signals', details: {} },
    idempotencyKey: 'k1',
  });
  store.deliveries.queue(event.id, Object.keys(channels));
  const dispatcher = new NotificationDispatcher({
    deliveries: store.deliveries,
    loadEvent: (id) => loadBridgeEvent({ events: store.alertEvents, deliveries: store.deliveries }, id),
    channel: (name) => channels[name] ?? null,
    ...(onDelivered ? { onDelivered } : {}),
  });
  return { store, dispatcher, eventId: event.id };
}

const channel = (id: string, deliver: () => Promise<DeliveryOutcome>): NotificationChannel => ({
  id,
  kind: 'webhook',
  deliver,
});

describe('NotificationDispatcher', () => {
  it('records each channel’s outcome independently', async () => {
    const { store, dispatcher, eventId } = setup({
      in_app: channel('in_app', async () => ({ state: 'sent', attempts: 1 })),
      desktop: channel('desktop', async () => ({ state: 'skipped', attempts: 0, reason: 'no daemon' })),
      'webhook:ops': channel('webhook:ops', async () => ({
        state: 'failed',
        attempts: 3,
        error: 'HTTP 500',
      })),
      'webhook:bug': channel('webhook:bug', async () => {
        throw new Error('channel bug');
      }),
    });
    dispatcher.dispatch([eventId]);
    await dispatcher.idle();
    expect(store.deliveries.forEvent(eventId).map((d) => [d.channel, d.state, d.lastError])).toEqual([
      ['desktop', 'skipped', 'no daemon'],
      ['in_app', 'sent', null],
      ['webhook:bug', 'failed', 'channel bug'],
      ['webhook:ops', 'failed', 'HTTP 500'],
    ]);
  });

  it('a hanging channel holds up nobody else', async () => {
    let release!: () => void;
    const hang = new Promise<void>((r) => (release = r));
    let firstRecorded!: () => void;
    const recorded = new Promise<void>((r) => (firstRecorded = r));
    const { store, dispatcher, eventId } = setup(
      {
        in_app: channel('in_app', async () => ({ state: 'sent', attempts: 1 })),
        'webhook:slow': channel('webhook:slow', async () => {
          await hang;
          return { state: 'sent', attempts: 1 };
        }),
      },
      () => firstRecorded(),
    );
    dispatcher.dispatch([eventId]);
    await recorded;
    expect(store.deliveries.forEvent(eventId).map((d) => [d.channel, d.state])).toEqual([
      ['in_app', 'sent'],
      ['webhook:slow', 'pending'],
    ]);
    release();
    await dispatcher.idle();
    expect(store.deliveries.forEvent(eventId).every((d) => d.state === 'sent')).toBe(true);
  });

  it('retries failed deliveries later, up to the attempt limit, and skips unknown channels', async () => {
    let calls = 0;
    const { store, dispatcher, eventId } = setup({
      'webhook:flaky': channel('webhook:flaky', async () =>
        ++calls < 2 ? { state: 'failed', attempts: 1, error: 'x' } : { state: 'sent', attempts: 1 },
      ),
    });
    store.deliveries.queue(eventId, ['webhook:gone']);
    dispatcher.dispatch([eventId]);
    await dispatcher.idle();
    dispatcher.retryDue();
    await dispatcher.idle();
    expect(store.deliveries.forEvent(eventId).map((d) => [d.channel, d.state])).toEqual([
      ['webhook:flaky', 'sent'],
      ['webhook:gone', 'skipped'],
    ]);
    expect(calls).toBe(2);
  });
});

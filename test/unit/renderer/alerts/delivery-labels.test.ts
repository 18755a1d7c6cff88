import { describe, expect, it } from 'vitest';
import { DELIVERY_CHANNELS, type Delivery } from '../../../../src/shared/bridge/alerts.ts';
import {
  DELIVERY_CHANNEL_NAMES,
  deliveryName,
  deliveryNote,
  deliveryTitle,
} from '../../../../src/renderer/features/alerts/delivery-labels.ts';

const base: Delivery = {
  channel: 'telegram',
  target: null,
  state: 'sent',
  attempts: 1,
  lastError: null,
  quietHours: null,
  digestUntil: null,
};

describe('a delivery in the alert history', () => {
  it.each([
    [{ channel: 'telegram' }, 'Telegram'],
    [{ channel: 'email' }, 'E-mail'],
    [{ channel: 'pushover' }, 'Pushover'],
    [{ channel: 'in_app' }, 'In app'],
    [{ channel: 'desktop' }, 'Desktop'],
    [{ channel: 'webhook', target: 'discord' }, 'Webhook discord'],
  ] as const)('%j is called %s', (patch, name) => {
    expect(deliveryName({ ...base, ...patch })).toBe(name);
  });

  it('names every channel in words', () => {
    for (const channel of DELIVERY_CHANNELS) {
      expect(DELIVERY_CHANNEL_NAMES[channel]).not.toMatch(/_/);
      expect(DELIVERY_CHANNEL_NAMES[channel].charAt(0)).toMatch(/[A-Z]/);
    }
  });

  // 2026-03-02 is in EST (UTC−5): 15:45Z is 10:45 in New York.
  it.each<[Partial<Delivery>, string | null]>([
    [{}, null],
    [{ quietHours: 'held', state: 'skipped' }, 'Held (quiet hours)'],
    [{ quietHours: 'passed' }, 'Passed quiet hours'],
    [{ digestUntil: '2026-03-02T15:45:00Z', state: 'pending' }, 'In digest until 10:45 ET'],
    [
      { quietHours: 'passed', digestUntil: '2026-03-02T15:45:00Z' },
      'Passed quiet hours · In digest until 10:45 ET',
    ],
    [{ quietHours: 'held', digestUntil: '2026-03-02T15:45:00Z' }, 'Held (quiet hours)'],
    [{ digestUntil: 'not a time' }, null],
  ])('%j → %s', (patch, note) => {
    expect(deliveryNote({ ...base, ...patch })).toBe(note);
  });

  it('puts every detail in the tooltip, in words', () => {
    expect(
      deliveryTitle({
        ...base,
        channel: 'email',
        state: 'failed',
        attempts: 3,
        lastError: 'SMTP 451 try later',
      }),
    ).toBe('E-mail: Failed — 3 attempts — SMTP 451 try later');
    expect(deliveryTitle({ ...base, quietHours: 'held', state: 'skipped', attempts: 0 })).toBe(
      'Telegram: Skipped — Held (quiet hours)',
    );
  });
});

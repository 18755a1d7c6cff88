import { describe, expect, it } from 'vitest';
import {
  desktopChannel,
  desktopNotification,
  type DesktopNotification,
} from '../../../../src/core/notify/channel.ts';
import type { AlertEvent } from '../../../../src/shared/bridge/alerts.ts';

const event = (over: Partial<AlertEvent>): AlertEvent => ({
  id: 9,
  ruleId: 3,
  ruleName: 'SPY moves',
  ticker: 'SPY',
  kind: 'metric_threshold',
  severity: 'warning',
  title: 'SPY price above 512.5',
  message: 'price is 513 (above 512.5; was 512).',
  transition: null,
  asof: '2026-03-02T15:00:00.000Z',
  endpoint: 'signals',
  source: { id: 'folder:/data/chains', label: 'Chain folder (/data/chains)', simulated: false },
  createdAt: '2026-03-02T15:00:01.000Z',
  read: false,
  deliveries: [],
  ...over,
});

describe('desktop notification of an alert event', () => {
  it.each<[string, Partial<AlertEvent>, DesktopNotification]>([
    [
      'names the rule under the message',
      {},
      {
        title: 'SPY price above 512.5',
        body: 'price is 513 (above 512.5; was 512).\nRule: SPY moves',
        urgency: 'normal',
        tag: '9',
      },
    ],
    [
      'maps severity to urgency (info → low)',
      { severity: 'info', id: 12 },
      {
        title: 'SPY price above 512.5',
        body: 'price is 513 (above 512.5; was 512).\nRule: SPY moves',
        urgency: 'low',
        tag: '12',
      },
    ],
    [
      'maps severity to urgency (critical → critical)',
      { severity: 'critical', ruleName: '  QQQ flip ' },
      {
        title: 'SPY price above 512.5',
        body: 'price is 513 (above 512.5; was 512).\nRule: QQQ flip',
        urgency: 'critical',
        tag: '9',
      },
    ],
    [
      'leaves the rule out when it has no name',
      { ruleName: ' ' },
      {
        title: 'SPY price above 512.5',
        body: 'price is 513 (above 512.5; was 512).',
        urgency: 'normal',
        tag: '9',
      },
    ],
  ])('%s', (_name, over, expected) => {
    expect(desktopNotification(event(over))).toEqual(expected);
  });

  it('the desktop channel hands the notifier that notification and the abort signal', async () => {
    const seen: [DesktopNotification, AbortSignal | undefined][] = [];
    const channel = desktopChannel({
      name: 'recording',
      async notify(n, signal) {
        seen.push([n, signal]);
        return { state: 'sent', attempts: 1 };
      },
    });
    const signal = new AbortController().signal;
    expect(await channel.deliver(event({}), signal)).toEqual({ state: 'sent', attempts: 1 });
    expect(seen).toEqual([[desktopNotification(event({})), signal]]);
  });
});

// The pure parts of the Telegram, e-mail and Pushover channels: the loopback-only test hook, the
// bot token masked wherever it shows, Pushover's priority per severity, the footer and Message-ID.
import { describe, expect, it } from 'vitest';
import { eventFooter, messageIdOf } from '../../../../src/core/notify/outgoing.ts';
import { PUSHOVER_PRIORITY } from '../../../../src/core/notify/pushover.ts';
import { redactSecrets } from '../../../../src/core/notify/url-redaction.ts';
import { serviceOrigin } from '../../../../src/core/notify/service-origin.ts';
import { digestEvent, templatedEvent, templateValues } from '../../../../src/core/notify/templated.ts';
import type { AlertEvent } from '../../../../src/shared/bridge/alerts.ts';

const event = (id: number, createdAt: string, severity: AlertEvent['severity'] = 'info'): AlertEvent => ({
  id,
  ruleId: 1,
  ruleName: 'r',
  ticker: 'SPY',
  kind: 'regime_change',
  severity,
  title: `SPY change ${id}`,
  message: 'built-in text',
  transition: { from: 'a', to: 'b' },
  asof: createdAt,
  endpoint: 'signals',
  source: { id: 'folder:/data/chains', label: 'Chain folder (/data/chains)', simulated: false },
  createdAt,
  read: false,
  deliveries: [],
});

describe('message channels', () => {
  it.each([
    [undefined, 'https://api.telegram.org'],
    ['http://127.0.0.1:4567', 'http://127.0.0.1:4567'],
    ['https://localhost:9/x', 'https://localhost:9'],
    ['https://evil.example', 'https://api.telegram.org'],
    ['http://127.0.0.1.evil.example', 'https://api.telegram.org'],
    ['http://user:pw@127.0.0.1:1', 'https://api.telegram.org'],
    ['file:///etc/passwd', 'https://api.telegram.org'],
    ['not a url', 'https://api.telegram.org'],
  ])('the Telegram origin hook %s → %s', (value, origin) => {
    expect(
      serviceOrigin('telegram', value === undefined ? {} : { GAMMAWATCH_TELEGRAM_API_ORIGIN: value }),
    ).toBe(origin);
  });

  it.each([
    [
      'fetch failed: https://api.telegram.org/bot123456789:AAHsecretsecretsecretsecret12/sendMessage',
      'fetch failed: https://api.telegram.org/bot***/sendMessage',
    ],
    ['token 123456789:AAHsecretsecretsecretsecret12 refused', 'token *** refused'],
    ['port 8080:1 is fine', 'port 8080:1 is fine'],
  ])('masks a bot token in %s', (text, clean) => {
    expect(redactSecrets(text)).toBe(clean);
  });

  it.each([
    ['info', -1],
    ['warning', 0],
    ['critical', 1],
  ] as const)('Pushover priority for %s is %i', (severity, priority) => {
    expect(PUSHOVER_PRIORITY[severity]).toBe(priority);
  });

  it('every message names its events; the Message-ID is stable per event', () => {
    const e = event(42, '2025-03-10T16:00:00.000Z');
    expect(eventFooter(e)).toBe('Gammawatch event 42');
    expect(messageIdOf(e)).toBe(`<gammawatch-42-${Date.parse(e.createdAt)}@gammawatch>`);
    const digest = digestEvent([e, event(43, '2025-03-10T16:01:00.000Z', 'critical')]);
    expect(eventFooter(digest)).toBe('Gammawatch events 43, 42');
    expect(digest.severity).toBe('critical');
    expect(digest.message).toBe('2 alerts\n12:01 SPY change 43\n12:00 SPY change 42');
  });

  it('a template fills what it knows, shows a dash for what is missing, keeps a blank part built-in', () => {
    const e = event(7, '2025-03-10T16:00:00.000Z', 'warning');
    const values = templateValues(e, { price: 501.5, regime_label: 'range_bound' });
    expect(values).toMatchObject({ ticker: 'SPY', price: '501.50', flip: null, regime: 'Range-bound' });
    const out = templatedEvent(e, { title: '{{ticker}} {{severity}}', body: '' }, values);
    expect([out.title, out.message]).toEqual(['SPY Warning', 'built-in text']);
    const dash = templatedEvent(e, { title: '', body: 'flip {{flip}} at {{time}}' }, values);
    expect([dash.title, dash.message]).toEqual(['SPY change 7', 'flip — at 2025-03-10 12:00 ET']);
  });
});

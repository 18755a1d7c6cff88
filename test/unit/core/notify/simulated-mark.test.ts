// Every message that leaves the app says "Simulated" when the event was raised from the simulator's
// figures (the source recorded with the event), in its title and, where it has a text, in a line;
// the generic webhook says so in a field. Raised from market data, no message says it.
import { describe, expect, it } from 'vitest';
import { desktopNotification } from '../../../../src/core/notify/channel.ts';
import { emailMessage } from '../../../../src/core/notify/email.ts';
import { SIMULATED_NOTE } from '../../../../src/core/notify/outgoing.ts';
import { pushoverForm } from '../../../../src/core/notify/pushover.ts';
import { telegramText } from '../../../../src/core/notify/telegram.ts';
import { digestEvent } from '../../../../src/core/notify/templated.ts';
import { webhookRequest } from '../../../../src/core/notify/webhook-request.ts';
import { eventSourceOf } from '../../../../src/core/queries/alerts.ts';
import type { AlertEvent, AlertSource } from '../../../../src/shared/bridge/alerts.ts';

const SIMULATOR: AlertSource = {
  id: 'simulator:42:real',
  label: 'Local simulator (seed 42)',
  simulated: true,
};
const FOLDER: AlertSource = {
  id: 'folder:/data/chains',
  label: 'Chain folder (/data/chains)',
  simulated: false,
};

const event = (source: AlertSource, over: Partial<AlertEvent> = {}): AlertEvent => ({
  id: 12,
  ruleId: 4,
  ruleName: 'SPY flip',
  ticker: 'SPY',
  kind: 'level_cross',
  severity: 'warning',
  title: 'SPY spot rose above the gamma flip',
  message: 'Spot moved from $598.20 to $601.00, above the gamma flip at $600.10 (+0.15 %).',
  transition: { from: 'below', to: 'above' },
  asof: '2026-03-02T15:00:00.000Z',
  endpoint: 'market_structure',
  source,
  createdAt: '2026-03-02T15:00:01.000Z',
  read: false,
  deliveries: [],
  ...over,
});

type Body = Record<string, unknown> & { event?: Record<string, unknown> };
const body = (preset: 'generic' | 'discord' | 'slack' | 'ntfy', e: AlertEvent): Body =>
  webhookRequest(preset, 'https://hooks.example.com/gw', e).body as Body;

/** Each channel's words a reader sees: the title first, then whatever text it has. */
const CHANNELS: [string, (e: AlertEvent) => string[]][] = [
  ['Telegram', (e) => telegramText(e).split('\n')],
  [
    'e-mail',
    (e) => {
      const m = emailMessage(e);
      return [m.subject, m.text];
    },
  ],
  [
    'Pushover',
    (e) => {
      const form = pushoverForm(e, 'app-token', 'user-key');
      return [form.get('title') ?? '', form.get('message') ?? ''];
    },
  ],
  [
    'desktop',
    (e) => {
      const n = desktopNotification(e);
      return [n.title, n.body];
    },
  ],
  [
    'Discord',
    (e) => {
      const b = body('discord', e) as {
        content: string;
        embeds: { title: string; footer: { text: string } }[];
      };
      return [b.embeds[0]?.title ?? '', b.content, b.embeds[0]?.footer.text ?? ''];
    },
  ],
  ['Slack', (e) => [String((body('slack', e) as { text: string }).text.split('\n')[0])]],
  [
    'ntfy',
    (e) => {
      const b = body('ntfy', e) as { title: string; tags: string[] };
      return [b.title, b.tags.join(' ')];
    },
  ],
  ['generic webhook', (e) => [String(body('generic', e).event?.['title'])]],
];

describe('the simulated mark, channel by channel', () => {
  it.each(CHANNELS)('%s: the title starts with [Simulated] from the simulator', (_name, words) => {
    const [title] = words(event(SIMULATOR));
    expect(title?.replace(/^\*+/, '')).toMatch(/^\[Simulated\] SPY spot rose above the gamma flip/);
  });

  it.each(CHANNELS)('%s: not a word of it from a chain folder', (_name, words) => {
    const [title, ...rest] = words(event(FOLDER));
    expect(title?.replace(/^\*+/, '')).toMatch(/^SPY spot rose above the gamma flip/);
    for (const text of [title, ...rest]) expect(text).not.toMatch(/simulat/i);
  });

  it.each([
    ['Telegram', (e: AlertEvent) => telegramText(e)],
    ['e-mail', (e: AlertEvent) => emailMessage(e).text],
    ['Pushover', (e: AlertEvent) => pushoverForm(e, 'a', 'u').get('message') ?? ''],
  ])('%s: the text says what the figures are, before the event footer', (_name, text) => {
    const message = event(SIMULATOR).message;
    expect(text(event(SIMULATOR)).endsWith(`${message}\n\n${SIMULATED_NOTE}\n\nGammawatch event 12`)).toBe(
      true,
    );
    expect(text(event(FOLDER)).endsWith(`${message}\n\nGammawatch event 12`)).toBe(true);
  });

  it.each([
    ['simulator', SIMULATOR, { simulated: true, header: 'true', tag: true }],
    ['chain folder', FOLDER, { simulated: false, header: undefined, tag: false }],
  ] as const)('fields from the %s: generic JSON, e-mail header, ntfy tag', (_name, source, want) => {
    const generic = body('generic', event(source));
    expect(generic['simulated']).toBe(want.simulated);
    expect(generic.event?.['simulated']).toBe(want.simulated);
    expect(generic.event?.['source']).toEqual({ id: source.id, label: source.label });
    // The fields a receiver already read are all still there.
    expect(generic).toMatchObject({ source: 'gammawatch', type: 'alert', event: { id: 12, ticker: 'SPY' } });
    expect(emailMessage(event(source)).headers['X-Gammawatch-Simulated']).toBe(want.header);
    expect((body('ntfy', event(source)) as { tags: string[] }).tags.includes('simulated')).toBe(want.tag);
  });

  it('a rule template cannot drop the mark, nor is it doubled', () => {
    const marked = event(SIMULATOR, { title: '[Simulated] SPY above the flip' });
    expect(telegramText(marked).split('\n')[0]).toBe('[Simulated] SPY above the flip');
  });

  it.each([
    ['all simulated', [SIMULATOR, SIMULATOR], '[Simulated] Gammawatch: 2 alerts', 2],
    ['one of two simulated', [SIMULATOR, FOLDER], '[Simulated] Gammawatch: 2 alerts (1 simulated)', 1],
    ['none simulated', [FOLDER, FOLDER], 'Gammawatch: 2 alerts', 0],
  ] as const)('a digest, %s: its title and each simulated line say so', (_name, sources, title, lines) => {
    const events = sources.map((source, i) =>
      event(source, { id: 20 + i, createdAt: `2026-03-02T15:0${i}:00.000Z` }),
    );
    const text = telegramText(digestEvent(events)).split('\n');
    expect(text[0]).toBe(title);
    expect(text.filter((l) => /^\d\d:\d\d \[Simulated\] SPY /.test(l))).toHaveLength(lines);
  });
});

describe('the source of a stored event', () => {
  it.each([
    [
      'recorded when raised',
      'simulator:7:custom',
      { label: 'Local simulator (seed 7)', simulated: true },
      { id: 'simulator:7:custom', label: 'Local simulator (seed 7)', simulated: true },
    ],
    [
      'a remote that served simulated payloads, recorded so',
      'remote:https://gw.example.com/api/v2',
      { label: 'gw.example.com', simulated: true },
      { id: 'remote:https://gw.example.com/api/v2', label: 'gw.example.com', simulated: true },
    ],
    [
      'stored before it was recorded, by the simulator',
      'simulator:42:real',
      undefined,
      { id: 'simulator:42:real', label: 'Local simulator (seed 42)', simulated: true },
    ],
    [
      'stored before it was recorded, from a folder',
      'folder:/data/chains',
      undefined,
      { id: 'folder:/data/chains', label: 'Chain folder (/data/chains)', simulated: false },
    ],
    [
      'stored before it was recorded, from a remote',
      'remote:https://api.example.com/api/v2',
      undefined,
      { id: 'remote:https://api.example.com/api/v2', label: 'api.example.com', simulated: false },
    ],
  ])('%s', (_name, column, recorded, want) => {
    const payload = { ruleName: 'r', title: 't', message: 'm', ...(recorded ? { source: recorded } : {}) };
    expect(eventSourceOf({ source: column, payload })).toEqual(want);
  });
});

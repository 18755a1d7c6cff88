// The libnotify channel against a real notification daemon: dunst on Xvfb and a private session
// bus (test/e2e/support/desktop-session.ts), no browser. What reaches dunst is read back from
// `dunstctl history`. Without a daemon, or with one that owns its name but never answers, the
// channel must answer "skipped" or "failed" with the reason, within its own timeouts: never hang
// the dispatcher that awaits it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertEvent } from '../../../../src/shared/bridge/alerts.ts';
import { desktopChannel, type DesktopNotification } from '../../../../src/core/notify/channel.ts';
import { libnotifyNotifier } from '../../../../src/core/notify/libnotify.ts';
import {
  DESKTOP_PACKAGES,
  MonitorParser,
  missingDesktopBinaries,
  startDesktopSession,
  startSessionBus,
  type BusMessage,
  type DesktopSession,
  type SessionBus,
} from '../../../e2e/support/desktop-session.ts';

const missing =
  process.platform === 'linux' ? missingDesktopBinaries() : [`a Linux desktop (${process.platform})`];
const skipReason = missing.length
  ? `skipped: ${missing.join(', ')} not found (Debian: apt install ${DESKTOP_PACKAGES})`
  : '';
if (skipReason) console.warn(`libnotify against dunst ${skipReason}`);

// Starting Xvfb, a bus and dunst on a loaded two-core machine: bounded, but generously.
const SESSION_TIMEOUT = 120_000;

const note = (title: string, body: string): DesktopNotification => ({
  title,
  body,
  urgency: 'normal',
  tag: '1',
});

describe.skipIf(missing.length > 0)(`libnotify against a real dunst ${skipReason}`.trim(), () => {
  let session: DesktopSession;

  beforeAll(async () => {
    session = await startDesktopSession();
  }, SESSION_TIMEOUT);
  afterAll(async () => {
    await session?.stop();
  }, SESSION_TIMEOUT);

  it('detects dunst on the session bus', async () => {
    const notifier = libnotifyNotifier({ env: session.env });
    expect(await notifier.detect()).toEqual({ ok: true, server: 'dunst' });
  });

  it.each([
    ['a plain alert', 'SPY price above 512.5', 'price is 513 (above 512.5; was 512).'],
    // Without the `--` notify-send would take this title for an option.
    ['a title that starts with a dash', '-5% SPY drop', 'price is down.'],
    ['unicode and a second line', 'QQQ gamma regime: positive → negative', 'flip crossed.\nRule: QQQ flip'],
  ])('delivers %s, and dunst shows it as sent', async (_name, title, body) => {
    const notifier = libnotifyNotifier({ env: session.env });
    const outcome = await notifier.notify(note(title, body));
    expect(outcome).toEqual({ state: 'sent', attempts: 1, detail: 'dunst' });
    const shown = await session.waitForNotification((n) => n.summary === title);
    expect(shown).toMatchObject({ appname: 'Gammawatch', summary: title, body });
  });

  it('delivers an alert event through the desktop channel, naming its rule', async () => {
    const event: AlertEvent = {
      id: 41,
      ruleId: 7,
      ruleName: 'NVDA breakout',
      ticker: 'NVDA',
      kind: 'metric_threshold',
      severity: 'critical',
      title: 'NVDA price above 140',
      message: 'price is 141.2 (above 140; was 139.9).',
      transition: { from: '139.9', to: '141.2' },
      asof: '2026-03-02T15:00:00.000Z',
      endpoint: 'signals',
      source: { id: 'folder:/data/chains', label: 'Chain folder (/data/chains)', simulated: false },
      createdAt: '2026-03-02T15:00:01.000Z',
      read: false,
      deliveries: [],
    };
    const outcome = await desktopChannel(libnotifyNotifier({ env: session.env })).deliver(event);
    expect(outcome.state).toBe('sent');
    const shown = await session.waitForNotification((n) => n.summary === event.title);
    expect(shown.body).toBe(`${event.message}\nRule: ${event.ruleName}`);
  });

  it('a daemon that owns the name but never answers: skipped by the probe, never a hang', async () => {
    // Detected while dunst answers, then frozen: notify-send would wait for D-Bus's own 25 s
    // timeout; the channel's timeout kills it and reports a failure.
    const detectedBefore = libnotifyNotifier({ env: session.env, timeoutMs: 1_500 });
    expect((await detectedBefore.detect()).ok).toBe(true);
    session.freeze();
    try {
      const failed = await detectedBefore.notify(note('frozen daemon', 'never shown'));
      expect(failed).toMatchObject({ state: 'failed', attempts: 1 });
      expect(failed.state === 'failed' && failed.error).toMatch(/^notify-send: timed out after 1500 ms/);

      // A fresh notifier asks first, gets no reply, and skips without running notify-send.
      const fresh = libnotifyNotifier({ env: session.env, timeoutMs: 1_500 });
      const skipped = await fresh.notify(note('frozen daemon', 'never shown'));
      expect(skipped.state).toBe('skipped');
      expect(skipped.state === 'skipped' && skipped.reason).toMatch(
        /^no notification daemon is reachable \(Error org\.freedesktop\.DBus\.Error\.NoReply/,
      );
    } finally {
      session.thaw();
    }
    // Thawed, dunst answers again and the notifier that failed looks again.
    expect(await detectedBefore.notify(note('after the thaw', 'shown'))).toMatchObject({ state: 'sent' });
    await session.waitForNotification((n) => n.summary === 'after the thaw');
  }, 60_000);
});

describe.skipIf(missing.length > 0)(`libnotify without a notification daemon ${skipReason}`.trim(), () => {
  let bus: SessionBus;

  beforeAll(async () => {
    bus = await startSessionBus();
  }, SESSION_TIMEOUT);
  afterAll(async () => {
    await bus?.stop();
  }, SESSION_TIMEOUT);

  it.each<[string, () => NodeJS.ProcessEnv, RegExp]>([
    [
      'a session bus with no daemon on it',
      () => bus.env,
      /^no notification daemon is reachable \(Error org\.freedesktop\.DBus\.Error\.ServiceUnknown/,
    ],
    [
      'a bus address nobody listens on',
      () => ({ ...bus.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/gammawatch-bus' }),
      /^no notification daemon is reachable \(.+\)/,
    ],
    [
      'no session bus at all',
      () => {
        const env = { ...bus.env };
        delete env['DBUS_SESSION_BUS_ADDRESS'];
        delete env['XDG_RUNTIME_DIR'];
        return env;
      },
      /^no D-Bus session bus/,
    ],
  ])('skips with the reason on %s', async (_name, env, reason) => {
    const outcome = await libnotifyNotifier({ env: env(), timeoutMs: 3_000 }).notify(note('t', 'b'));
    expect(outcome.state).toBe('skipped');
    expect(outcome.state === 'skipped' && outcome.reason).toMatch(reason);
  });
});

describe('dbus-monitor output parser (desktop-session support)', () => {
  const output = [
    'signal time=1.0 sender=org.freedesktop.DBus -> destination=:1.0 serial=2 path=/org/freedesktop/DBus; interface=org.freedesktop.DBus; member=NameAcquired',
    '   string ":1.0"',
    'method call time=1.1 sender=:1.3 -> destination=:1.1 serial=5 path=/org/freedesktop/Notifications; interface=org.freedesktop.Notifications; member=Notify',
    '   string "Gammawatch"',
    'signal time=1.2 sender=org.freedesktop.DBus -> destination=(null destination) serial=5 path=/org/freedesktop/DBus; interface=org.freedesktop.DBus; member=NameOwnerChanged',
    '   string "org.freedesktop.Notifications"',
    '   string ""',
    '   string ":1.1"',
    'signal time=1.3 sender=:1.1 -> destination=(null destination) serial=9 path=/org/freedesktop/Notifications; interface=org.freedesktop.Notifications; member=NotificationClosed',
    '   uint32 2',
    '   uint32 1',
    '',
  ].join('\n');
  const expected: BusMessage[] = [
    { member: 'NameAcquired', args: [':1.0'] },
    { member: 'Notify', args: ['Gammawatch'] },
    { member: 'NameOwnerChanged', args: ['org.freedesktop.Notifications', '', ':1.1'] },
    { member: 'NotificationClosed', args: [2, 1] },
  ];
  const chunked = (size: number): string[] =>
    Array.from({ length: Math.ceil(output.length / size) }, (_, i) => output.slice(i * size, (i + 1) * size));

  it.each([
    ['all at once', [output]],
    ['a line at a time', output.split(/(?<=\n)/)],
    ['in 7-character pieces', chunked(7)],
    ['a character at a time', chunked(1)],
  ])('reads the same messages %s', (_name, chunks) => {
    const parser = new MonitorParser();
    // Notify (arity unknown) is passed on when the next header starts; the others as soon as
    // their last argument arrives: the last one needs no further output.
    expect(chunks.flatMap((chunk) => parser.push(chunk))).toEqual(expected);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findCommand, libnotifyNotifier } from '../../../../src/core/notify/libnotify.ts';

// Fake notify-send and dbus-send: real executables that record their arguments, so detection and
// delivery run exactly as they do against libnotify, without needing a desktop.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-libnotify-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function script(name: string, body: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  return file;
}

const log = path.join(dir, 'notify.log');
const notifySend = script('notify-send', `printf '%s\\n' "$@" >> "${log}"`);
const daemonUp = script('dbus-up', `echo '   string "dunst"'; exit 0`);
const daemonDown = script('dbus-down', `echo 'Error org.freedesktop.DBus.Error.ServiceUnknown' >&2; exit 1`);
const failingSend = script('notify-fail', `echo 'cannot connect' >&2; exit 3`);
const env = { PATH: dir, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/tmp/fake-bus' };
const note = { title: 'SPY regime: a → b', body: 'changed', urgency: 'critical' as const, tag: '1' };

describe.runIf(process.platform === 'linux')('libnotify notifier', () => {
  it('delivers through notify-send when a daemon answers', async () => {
    const notifier = libnotifyNotifier({ notifySend, dbusSend: daemonUp, env });
    expect(await notifier.detect()).toEqual({ ok: true, server: 'dunst' });
    expect(await notifier.notify(note)).toEqual({ state: 'sent', attempts: 1, detail: 'dunst' });
    expect(fs.readFileSync(log, 'utf8').split('\n')).toEqual(
      expect.arrayContaining(['--app-name=Gammawatch', '--urgency=critical', '--', note.title, note.body]),
    );
  });

  it.each([
    [
      'no notify-send',
      { notifySend: path.join(dir, 'missing'), dbusSend: daemonUp, env },
      /notify-send is not installed/,
    ],
    ['no session bus', { notifySend, dbusSend: daemonUp, env: { PATH: dir } }, /no D-Bus session bus/],
    [
      'no daemon',
      { notifySend, dbusSend: daemonDown, env },
      /no notification daemon is reachable \(Error org\.freedesktop/,
    ],
  ])('skips with a reason when there is %s', async (_name, options, reason) => {
    const outcome = await libnotifyNotifier(options).notify(note);
    expect(outcome.state).toBe('skipped');
    expect(outcome.state === 'skipped' && outcome.reason).toMatch(reason);
  });

  it('reports a failing notify-send as failed, and detects again next time', async () => {
    const counter = path.join(dir, 'probes-after-failure');
    const dbus = script('dbus-count', `echo x >> "${counter}"; echo '   string "x"'`);
    const notifier = libnotifyNotifier({ notifySend: failingSend, dbusSend: dbus, env, now: () => 0 });
    const outcome = await notifier.notify(note);
    expect(outcome).toMatchObject({ state: 'failed', attempts: 1 });
    expect(outcome.state === 'failed' && outcome.error).toMatch(/exited 3: cannot connect/);
    await notifier.detect();
    expect(fs.readFileSync(counter, 'utf8').trim().split('\n')).toHaveLength(2);
  });

  it('caches detection for its TTL', async () => {
    let t = 0;
    const counter = path.join(dir, 'probes');
    const dbus = script('dbus-counting', `echo x >> "${counter}"; echo '   string "d"'`);
    const notifier = libnotifyNotifier({ notifySend, dbusSend: dbus, env, detectTtlMs: 1000, now: () => t });
    await notifier.detect();
    await notifier.detect();
    t = 2000;
    await notifier.detect();
    expect(fs.readFileSync(counter, 'utf8').trim().split('\n')).toHaveLength(2);
  });
});

describe.runIf(process.platform === 'linux')('libnotify notifier when notify-send hangs', () => {
  // A notify-send that announces it has started (a file appears) and then never returns, as the
  // real one does when the daemon owns its name but never answers. `exec` so that killing the
  // script kills the sleep too (an orphan would hold the output pipe open).
  const started = path.join(dir, 'hang-started');
  // By path: the notifier's env has only the fakes' folder on PATH.
  const sleep = findCommand('sleep', process.env) ?? '/bin/sleep';
  const hanging = script('notify-hang', `echo started > "${started}"; exec "${sleep}" 120`);

  it('gives up after its timeout and says so', async () => {
    const notifier = libnotifyNotifier({ notifySend: hanging, dbusSend: daemonUp, env, timeoutMs: 300 });
    const outcome = await notifier.notify(note);
    expect(outcome).toEqual({ state: 'failed', attempts: 1, error: 'notify-send: timed out after 300 ms' });
  });

  it('stops when the dispatcher aborts (shutdown)', async () => {
    fs.rmSync(started, { force: true });
    const notifier = libnotifyNotifier({ notifySend: hanging, dbusSend: daemonUp, env, timeoutMs: 60_000 });
    const controller = new AbortController();
    // Abort once notify-send is running: the file it writes is the event.
    const watcher = fs.watch(dir, (_type, name) => {
      if (name === 'hang-started') controller.abort();
    });
    try {
      const outcome = await notifier.notify(note, controller.signal);
      expect(controller.signal.aborted).toBe(true);
      expect(outcome).toEqual({ state: 'failed', attempts: 1, error: 'notify-send: aborted' });
    } finally {
      watcher.close();
    }
  });
});

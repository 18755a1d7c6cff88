// Desktop notifications in headless mode on Linux: `notify-send` (libnotify) when a notification
// daemon answers on the session bus. Without one, notify-send can hang or fail silently, so the
// daemon is asked first (GetServerInformation over dbus-send) and, when nothing answers, every
// delivery is "skipped" with the reason instead of failing or blocking. Electron's own notifier
// replaces this under Electron.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { errorText, type DeliveryOutcome, type DesktopNotifier } from './channel.ts';

export interface LibnotifyOptions {
  /** Commands, by name on PATH or as paths. */
  notifySend?: string;
  dbusSend?: string;
  env?: NodeJS.ProcessEnv;
  /** How long a detection result is trusted. */
  detectTtlMs?: number;
  timeoutMs?: number;
  now?: () => number;
}

type Availability = { ok: true; server: string } | { ok: false; reason: string };

function run(
  file: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      { env, timeout: timeoutMs, windowsHide: true, ...(signal ? { signal } : {}) },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        // A daemon that owns its name but never answers makes notify-send wait for D-Bus's own
        // 25 s timeout: ours kills it first, and says so rather than "Command failed".
        const why =
          error && code === -1
            ? error.name === 'AbortError'
              ? 'aborted'
              : error.killed
                ? `timed out after ${timeoutMs} ms`
                : errorText(error)
            : String(stderr);
        resolve({ code, stdout: String(stdout), stderr: why });
      },
    );
  });
}

/** A command given by name is looked up on PATH; a path must exist. */
export function findCommand(command: string, env: NodeJS.ProcessEnv): string | null {
  if (command.includes('/')) return existsSync(command) ? command : null;
  for (const dir of (env['PATH'] ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, command);
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

function hasSessionBus(env: NodeJS.ProcessEnv): boolean {
  if (env['DBUS_SESSION_BUS_ADDRESS']) return true;
  const runtime = env['XDG_RUNTIME_DIR'];
  return runtime !== undefined && existsSync(path.join(runtime, 'bus'));
}

export function libnotifyNotifier(
  options: LibnotifyOptions = {},
): DesktopNotifier & { detect(): Promise<Availability> } {
  const env = options.env ?? process.env;
  const ttl = options.detectTtlMs ?? 60_000;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const now = options.now ?? Date.now;
  let cached: { at: number; value: Promise<Availability> } | null = null;

  async function probe(): Promise<Availability> {
    if (process.platform !== 'linux' && process.platform !== 'freebsd') {
      return { ok: false, reason: `libnotify is not used on ${process.platform}` };
    }
    const notifySend = findCommand(options.notifySend ?? 'notify-send', env);
    if (!notifySend)
      return { ok: false, reason: 'notify-send is not installed (Debian/Ubuntu: apt install libnotify-bin)' };
    if (!hasSessionBus(env))
      return { ok: false, reason: 'no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set)' };
    const dbusSend = findCommand(options.dbusSend ?? 'dbus-send', env);
    if (!dbusSend) return { ok: true, server: 'unknown (dbus-send not installed; not checked)' };
    // dbus-send's own reply timeout comes first, so a daemon that owns the name but never answers
    // is reported as D-Bus's NoReply; the process timeout only catches a dbus-send that hangs.
    const replyTimeoutMs = Math.min(timeoutMs, 3000);
    const reply = await run(
      dbusSend,
      [
        '--session',
        '--print-reply',
        `--reply-timeout=${replyTimeoutMs}`,
        '--dest=org.freedesktop.Notifications',
        '/org/freedesktop/Notifications',
        'org.freedesktop.Notifications.GetServerInformation',
      ],
      env,
      replyTimeoutMs + 2000,
    );
    if (reply.code !== 0) {
      const why = reply.stderr.trim().split('\n')[0] ?? '';
      return { ok: false, reason: `no notification daemon is reachable${why ? ` (${why})` : ''}` };
    }
    const name = /string "([^"]*)"/.exec(reply.stdout)?.[1] ?? 'unknown';
    return { ok: true, server: name };
  }

  function detect(): Promise<Availability> {
    if (!cached || now() - cached.at > ttl) cached = { at: now(), value: probe() };
    return cached.value;
  }

  return {
    name: 'libnotify',
    detect,
    async notify(notification, signal): Promise<DeliveryOutcome> {
      const available = await detect();
      if (!available.ok) return { state: 'skipped', attempts: 0, reason: available.reason };
      const notifySend = findCommand(options.notifySend ?? 'notify-send', env) as string;
      const result = await run(
        notifySend,
        [
          '--app-name=Gammawatch',
          `--urgency=${notification.urgency}`,
          '--',
          notification.title,
          notification.body,
        ],
        env,
        timeoutMs,
        signal,
      );
      if (result.code === 0) return { state: 'sent', attempts: 1, detail: available.server };
      // The daemon may have gone away since detection: look again next time.
      cached = null;
      const what = result.code === -1 ? 'notify-send' : `notify-send exited ${result.code}`;
      return { state: 'failed', attempts: 1, error: `${what}: ${result.stderr.trim().slice(0, 200)}` };
    },
  };
}

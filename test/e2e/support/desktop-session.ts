// A private Linux desktop for tests of desktop notifications: Xvfb on a display it picks itself,
// a session D-Bus of our own (no service activation, so nothing but what we start can own a
// name), and dunst as the notification daemon with a config that expires notifications at once
// (so they reach `dunstctl history`) and never holds them for an idle user (Xvfb has no input,
// so the "user" is always idle). Every wait is on an event: Xvfb writes its display number to a
// file descriptor when it accepts connections, dbus-daemon prints its address when it listens,
// and a dbus-monitor reports when dunst takes org.freedesktop.Notifications and when a
// notification closes. Timers only bound those waits.
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import type { Readable } from 'node:stream';
import { z } from 'zod';

const NOTIFICATIONS = 'org.freedesktop.Notifications';

/** Bounds for the waits on a loaded two-core machine: generous, since they only cap a failure. */
const START_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 5_000;

export const DESKTOP_BINARIES = [
  'Xvfb',
  'dbus-daemon',
  'dbus-send',
  'dbus-monitor',
  'dunst',
  'dunstctl',
  'notify-send',
] as const;

/** The Debian packages that provide DESKTOP_BINARIES. */
export const DESKTOP_PACKAGES = 'xvfb dbus dbus-bin dunst libnotify-bin';

function onPath(command: string): boolean {
  return (process.env['PATH'] ?? '').split(delimiter).some((dir) => dir && existsSync(join(dir, command)));
}

/** The binaries this module needs that are not on PATH (empty when all are there). */
export function missingDesktopBinaries(): string[] {
  return DESKTOP_BINARIES.filter((b) => !onPath(b));
}

/** A child process we started, with what it wrote to stderr (for failure messages). */
interface Child {
  name: string;
  proc: ChildProcess;
  stderr: () => string;
}

function start(name: string, command: string, args: string[], env: NodeJS.ProcessEnv, fd3 = false): Child {
  const proc = spawn(command, args, {
    env,
    stdio: fd3 ? ['ignore', 'pipe', 'pipe', 'pipe'] : ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  proc.stderr?.on('data', (chunk: Buffer) => {
    // Keep the tail only: a chatty daemon must not grow the test's memory.
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  // A spawn error (ENOENT) becomes an exit for the waits below; it must not be unhandled.
  proc.on('error', (error) => {
    stderr += `\n${error.message}`;
  });
  return { name, proc, stderr: () => stderr };
}

function exited(child: Child): boolean {
  return child.proc.exitCode !== null || child.proc.signalCode !== null;
}

/**
 * Resolves with the first match of `pattern` in what `stream` has written so far; rejects if the
 * process exits first or `timeoutMs` passes (the bound, with the process's stderr in the message).
 */
function waitForOutput(
  child: Child,
  stream: Readable | null | undefined,
  pattern: RegExp,
  what: string,
  timeoutMs = START_TIMEOUT_MS,
): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    if (!stream) return reject(new Error(`${child.name}: no stream to read ${what} from`));
    let text = '';
    const cleanup = () => {
      clearTimeout(timer);
      stream.off('data', onData);
      child.proc.off('exit', onExit);
      child.proc.off('error', onExit);
    };
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const match = pattern.exec(text);
      if (match) {
        cleanup();
        resolve(match);
      }
    };
    const onExit = () => {
      cleanup();
      reject(new Error(`${child.name} exited before ${what}; stderr:\n${child.stderr()}`));
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`${child.name}: no ${what} within ${timeoutMs} ms; stderr:\n${child.stderr()}`));
    }, timeoutMs);
    stream.on('data', onData);
    child.proc.once('exit', onExit);
    child.proc.once('error', onExit);
    if (exited(child)) onExit();
  });
}

async function stopChild(child: Child): Promise<void> {
  if (exited(child) || child.proc.pid === undefined) return;
  const done = new Promise<void>((resolve) => child.proc.once('exit', () => resolve()));
  // A frozen (SIGSTOPped) process would hold SIGTERM until it runs again.
  child.proc.kill('SIGCONT');
  child.proc.kill('SIGTERM');
  const timer = setTimeout(() => child.proc.kill('SIGKILL'), STOP_GRACE_MS);
  await done;
  clearTimeout(timer);
}

/** Runs a command to completion (bounded); never rejects. */
export function runCommand(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs = 30_000,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { env, timeout: timeoutMs }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
      resolve({
        code,
        stdout: String(stdout),
        stderr: error && code === null ? error.message : String(stderr),
      });
    });
  });
}

// ---------------------------------------------------------------------------------------------
// D-Bus

/** Only what the tests need, and no <servicedir>: no name is ever activated behind our back. */
function busConfig(dir: string): string {
  return `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir=${dir}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
`;
}

/** Variables that would point children at the machine's own desktop instead of ours. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of ['DISPLAY', 'WAYLAND_DISPLAY', 'DBUS_SESSION_BUS_ADDRESS', 'XAUTHORITY']) delete env[key];
  return env;
}

export interface SessionBus {
  address: string;
  /** The environment a client of this bus needs (PATH and the rest inherited). */
  env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

/** A private session bus with nothing on it: what a desktop without a notification daemon has. */
export async function startSessionBus(dir?: string): Promise<SessionBus> {
  const own = dir === undefined;
  const folder = dir ?? mkdtempSync(join(tmpdir(), 'gw-bus-'));
  const config = join(folder, 'bus.conf');
  writeFileSync(config, busConfig(folder));
  const child = start(
    'dbus-daemon',
    'dbus-daemon',
    [`--config-file=${config}`, '--print-address', '--nofork'],
    cleanEnv(),
  );
  const stop = async () => {
    await stopChild(child);
    if (own) rmSync(folder, { recursive: true, force: true });
  };
  try {
    const match = await waitForOutput(child, child.proc.stdout, /^(unix:\S+)\n/m, 'its address');
    const address = match[1] as string;
    return { address, env: { ...cleanEnv(), DBUS_SESSION_BUS_ADDRESS: address }, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** One message as dbus-monitor prints it: the header's member and the arguments that follow. */
export interface BusMessage {
  member: string;
  args: (string | number)[];
}

/** How many arguments the signals we watch carry: a message is complete when it has them all. */
const ARITY: Record<string, number> = {
  NameAcquired: 1,
  NameLost: 1,
  NameOwnerChanged: 3,
  NotificationClosed: 2,
};

/**
 * Reads dbus-monitor's text output, which arrives a line at a time: a header line naming the
 * member, then one indented line per argument. A message is passed on once it has all its
 * arguments (or, for a member we do not know, when the next header starts).
 */
export class MonitorParser {
  #partial = '';
  #current: BusMessage | null = null;

  push(chunk: string): BusMessage[] {
    const out: BusMessage[] = [];
    const lines = (this.#partial + chunk).split('\n');
    this.#partial = lines.pop() ?? '';
    for (const line of lines) {
      if (!/^\s/.test(line)) {
        if (this.#current) out.push(this.#current);
        const member = /\bmember=(\w+)/.exec(line)?.[1];
        this.#current = member ? { member, args: [] } : null;
      } else if (this.#current) {
        const str = /^\s+string "(.*)"$/.exec(line);
        const num = /^\s+u?int\d+ (\d+)$/.exec(line);
        if (str) this.#current.args.push(str[1] as string);
        else if (num) this.#current.args.push(Number(num[1]));
      }
      if (this.#current && this.#current.args.length === ARITY[this.#current.member]) {
        out.push(this.#current);
        this.#current = null;
      }
    }
    return out;
  }
}

/** Watches the bus for the notification daemon's name and its closed notifications. */
class NotificationMonitor {
  readonly child: Child;
  readonly #listeners = new Set<(message: BusMessage) => void>();
  readonly #parser = new MonitorParser();

  constructor(env: NodeJS.ProcessEnv) {
    this.child = start(
      'dbus-monitor',
      'dbus-monitor',
      [
        '--session',
        `type='signal',sender='org.freedesktop.DBus',member='NameOwnerChanged',arg0='${NOTIFICATIONS}'`,
        `type='signal',interface='${NOTIFICATIONS}',member='NotificationClosed'`,
      ],
      env,
    );
    this.child.proc.stdout?.on('data', (chunk: Buffer) => {
      for (const m of this.#parser.push(chunk.toString())) for (const l of [...this.#listeners]) l(m);
    });
  }

  /**
   * Resolves with the first message `accept` takes, rejecting when the monitor exits or the
   * bound passes.
   */
  next(accept: (m: BusMessage) => boolean, what: string, timeoutMs = START_TIMEOUT_MS): Promise<BusMessage> {
    return new Promise((resolve, reject) => {
      const cleanup = () => {
        clearTimeout(timer);
        this.#listeners.delete(listener);
        this.child.proc.off('exit', onExit);
      };
      const listener = (m: BusMessage) => {
        if (!accept(m)) return;
        cleanup();
        resolve(m);
      };
      const onExit = () => {
        cleanup();
        reject(new Error(`dbus-monitor exited while waiting for ${what}; stderr:\n${this.child.stderr()}`));
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no ${what} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.#listeners.add(listener);
      this.child.proc.once('exit', onExit);
    });
  }

  /** Subscribes to every message; returns the unsubscribe function. */
  on(listener: (m: BusMessage) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * dbus-monitor first gets a unique name, then becomes a monitor, at which point the bus says
   * that name was lost: from then on it sees every matching signal.
   */
  ready(): Promise<BusMessage> {
    return this.next((m) => m.member === 'NameLost', 'dbus-monitor becoming a monitor');
  }
}

// ---------------------------------------------------------------------------------------------
// Xvfb and dunst

async function startXvfb(env: NodeJS.ProcessEnv): Promise<{ child: Child; display: string }> {
  // -displayfd: Xvfb picks a free display itself and writes its number once it is ready.
  const child = start(
    'Xvfb',
    'Xvfb',
    ['-displayfd', '3', '-nolisten', 'tcp', '-screen', '0', '1280x800x24'],
    env,
    true,
  );
  try {
    const fd3 = child.proc.stdio[3] as Readable | null | undefined;
    const match = await waitForOutput(child, fd3, /^(\d+)\n/, 'a display number');
    return { child, display: `:${match[1] as string}` };
  } catch (error) {
    await stopChild(child);
    throw error;
  }
}

/**
 * Every notification expires after a second, whatever its urgency (dunst keeps critical ones up
 * forever by default), and an idle user does not hold them: so each one reaches the history.
 */
const DUNSTRC = `[global]
    idle_threshold = 0
    history_length = 200
    sticky_history = yes
    show_age_threshold = -1
[urgency_low]
    timeout = 1
[urgency_normal]
    timeout = 1
[urgency_critical]
    timeout = 1
`;

const historySchema = z.object({
  type: z.string(),
  data: z.array(
    z.array(
      z.object({
        id: z.object({ data: z.number() }),
        appname: z.object({ data: z.string() }),
        summary: z.object({ data: z.string() }),
        body: z.object({ data: z.string() }),
        urgency: z.object({ data: z.string() }).optional(),
      }),
    ),
  ),
});

/** One notification from `dunstctl history`. */
export interface DunstNotification {
  id: number;
  appname: string;
  summary: string;
  body: string;
}

export interface DesktopSession {
  /** `:N`, the display Xvfb picked. */
  display: string;
  busAddress: string;
  /** What an app must have in its environment to notify on this desktop. */
  appEnv: { DISPLAY: string; DBUS_SESSION_BUS_ADDRESS: string };
  /** process.env without the machine's own desktop, plus appEnv. */
  env: NodeJS.ProcessEnv;
  /** The server name dunst gives in GetServerInformation ("dunst"). */
  server: string;
  /** `dunstctl history`, newest first. */
  history(): Promise<DunstNotification[]>;
  /**
   * The first notification in the history that `match` accepts: looked for now, and again each
   * time the daemon closes a notification (which is when dunst moves it to its history).
   */
  waitForNotification(
    match: (n: DunstNotification) => boolean,
    timeoutMs?: number,
  ): Promise<DunstNotification>;
  /** Stops (SIGSTOP) or resumes dunst: a daemon that owns its name but never answers. */
  freeze(): void;
  thaw(): void;
  stop(): Promise<void>;
}

/** Starts Xvfb, a private session bus and dunst; resolves once dunst answers on the bus. */
export async function startDesktopSession(): Promise<DesktopSession> {
  const dir = mkdtempSync(join(tmpdir(), 'gw-desktop-'));
  let xvfb: Child | null = null;
  let bus: SessionBus | null = null;
  // Clients of the bus (dbus-monitor, dunst), in start order.
  const clients: Child[] = [];
  // If the runner itself dies, leave no daemons behind.
  const killNow = () => {
    for (const c of [...clients, ...(xvfb ? [xvfb] : [])]) if (!exited(c)) c.proc.kill('SIGKILL');
  };
  process.once('exit', killNow);
  // The clients first, then the bus they are on, then the display.
  const teardown = async () => {
    for (const c of [...clients].reverse()) await stopChild(c);
    await bus?.stop();
    if (xvfb) await stopChild(xvfb);
    rmSync(dir, { recursive: true, force: true });
    process.off('exit', killNow);
  };

  try {
    const x = await startXvfb(cleanEnv());
    xvfb = x.child;
    const display = x.display;
    bus = await startSessionBus(dir);
    const env: NodeJS.ProcessEnv = { ...bus.env, DISPLAY: display };

    const monitor = new NotificationMonitor(env);
    clients.push(monitor.child);
    await monitor.ready();

    const rc = join(dir, 'dunstrc');
    writeFileSync(rc, DUNSTRC);
    const owned = monitor.next(
      (m) =>
        m.member === 'NameOwnerChanged' &&
        m.args[0] === NOTIFICATIONS &&
        typeof m.args[2] === 'string' &&
        m.args[2] !== '',
      `dunst owning ${NOTIFICATIONS}`,
    );
    const dunst = start('dunst', 'dunst', ['-config', rc], env);
    clients.push(dunst);
    const died = new Promise<never>((_, reject) =>
      dunst.proc.once('exit', (code, signal) =>
        reject(
          new Error(`dunst exited (${code ?? signal}) before owning ${NOTIFICATIONS}:\n${dunst.stderr()}`),
        ),
      ),
    );
    died.catch(() => undefined);
    await Promise.race([owned, died]);

    // Owning the name is not answering on it: ask, as libnotify's probe does.
    const info = await runCommand(
      'dbus-send',
      [
        '--session',
        '--print-reply',
        '--reply-timeout=20000',
        `--dest=${NOTIFICATIONS}`,
        '/org/freedesktop/Notifications',
        `${NOTIFICATIONS}.GetServerInformation`,
      ],
      env,
    );
    if (info.code !== 0) throw new Error(`dunst does not answer GetServerInformation: ${info.stderr}`);
    const server = /string "([^"]*)"/.exec(info.stdout)?.[1] ?? 'unknown';

    const history = async (): Promise<DunstNotification[]> => {
      const out = await runCommand('dunstctl', ['history'], env);
      if (out.code !== 0) throw new Error(`dunstctl history exited ${out.code}: ${out.stderr}`);
      const parsed = historySchema.parse(JSON.parse(out.stdout));
      return (parsed.data[0] ?? []).map((n) => ({
        id: n.id.data,
        appname: n.appname.data,
        summary: n.summary.data,
        body: n.body.data,
      }));
    };

    const waitForNotification = (
      match: (n: DunstNotification) => boolean,
      timeoutMs = 120_000,
    ): Promise<DunstNotification> =>
      new Promise((resolve, reject) => {
        let settled = false;
        let checking = Promise.resolve();
        const finish = (fn: () => void) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          unsubscribe();
          fn();
        };
        // Checks run one after another so a slow `dunstctl` never overlaps itself.
        const check = () => {
          checking = checking.then(async () => {
            if (settled) return;
            try {
              const found = (await history()).find(match);
              if (found) finish(() => resolve(found));
            } catch (error) {
              finish(() => reject(error instanceof Error ? error : new Error(String(error))));
            }
          });
        };
        const unsubscribe = monitor.on((m) => {
          if (m.member === 'NotificationClosed') check();
        });
        const timer = setTimeout(() => {
          void history().then(
            (all) =>
              finish(() =>
                reject(
                  new Error(
                    `no matching notification within ${timeoutMs} ms; dunst history:\n` +
                      JSON.stringify(all, null, 2),
                  ),
                ),
              ),
            (error: unknown) =>
              finish(() => reject(error instanceof Error ? error : new Error(String(error)))),
          );
        }, timeoutMs);
        check();
      });

    const signalDunst = (signal: NodeJS.Signals) => {
      if (!exited(dunst)) dunst.proc.kill(signal);
    };

    const busAddress = bus.address;
    return {
      display,
      busAddress,
      appEnv: { DISPLAY: display, DBUS_SESSION_BUS_ADDRESS: busAddress },
      env,
      server,
      history,
      waitForNotification,
      freeze: () => signalDunst('SIGSTOP'),
      thaw: () => signalDunst('SIGCONT'),
      stop: teardown,
    };
  } catch (error) {
    await teardown();
    throw error;
  }
}

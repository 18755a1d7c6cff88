// The composition root of the headless app (Electron's main process and headless mode both use
// it). It puts together parts that each live in their own file: the store (app-store.ts, with its
// compaction and retention schedules), the settings in force (settings-in-force.ts), the event hub, the
// notification wiring (notify/wiring.ts), the secrets (app-secrets.ts), which live as long as the
// app; the data source in use (active-source.ts: the local service or a remote base URL, the
// client with the SQLite ETag cache, the poller), which a change of the data source setting or of
// a secret swaps while the app runs (source-switch.ts); what it publishes (status-publisher.ts,
// snapshot-publisher.ts, source/info-changes.ts, app-info.ts); and its start and stop
// (app-lifecycle.ts). The App it returns hands each call to one of them (app-facade.ts); the
// bridge handlers serve it (bridge/bridge-app.ts).
import fs from 'node:fs';
import path from 'node:path';
import type { DataSource } from '../../shared/bridge/settings.ts';
import { messageOf } from '../../shared/message-of.ts';
import { ActiveSource } from './active-source.ts';
import { appOf } from './app-facade.ts';
import { readVersion } from '../lib/app-version.ts';
import { AppLifecycle } from './app-lifecycle.ts';
import { openAppStore } from './app-store.ts';
import type { App, AppOptions } from './app-types.ts';
import { EventHub } from '../events/event-hub.ts';
import { Notifications } from '../notify/wiring.ts';
import { RotatingLogFile } from '../lib/rotating-log.ts';
import { realTimers } from '../lib/timers.ts';
import { fileSecretStore } from '../secrets/file-secret-store.ts';
import { rememberSecretsOf, secretsOf } from './app-secrets.ts';
import { webhookKeys } from '../secrets/webhook-keys.ts';
import { publishSnapshots } from './snapshot-publisher.ts';
import type { ConnectDeps } from '../source/connect.ts';
import { InfoChanges } from '../source/info-changes.ts';
import { sourceFromSettings, type DataSourceOption } from '../source/option.ts';
import { SourceSwitch } from './source-switch.ts';
import { SettingsInForce } from './settings-in-force.ts';
import { StatusPublisher } from './status-publisher.ts';
import { CompactionSchedule } from '../store/compaction-schedule.ts';
import { RetentionSchedule } from '../store/retention-schedule.ts';

export type { DataSourceOption } from '../source/option.ts';
export type { App, AppOptions } from './app-types.ts';

export async function createApp(options: AppOptions): Promise<App> {
  const toTerminal = options.log ?? ((message: string) => process.stderr.write(`gammawatch: ${message}\n`));
  // With --verbose every line goes to the log file too, through the redactor once it knows the
  // secrets (the secret store's own lines, before it, never hold one).
  const logFile = options.logFile
    ? new RotatingLogFile(options.logFile, { onError: (message) => toTerminal(message) })
    : null;
  let redactLine = (message: string): string => message;
  const writeLog = (message: string): void => {
    toTerminal(message);
    logFile?.write(redactLine(message));
  };
  const timers = options.timers ?? realTimers;
  const env = options.env ?? process.env;
  fs.mkdirSync(options.dataDir, { recursive: true });
  // The secrets first: the redactor that keeps them out of the log and the store needs them.
  // (The secret store's own lines never hold a secret, so it logs unredacted.)
  const { secrets, redactor } = secretsOf(
    options.secrets ?? fileSecretStore(options.dataDir, writeLog),
    env,
    writeLog,
  );
  redactLine = redactor.redact;
  const log = (message: string): void => writeLog(redactor.redact(message));
  const store = openAppStore(options.dbFile ?? path.join(options.dataDir, 'gammawatch.db'), {
    now: () => timers.now(),
    redactText: redactor.redact,
  });
  let source: ActiveSource | null = null;
  try {
    const settings = new SettingsInForce(store.settings, options.settings ?? {});
    // A source's key may come from elsewhere than the store (a named variable, a command line).
    const resolve = (d: DataSource): DataSourceOption =>
      rememberSecretsOf(sourceFromSettings(d, { dataDir: options.dataDir, secrets, env }), redactor);
    if (options.dataSource) rememberSecretsOf(options.dataSource, redactor);

    const keys = webhookKeys(secrets);
    const events = new EventHub((error) => log(`event: ${messageOf(error)}`), redactor.redact);
    const notifications = new Notifications({
      store,
      events,
      settings: () => settings.current(),
      ...(options.desktopNotifier ? { desktopNotifier: options.desktopNotifier } : {}),
      ...(options.webhook ? { webhook: options.webhook } : {}),
      secret: (name) => secrets.get(name),
      webhookKey: (id) => keys.get(id),
      env,
      timers,
      ...(options.messages ? { messages: options.messages } : {}),
      log,
    });
    const { dispatcher } = notifications;
    /** The app once a source is connected and the store is open: what status and info read. */
    const running = (): App | null => (store.isOpen && source?.connected ? app : null);
    const status = new StatusPublisher({ events, sources: running, log });
    const infoChanges = new InfoChanges({
      info: () => running()?.info() ?? null,
      emit: (info) => events.emit('app:changed', info),
      log,
    });
    const compaction = new CompactionSchedule({
      store,
      timers,
      ...(options.poller?.compaction !== undefined ? { compaction: options.poller.compaction } : {}),
      ...(options.poller?.onCompacted ? { onCompacted: options.poller.onCompacted } : {}),
      busy: () => (source?.connected ? source.current.poller.runningJobs().length > 0 : false),
      log,
    });
    // Thinning and the space it frees given back, at idle: daily, and after a change of its settings.
    const retention = new RetentionSchedule({
      store,
      timers,
      settings: () => settings.current(),
      now: () => (source?.connected ? source.current.marketClock.now() : timers.now()),
      ...(options.retention !== undefined ? { retention: options.retention } : {}),
      busy: () => (source?.connected ? source.current.poller.runningJobs().length > 0 : false),
      log,
    });
    events.subscribe((message) => {
      if (message.event === 'settings:changed') retention.settingsChanged();
    });
    const connect: Omit<ConnectDeps, 'alertBaseline'> = {
      dataDir: options.dataDir,
      store,
      settings: () => settings.current(),
      channels: () => notifications.channels(),
      timers,
      ...(options.random ? { random: options.random } : {}),
      ...(options.trigger ? { trigger: options.trigger } : {}),
      ...(options.poller ? { poller: options.poller } : {}),
      ...(options.client ? { client: options.client } : {}),
      ...(options.service ? { service: options.service } : {}),
      ...(options.tradier ? { tradier: options.tradier } : {}),
      onSnapshots: (snapshots) => {
        publishSnapshots(events, snapshots);
        infoChanges.schedule();
      },
      onAlerts: (ids) => dispatcher.dispatch(ids),
      onStatusChange: () => {
        status.emit();
        infoChanges.schedule();
      },
      onBackfill: (progress) => events.emit('backfill:progress', progress),
      onWritesEnded: () => compaction.writesEnded(),
      onSourceChange: () => infoChanges.schedule(),
      log,
    };
    const active = await ActiveSource.open(
      options.dataSource ?? resolve(settings.current().dataSource),
      options.dataSource === undefined,
      {
        store,
        connect,
        pollOnStart: options.pollOnStart ?? true,
        onSwitched: () => {
          status.emit();
          infoChanges.check(true);
        },
        log,
      },
    );
    source = active;

    const version = readVersion();
    // A line of the file's own at each start, so a --verbose run always leaves a log to look in.
    logFile?.write(
      `gammawatch ${version} (pid ${process.pid}): logging to this file; data folder ${options.dataDir}, ` +
        `source ${redactor.redact(active.current.label)}`,
    );
    const lifecycle = new AppLifecycle({
      active,
      compaction,
      retention,
      notifications,
      dispatcher,
      infoChanges,
      status,
      store,
      infoCheckMs: options.infoCheckMs ?? 5000,
    });
    const switches = new SourceSwitch({
      store,
      active,
      events,
      secrets,
      resolve,
      settings: () => settings.current(),
      reload: () => settings.reload(),
      stopped: () => lifecycle.stopping,
      log,
    });

    const app = appOf({
      dataDir: options.dataDir,
      version,
      logFile: logFile?.file ?? null,
      store,
      events,
      notifications,
      active,
      switches,
      lifecycle,
      status,
      settings,
      secrets,
      webhookKeys: keys,
      redactor,
      timers,
      env,
      log,
      ...(options.tradier ? { tradier: options.tradier } : {}),
      ...(options.messages ? { messages: options.messages } : {}),
    });
    return app;
  } catch (error) {
    await source?.close().catch(() => undefined);
    store.close();
    throw error;
  }
}

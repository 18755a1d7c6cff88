// The composition root of the headless app (Electron's main process and headless mode both use
// it). It puts together parts that each live in their own file: the store (with its compaction
// schedule), the event hub, the notification wiring (notify/wiring.ts), the secrets, which live
// as long as the app; the data source in use (active-source.ts: the local service or a remote
// base URL, the client with the SQLite ETag cache, the poller), which a change of the data source
// setting or of a secret swaps while the app runs (source-switch.ts); and what it publishes
// (status-publisher.ts, snapshot-publisher.ts, source/info-changes.ts, app-info.ts); the bridge
// handlers serve it (bridge/bridge-app.ts).
import fs from 'node:fs';
import path from 'node:path';
import { alertRuleBodySchema, type AlertRuleBody } from '../../shared/alert-rules.ts';
import type { DataSource } from '../../shared/bridge/settings.ts';
import { messageOf } from '../../shared/message-of.ts';
import { ActiveSource } from './active-source.ts';
import { appInfoOf, readVersion } from './app-info.ts';
import type { App, AppOptions } from './app-types.ts';
import { DEFAULT_RULES } from '../alerts/default-rules.ts';
import { EventHub } from '../events/event-hub.ts';
import { Notifications } from '../notify/wiring.ts';
import { sendTestMessage } from '../notify/test-message.ts';
import { realTimers } from '../lib/timers.ts';
import { fileSecretStore } from '../secrets/file-secret-store.ts';
import { rememberSecretsOf, secretsOf } from './app-secrets.ts';
import { mergePatch } from '../settings/merge.ts';
import { settingsSchema, type Settings } from '../settings/schema.ts';
import { publishSnapshots } from './snapshot-publisher.ts';
import type { ConnectDeps } from '../source/connect.ts';
import { InfoChanges } from '../source/info-changes.ts';
import { sourceFromSettings, type DataSourceOption } from '../source/option.ts';
import { testSource } from '../source/probe.ts';
import { sourceInfoOf } from '../source/source-info.ts';
import { SourceSwitch } from './source-switch.ts';
import { StatusPublisher } from './status-publisher.ts';
import { CompactionSchedule } from '../store/compaction-schedule.ts';
import { openDatabase } from '../store/database.ts';

export type { DataSourceOption } from '../source/option.ts';
export type { App, AppOptions } from './app-types.ts';

export async function createApp(options: AppOptions): Promise<App> {
  const writeLog = options.log ?? ((message: string) => process.stderr.write(`gammawatch: ${message}\n`));
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
  const log = (message: string): void => writeLog(redactor.redact(message));
  const store = openDatabase<AlertRuleBody>(options.dbFile ?? path.join(options.dataDir, 'gammawatch.db'), {
    ruleSchema: alertRuleBodySchema,
    now: () => timers.now(),
    redactText: redactor.redact,
  });
  let source: ActiveSource | null = null;
  try {
    if (store.migration.from === 0)
      for (const rule of DEFAULT_RULES)
        store.alertRules.create({ name: rule.name, rule: alertRuleBodySchema.parse(rule) });

    const withOverrides = (): Settings =>
      settingsSchema.parse(mergePatch(store.settings.getSettings(), options.settings ?? {}));
    let effective = withOverrides();
    // A source's key may come from elsewhere than the store (a named variable, a command line).
    const resolve = (d: DataSource): DataSourceOption =>
      rememberSecretsOf(sourceFromSettings(d, { dataDir: options.dataDir, secrets, env }), redactor);
    if (options.dataSource) rememberSecretsOf(options.dataSource, redactor);

    const events = new EventHub((error) => log(`event: ${messageOf(error)}`), redactor.redact);
    const notifications = new Notifications({
      store,
      events,
      settings: () => effective,
      ...(options.desktopNotifier ? { desktopNotifier: options.desktopNotifier } : {}),
      ...(options.webhook ? { webhook: options.webhook } : {}),
      secret: (name) => secrets.get(name),
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
    const connect: Omit<ConnectDeps, 'alertBaseline'> = {
      dataDir: options.dataDir,
      store,
      settings: () => effective,
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
      options.dataSource ?? resolve(effective.dataSource),
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
    let started = false;
    let stopped: Promise<void> | null = null;
    const switches = new SourceSwitch({
      store,
      active,
      events,
      secrets,
      resolve,
      settings: () => effective,
      reload: () => (effective = withOverrides()),
      stopped: () => stopped !== null,
      log,
    });

    const app: App = {
      dataDir: options.dataDir,
      store,
      get client() {
        return active.current.client;
      },
      get poller() {
        return active.current.poller;
      },
      events,
      dispatcher,
      get source() {
        return sourceInfoOf(active.current);
      },
      marketSource: () => active.current.marketSource,
      sourceWork: () => active.current,
      version,
      marketNow: () => active.current.marketClock.now(),
      wallNow: () => timers.now(),
      alertBaseline: () => active.alertBaseline(),
      log,
      redact: redactor.redact,
      settings: () => effective,
      updateSettings: (patch) => switches.updateSettings(patch),
      channels: () => notifications.channels(),
      universe: () => active.current.universe(),
      info: () => appInfoOf(active.current, { version, dataDir: options.dataDir, store }),
      sourceProblems: () => active.current.problems(),
      historySettled: () => active.current.importSettled(),
      testSource: (candidate) =>
        testSource(candidate, {
          dataDir: options.dataDir,
          secrets,
          env,
          ...(options.tradier ? { tradier: options.tradier } : {}),
          onResolved: (option) => rememberSecretsOf(option, redactor),
        }),
      secretsStatus: () => secrets.status(),
      sendTestMessage: (input) =>
        sendTestMessage(
          {
            settings: () => effective,
            secret: (name) => secrets.get(name),
            wallNow: () => Date.now(),
            env,
            ...(options.messages ? { messages: options.messages } : {}),
          },
          input,
        ),
      setSecret: (name, value) => switches.setSecret(name, value),
      async refreshNow(job) {
        const c = active.current;
        await c.refresh();
        // The source may have changed meanwhile: the new one polls on its own start.
        if (active.isCurrent(c)) void c.poller.refreshNow(job);
      },
      tickersAdded: (tickers) => active.backfill(tickers),
      emitStatus: () => status.emit(),
      unreadAlertCount: () => store.alertEvents.count({ unreadOnly: true }),
      alertTarget(id) {
        const event = store.alertEvents.get(id);
        return event ? { ticker: event.ticker, asof: event.asof } : null;
      },
      start() {
        if (stopped || started) return;
        started = true;
        active.start();
        // Bodies a previous run left uncompressed (it was killed, or stopped in a hurry).
        compaction.start();
        notifications.startRetries();
        // New chain files, a collector's error: the badge changes without a poll saying so.
        infoChanges.start(options.infoCheckMs ?? 5000);
        active.pollNow();
      },
      async runOnce(runOptions = {}) {
        const summaries = await active.current.poller.runAll({ force: runOptions.force ?? false });
        await dispatcher.idle();
        return summaries;
      },
      stop() {
        stopped ??= (async () => {
          await active.settled();
          notifications.stopRetries();
          infoChanges.stop();
          status.stop();
          await active.stopPolling();
          // Nothing should stay uncompressed for long: finish what the last runs left, within a bound.
          compaction.finish();
          await dispatcher.close();
          await active.close();
          store.close();
        })();
        return stopped;
      },
    };
    return app;
  } catch (error) {
    await source?.close().catch(() => undefined);
    store.close();
    throw error;
  }
}

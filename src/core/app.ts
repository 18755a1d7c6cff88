// The composition root of the headless app (Electron's main process and headless mode both use
// it): the store, the event hub, the alert deliveries and the secrets, which live as long as the
// app, and the data source's connection (src/core/source/connect.ts: the local service or a
// remote base URL, the client with the SQLite ETag cache, the poller), which a change of the
// data source setting swaps while the app runs.
import fs from 'node:fs';
import path from 'node:path';
import { alertRuleBodySchema, type AlertRuleBody } from '../shared/alert-rules.ts';
import type { AppInfo } from '../shared/bridge/app-info.ts';
import type { SecretName } from '../shared/bridge/data-source.ts';
import type { DataSource, DataSourceKind } from '../shared/bridge/settings.ts';
import { POLL_JOBS } from '../shared/bridge/settings.ts';
import { nextSession, isMarketOpen } from '../shared/market-calendar.ts';
import type { App, AppOptions, DataSourceInfo } from './app-types.ts';
import { DEFAULT_RULES } from './alerts/default-rules.ts';
import type { ChannelSettings } from './alerts/policy.ts';
import { EventHub } from './bridge/events.ts';
import { messageOf } from '../shared/message-of.ts';
import { channelResolver } from './notify/channels.ts';
import { NotificationDispatcher } from './notify/dispatcher.ts';
import { libnotifyNotifier } from './notify/libnotify.ts';
import { realTimers } from './poller/timers.ts';
import { loadBridgeEvent } from './queries/alerts.ts';
import { pollStatus } from './queries/poll-status.ts';
import { iso } from './queries/snapshot-meta.ts';
import { fileSecretStore } from './secrets/file-secret-store.ts';
import { withEnvOverrides } from './secrets/secret-store.ts';
import { mergePatch } from './settings/merge.ts';
import { settingsSchema, type Settings } from './settings/schema.ts';
import { connectSource, type Connection, type ConnectDeps } from './source/connect.ts';
import { SourceError } from './source/errors.ts';
import { InfoChanges } from './source/info-changes.ts';
import { sourceFromSettings, type DataSourceOption } from './source/option.ts';
import { testSource } from './source/probe.ts';
import { openDatabase } from './store/database.ts';

export type { DataSourceOption } from './source/option.ts';
export type { App, AppOptions, DataSourceInfo } from './app-types.ts';

function readVersion(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version?: unknown;
    };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** Which source reads which secret: a new secret reconnects the source that uses it. */
const SECRET_OF_KIND: Partial<Record<DataSourceKind, SecretName>> = {
  remote: 'remoteApiKey',
  tradier: 'tradierToken',
};

export async function createApp(options: AppOptions): Promise<App> {
  const log = options.log ?? ((message: string) => process.stderr.write(`gammawatch: ${message}\n`));
  const timers = options.timers ?? realTimers;
  const env = options.env ?? process.env;
  fs.mkdirSync(options.dataDir, { recursive: true });
  const store = openDatabase<AlertRuleBody>(options.dbFile ?? path.join(options.dataDir, 'gammawatch.db'), {
    ruleSchema: alertRuleBodySchema,
    now: () => timers.now(),
  });
  let conn: Connection | null = null;
  try {
    if (store.migration.from === 0)
      for (const rule of DEFAULT_RULES)
        store.alertRules.create({ name: rule.name, rule: alertRuleBodySchema.parse(rule) });

    const secrets = withEnvOverrides(options.secrets ?? fileSecretStore(options.dataDir, log), env);
    const withOverrides = (): Settings =>
      settingsSchema.parse(mergePatch(store.settings.getSettings(), options.settings ?? {}));
    let effective = withOverrides();
    const resolve = (d: DataSource): DataSourceOption =>
      sourceFromSettings(d, { dataDir: options.dataDir, secrets, env });

    const events = new EventHub((error) => log(`event: ${messageOf(error)}`));
    const channels = (): ChannelSettings => {
      const s = effective;
      return {
        desktop: s.notifications.desktop,
        inApp: true,
        webhooks: s.notifications.webhooks,
        quietHours: s.quietHours.enabled ? { start: s.quietHours.start, end: s.quietHours.end } : null,
      };
    };
    const dispatcher = new NotificationDispatcher({
      deliveries: store.deliveries,
      loadEvent: (id) => loadBridgeEvent({ events: store.alertEvents, deliveries: store.deliveries }, id),
      channel: channelResolver({
        settings: () => effective,
        desktop: options.desktopNotifier ?? libnotifyNotifier(),
        emitInApp: (event) => events.emit('alert:new', event),
        ...(options.webhook ? { webhook: options.webhook } : {}),
      }),
      log,
    });

    let baselineId = 0;
    /** Alerts compare a source's snapshots only with its own: a new source starts a new baseline. */
    const adoptBaseline = (sourceId: string): void => {
      const stored = store.flags.sourceBaseline();
      if (stored?.source === sourceId) baselineId = stored.afterSnapshotId;
      else {
        // A database from before baselines (none stored) keeps comparing with what it has.
        baselineId = stored === null && store.snapshots.maxId() > 0 ? 0 : store.snapshots.maxId();
        store.flags.setSourceBaseline({ source: sourceId, afterSnapshotId: baselineId });
      }
      // What is stored from now on is this source's, and what the views read as "latest" is too.
      store.snapshots.useSource(sourceId);
    };

    let statusTimer: ReturnType<typeof setTimeout> | null = null;
    const infoChanges = new InfoChanges({
      info: () => (store.isOpen && conn !== null ? app.info() : null),
      emit: (info) => events.emit('app:changed', info),
      log,
    });
    const scheduleInfoCheck = (): void => infoChanges.schedule();
    const connectDeps: ConnectDeps = {
      dataDir: options.dataDir,
      store,
      settings: () => effective,
      channels,
      timers,
      ...(options.random ? { random: options.random } : {}),
      ...(options.trigger ? { trigger: options.trigger } : {}),
      ...(options.poller ? { poller: options.poller } : {}),
      ...(options.client ? { client: options.client } : {}),
      ...(options.service ? { service: options.service } : {}),
      ...(options.tradier ? { tradier: options.tradier } : {}),
      alertBaseline: () => baselineId,
      onSnapshots: (snapshots) => {
        for (const s of snapshots) {
          events.emit('snapshot:new', {
            ticker: s.ticker,
            endpoint: s.endpoint,
            asof: iso(s.asof),
            snapshotId: s.id,
          });
        }
        scheduleInfoCheck();
      },
      onAlerts: (ids) => dispatcher.dispatch(ids),
      onStatusChange: () => {
        app.emitStatus();
        scheduleInfoCheck();
      },
      onBackfill: (progress) => events.emit('backfill:progress', progress),
      onSourceChange: () => scheduleInfoCheck(),
      log,
    };

    conn = await connectSource(options.dataSource ?? resolve(effective.dataSource), connectDeps);
    /** False while a command line's source override runs; true once the setting is in force. */
    let sourceFromSetting = options.dataSource === undefined;
    adoptBaseline(conn.id);
    const current = (): Connection => {
      if (conn === null) throw new Error('the app has stopped');
      return conn;
    };

    const version = readVersion();
    let started = false;
    let stopRetry: (() => void) | null = null;
    let stopped: Promise<void> | null = null;
    const backfills = new Set<Promise<void>>();
    // Switches run one at a time, and stop() waits for the one in progress.
    let switching: Promise<unknown> = Promise.resolve();
    const serially = <T>(work: () => Promise<T>): Promise<T> => {
      const next = switching.then(work, work);
      switching = next.catch(() => undefined);
      return next;
    };

    const marketNow = (): number => current().marketClock.now();
    const wallNow = (): number => timers.now();

    function pollNow(c: Connection): void {
      if (options.pollOnStart ?? true) {
        const at = c.marketClock.now();
        for (const job of POLL_JOBS) c.poller.tick({ job, at, missed: 0 });
      }
    }

    /** Closes the current connection and opens `next` in its place (already connected). */
    async function replaceConnection(next: Connection): Promise<void> {
      const old = current();
      await old.close();
      await Promise.allSettled([...backfills]);
      conn = next;
      // After the old poller stopped: nothing of the old source is stored past this mark.
      adoptBaseline(next.id);
      if (started) {
        next.poller.start();
        pollNow(next);
      }
      app.emitStatus();
      infoChanges.check(true);
    }

    const app: App = {
      dataDir: options.dataDir,
      store,
      get client() {
        return current().client;
      },
      get poller() {
        return current().poller;
      },
      events,
      dispatcher,
      get source(): DataSourceInfo {
        const c = current();
        return {
          kind: c.kind,
          label: c.label,
          baseUrl: c.baseUrl,
          simulated: c.simulated(),
          clock: c.clockMode,
          listsUniverse: c.listsUniverse,
        };
      },
      marketSource: () => current().marketSource,
      version,
      marketNow,
      wallNow,
      alertBaseline: () => baselineId,
      log,
      settings: () => effective,
      updateSettings(patch) {
        return serially(async () => {
          if (stopped) throw new Error('the app has stopped');
          const before = effective;
          // Validated whole before anything starts or is saved (a ZodError answers invalid_input).
          const proposed = settingsSchema.parse(mergePatch(store.settings.getSettings(), patch));
          const switchTo =
            patch.dataSource !== undefined &&
            JSON.stringify(proposed.dataSource) !== JSON.stringify(before.dataSource)
              ? await connectSource(resolve(proposed.dataSource), connectDeps)
              : null;
          try {
            store.settings.updateSettings(patch);
          } catch (error) {
            await switchTo?.close();
            throw error;
          }
          effective = withOverrides();
          if (switchTo) {
            log(`data source: switched to ${switchTo.label}`);
            await replaceConnection(switchTo);
            sourceFromSetting = true;
          } else if (JSON.stringify(before.schedules) !== JSON.stringify(effective.schedules)) {
            current().poller.reschedule();
          }
          events.emit('settings:changed', effective);
          return effective;
        });
      },
      channels,
      universe: () => current().universe(),
      info(): AppInfo {
        const c = current();
        const now = c.marketClock.now();
        const session = nextSession(now);
        return {
          version,
          dataSource: {
            kind: c.kind,
            label: c.label,
            baseUrl: c.baseUrl,
            badge: c.badge(),
            problems: c.problems(),
          },
          simulated: c.simulated(),
          clock: c.clockMode,
          now: iso(now),
          market: {
            open: isMarketOpen(now),
            sessionOpen: iso(session.open),
            sessionClose: iso(session.close),
            earlyClose: session.earlyClose,
          },
          // Set by app:completeOnboarding; a database from before the flag counts as onboarded once it has a list.
          firstRun: !(store.flags.get('onboarded') ?? store.watchlists.list().length > 0),
          dataDir: options.dataDir,
        };
      },
      testSource: (source) =>
        testSource(source, {
          dataDir: options.dataDir,
          secrets,
          env,
          ...(options.tradier ? { tradier: options.tradier } : {}),
        }),
      secretsStatus: () => secrets.status(),
      setSecret(name, value) {
        return serially(async () => {
          secrets.set(name, value);
          const c = current();
          // The source in use reads this secret: reconnect it with the new one (the setting is unchanged).
          if (SECRET_OF_KIND[c.kind] === name && !stopped && sourceFromSetting) {
            let next: Connection;
            try {
              next = await connectSource(resolve(effective.dataSource), connectDeps);
            } catch (error) {
              const message = `Saved; ${c.label} keeps running with the previous one: ${messageOf(error)}`;
              throw error instanceof SourceError ? new SourceError(error.code, message) : error;
            }
            await replaceConnection(next);
          }
          return secrets.status();
        });
      },
      async refreshNow(job) {
        const c = current();
        await c.refresh();
        // The source may have changed meanwhile: the new one polls on its own start.
        if (conn === c) void c.poller.refreshNow(job);
      },
      tickersAdded(tickers) {
        const work = current()
          .poller.backfill(tickers)
          .catch((error: unknown) => log(`backfill: ${messageOf(error)}`));
        backfills.add(work);
        void work.finally(() => backfills.delete(work));
      },
      emitStatus() {
        if (statusTimer || !store.isOpen) return;
        // Coalesced: a burst of queue changes becomes one status event.
        statusTimer = setTimeout(() => {
          statusTimer = null;
          if (!store.isOpen || conn === null) return;
          const c = conn;
          try {
            events.emit(
              'poll:status',
              pollStatus({
                store,
                schedules: effective.schedules,
                running: c.poller.runningJobs(),
                paused: c.poller.paused,
                marketClosedSkip: c.poller.marketClosedSkip,
                marketNow: c.marketClock.now(),
                wallNow: wallNow(),
              }),
            );
          } catch (error) {
            log(`poll status: ${messageOf(error)}`);
          }
        }, 100);
        statusTimer.unref?.();
      },
      start() {
        if (stopped || started) return;
        started = true;
        const c = current();
        c.poller.start();
        dispatcher.retryDue();
        const retry = setInterval(() => dispatcher.retryDue(), 60_000);
        retry.unref?.();
        stopRetry = () => clearInterval(retry);
        // New chain files, a collector's error: the badge changes without a poll saying so.
        infoChanges.start(options.infoCheckMs ?? 5000);
        pollNow(c);
      },
      async runOnce(runOptions = {}) {
        const summaries = await current().poller.runAll({ force: runOptions.force ?? false });
        await dispatcher.idle();
        return summaries;
      },
      stop() {
        stopped ??= (async () => {
          await switching;
          stopRetry?.();
          infoChanges.stop();
          if (statusTimer) clearTimeout(statusTimer);
          statusTimer = null;
          const c = conn;
          await c?.poller.stop();
          await Promise.allSettled([...backfills]);
          await dispatcher.close();
          await c?.close();
          store.close();
        })();
        return stopped;
      },
    };
    return app;
  } catch (error) {
    await conn?.close().catch(() => undefined);
    store.close();
    throw error;
  }
}

// The composition root of the headless app (Electron's main process and headless mode both use
// it): the store, the data source (the local API v2 service started in-process on a loopback
// port, or a remote base URL), the client with the SQLite ETag cache, the poller, the alert
// deliveries, and the event hub the bridge relays.
import fs from 'node:fs';
import path from 'node:path';
import { ApiClient, type ApiClientOptions } from '../client/api-client.ts';
import { alertRuleBodySchema, type AlertRuleBody } from '../shared/alert-rules.ts';
import type { AppInfo } from '../shared/bridge/app-info.ts';
import type { UniverseEntry } from '../shared/bridge/tickers.ts';
import { nextSession, isMarketOpen } from '../shared/market-calendar.ts';
import { startService, type RunningService, type StartOptions } from '../service/index.ts';
import { fastClock, realClock } from '../service/market/clock.ts';
import type { MarketClock } from '../service/market/source.ts';
import { DEFAULT_RULES } from './alerts/default-rules.ts';
import type { ChannelSettings } from './alerts/policy.ts';
import { EventHub } from './bridge/events.ts';
import type { DesktopNotifier } from './notify/channel.ts';
import { channelResolver } from './notify/channels.ts';
import { NotificationDispatcher } from './notify/dispatcher.ts';
import { libnotifyNotifier } from './notify/libnotify.ts';
import type { WebhookOptions } from './notify/webhook.ts';
import { sqliteHttpCache } from './poller/http-cache-adapter.ts';
import { Poller, type JobRunSummary, type PollerOptions, type TriggerMode } from './poller/poller.ts';
import { realTimers, type Timers } from './poller/timers.ts';
import { loadBridgeEvent } from './queries/alerts.ts';
import { pollStatus } from './queries/poll-status.ts';
import { iso } from './queries/snapshot-meta.ts';
import { mergePatch } from './settings/merge.ts';
import { settingsSchema, type Settings, type SettingsPatch } from './settings/schema.ts';
import { openDatabase, type Store } from './store/database.ts';
import { POLL_JOBS } from '../shared/bridge/settings.ts';

export type DataSourceOption =
  | {
      kind: 'local';
      seed?: number;
      /** real, fast (accelerated from `fastStart`, `fastSpeed`×), or a clock of your own (tests). */
      clock?: 'real' | 'fast' | MarketClock;
      fastStart?: number;
      fastSpeed?: number;
      chainsDir?: string;
    }
  | { kind: 'remote'; baseUrl: string; apiKey?: string | null; demo?: boolean; marketClock?: MarketClock };

export interface AppOptions {
  dataDir: string;
  /** Default `<dataDir>/gammawatch.db`. */
  dbFile?: string;
  /** Applied over the stored settings for this run only (not saved). */
  settings?: SettingsPatch;
  /** Overrides the stored data source for this run. */
  dataSource?: DataSourceOption;
  /** Electron's notifier; headless uses libnotify (or skips with a reason). */
  desktopNotifier?: DesktopNotifier;
  /** Default: cron on the wall clock for a real-time market, market-clock sampling otherwise. */
  trigger?: TriggerMode;
  timers?: Timers;
  random?: () => number;
  poller?: Partial<
    Pick<
      PollerOptions,
      | 'concurrency'
      | 'jitterMs'
      | 'backfillWindow'
      | 'seriesWindow'
      | 'ingestChunk'
      | 'backoffBaseMs'
      | 'backoffMaxMs'
      | 'maxAttempts'
      | 'compaction'
      | 'onCompacted'
    >
  >;
  client?: Partial<
    Pick<ApiClientOptions, 'retry' | 'timeoutMs' | 'fetch' | 'concurrency' | 'defaultConcurrency'>
  >;
  /** Extra options for the in-process local service. */
  service?: Partial<StartOptions>;
  webhook?: WebhookOptions;
  /** Poll right away on start() (each job through the market gate). Default true. */
  pollOnStart?: boolean;
  log?: (message: string) => void;
  /**
   * The remote API key when the stored data source is remote. Electron passes the key it decrypted with
   * safeStorage; without it the key is read from the environment variable the settings name.
   */
  remoteApiKey?: string | null;
}

export interface DataSourceInfo {
  kind: 'local' | 'remote';
  label: string;
  baseUrl: string;
  simulated: boolean;
  clock: 'real' | 'fast';
}

export interface App {
  readonly dataDir: string;
  readonly store: Store<AlertRuleBody>;
  readonly client: ApiClient;
  readonly poller: Poller;
  readonly events: EventHub;
  readonly dispatcher: NotificationDispatcher;
  readonly source: DataSourceInfo;
  readonly version: string;
  marketNow(): number;
  wallNow(): number;
  settings(): Settings;
  updateSettings(patch: SettingsPatch): Settings;
  channels(): ChannelSettings;
  universe(): UniverseEntry[];
  info(): AppInfo;
  /** Tickers newly on a watchlist: backfill their history and fetch their views now. */
  tickersAdded(tickers: readonly string[]): void;
  emitStatus(): void;
  start(): void;
  /** Every job once, then waits for the resulting deliveries. */
  runOnce(options?: { force?: boolean }): Promise<JobRunSummary[]>;
  /** Stops polling, waits for work in flight and deliveries, closes the service and the store. */
  stop(): Promise<void>;
}

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

function marketClockOf(option: DataSourceOption): { clock: MarketClock; mode: 'real' | 'fast' } {
  if (option.kind === 'remote')
    return { clock: option.marketClock ?? realClock(), mode: option.marketClock ? 'fast' : 'real' };
  const c = option.clock ?? 'real';
  if (c === 'real') return { clock: realClock(), mode: 'real' };
  if (c === 'fast')
    return {
      clock: fastClock({ start: option.fastStart ?? Date.now(), speed: option.fastSpeed ?? 300 }),
      mode: 'fast',
    };
  return { clock: c, mode: 'fast' };
}

function sourceFromSettings(s: Settings, remoteApiKey: string | null | undefined): DataSourceOption {
  const d = s.dataSource;
  if (d.kind === 'local')
    return {
      kind: 'local',
      seed: d.seed,
      clock: d.clock,
      ...(d.chainsDir ? { chainsDir: d.chainsDir } : {}),
    };
  const key = remoteApiKey ?? (d.apiKeyRef ? process.env[d.apiKeyRef] : process.env['GAMMAWATCH_API_KEY']);
  return { kind: 'remote', baseUrl: d.baseUrl, apiKey: key ?? null, demo: d.demo };
}

// Another Gammawatch's local service says so in its payloads: market-structure tags `simulated`,
// the state snapshot has `simulated: true`.
function isSimulatedPayload(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const record = data as Record<string, unknown>;
  const tags = record['tags'];
  return record['simulated'] === true || (Array.isArray(tags) && tags.includes('simulated'));
}

export async function createApp(options: AppOptions): Promise<App> {
  const log = options.log ?? ((message: string) => process.stderr.write(`gammawatch: ${message}\n`));
  const timers = options.timers ?? realTimers;
  fs.mkdirSync(options.dataDir, { recursive: true });
  const store = openDatabase<AlertRuleBody>(options.dbFile ?? path.join(options.dataDir, 'gammawatch.db'), {
    ruleSchema: alertRuleBodySchema,
    now: () => timers.now(),
  });
  let service: RunningService | null = null;
  try {
    if (store.migration.from === 0)
      for (const rule of DEFAULT_RULES)
        store.alertRules.create({ name: rule.name, rule: alertRuleBodySchema.parse(rule) });

    let effective = settingsSchema.parse(mergePatch(store.settings.getSettings(), options.settings ?? {}));
    const sourceOption = options.dataSource ?? sourceFromSettings(effective, options.remoteApiKey);
    const { clock: marketClock, mode: clockMode } = marketClockOf(sourceOption);

    let baseUrl: string;
    let apiKey: string | null = null;
    let demo = false;
    let universe: () => UniverseEntry[];
    let label: string;
    let simulated = false;
    if (sourceOption.kind === 'local') {
      service = await startService({
        port: 0,
        host: '127.0.0.1',
        seed: sourceOption.seed ?? 42,
        clock: marketClock,
        ...(sourceOption.chainsDir ? { chainsDir: sourceOption.chainsDir } : {}),
        dataDir: path.join(options.dataDir, 'service'),
        log: 'quiet',
        ...options.service,
      });
      baseUrl = service.baseUrl;
      apiKey = service.apiKeys[0] ?? null;
      const source = service.app.gammawatch.source;
      simulated = source.simulated;
      label = sourceOption.chainsDir
        ? `Imported chains (${sourceOption.chainsDir})`
        : `Local simulator (seed ${sourceOption.seed ?? 42})`;
      universe = () =>
        source.universe().map((t) => ({ ticker: t.ticker, name: t.name, kind: t.kind, demo: t.demo }));
    } else {
      baseUrl = sourceOption.baseUrl;
      apiKey = sourceOption.apiKey ?? null;
      demo = sourceOption.demo ?? !apiKey;
      label = new URL(baseUrl).host;
      // A remote service lists no universe: suggest what is already watched.
      universe = () =>
        store.watchlists.allTickers().map((t) => ({ ticker: t, name: t, kind: 'watched', demo: false }));
    }

    const client = new ApiClient({
      baseUrl,
      apiKey,
      demo,
      cache: sqliteHttpCache(store.httpCache, baseUrl),
      // The poller's queue is the limiter that matters; the client's per-endpoint cap follows it.
      defaultConcurrency: options.poller?.concurrency ?? 6,
      ...options.client,
    });

    const events = new EventHub((error) =>
      log(`event: ${error instanceof Error ? error.message : String(error)}`),
    );
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

    let statusTimer: ReturnType<typeof setTimeout> | null = null;
    const marketNow = (): number => marketClock.now();
    const wallNow = (): number => timers.now();

    const poller: Poller = new Poller({
      client,
      store,
      settings: () => effective,
      channels,
      marketClock,
      trigger: options.trigger ?? (clockMode === 'real' ? 'cron' : 'market-clock'),
      ...(clockMode === 'real' ? {} : { rankingTtl: 0 }),
      timers,
      ...(options.random ? { random: options.random } : {}),
      ...options.poller,
      onSnapshots: (snapshots) => {
        for (const s of snapshots) {
          events.emit('snapshot:new', {
            ticker: s.ticker,
            endpoint: s.endpoint,
            asof: iso(s.asof),
            snapshotId: s.id,
          });
        }
      },
      onAlerts: (ids) => dispatcher.dispatch(ids),
      onStatusChange: () => app.emitStatus(),
      onBackfill: (progress) => events.emit('backfill:progress', progress),
      log,
    });

    const version = readVersion();
    let stopRetry: (() => void) | null = null;
    let stopped: Promise<void> | null = null;
    const backfills = new Set<Promise<void>>();

    // A remote base URL may be another Gammawatch's local service: what is stored from it must
    // wear the simulated badge too, online or not.
    const remoteServesSimulated = (): boolean =>
      sourceOption.kind === 'remote' &&
      store.snapshots
        .latestForTickers('market_structure', store.watchlists.allTickers().slice(0, 3))
        .some((snap) => isSimulatedPayload(snap.data));
    const app: App = {
      dataDir: options.dataDir,
      store,
      client,
      poller,
      events,
      dispatcher,
      source: { kind: sourceOption.kind, label, baseUrl, simulated, clock: clockMode },
      version,
      marketNow,
      wallNow,
      settings: () => effective,
      updateSettings(patch) {
        const before = effective;
        store.settings.updateSettings(patch);
        effective = settingsSchema.parse(mergePatch(store.settings.getSettings(), options.settings ?? {}));
        if (JSON.stringify(before.schedules) !== JSON.stringify(effective.schedules)) poller.reschedule();
        events.emit('settings:changed', effective);
        return effective;
      },
      channels,
      universe,
      info(): AppInfo {
        const now = marketNow();
        const session = nextSession(now);
        return {
          version,
          dataSource: { kind: sourceOption.kind, label, baseUrl },
          simulated: simulated || remoteServesSimulated(),
          clock: clockMode,
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
      tickersAdded(tickers) {
        const work = poller.backfill(tickers).catch((error: unknown) => log(`backfill: ${String(error)}`));
        backfills.add(work);
        void work.finally(() => backfills.delete(work));
      },
      emitStatus() {
        if (statusTimer || !store.isOpen) return;
        // Coalesced: a burst of queue changes becomes one status event.
        statusTimer = setTimeout(() => {
          statusTimer = null;
          if (!store.isOpen) return;
          try {
            events.emit(
              'poll:status',
              pollStatus({
                store,
                schedules: effective.schedules,
                running: poller.runningJobs(),
                paused: poller.paused,
                marketClosedSkip: poller.marketClosedSkip,
                marketNow: marketNow(),
                wallNow: wallNow(),
              }),
            );
          } catch (error) {
            log(`poll status: ${String(error)}`);
          }
        }, 100);
        statusTimer.unref?.();
      },
      start() {
        if (stopped) return;
        poller.start();
        dispatcher.retryDue();
        const retry = setInterval(() => dispatcher.retryDue(), 60_000);
        retry.unref?.();
        stopRetry = () => clearInterval(retry);
        if (options.pollOnStart ?? true) {
          const at = marketNow();
          for (const job of POLL_JOBS) poller.tick({ job, at, missed: 0 });
        }
      },
      async runOnce(runOptions = {}) {
        const summaries = await poller.runAll({ force: runOptions.force ?? false });
        await dispatcher.idle();
        return summaries;
      },
      stop() {
        stopped ??= (async () => {
          stopRetry?.();
          if (statusTimer) clearTimeout(statusTimer);
          statusTimer = null;
          await poller.stop();
          await Promise.allSettled([...backfills]);
          await dispatcher.close();
          await service?.close();
          store.close();
        })();
        return stopped;
      },
    };
    return app;
  } catch (error) {
    await service?.close().catch(() => undefined);
    store.close();
    throw error;
  }
}

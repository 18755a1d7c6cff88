// The swappable half of the app: what a data source needs running (the local service, a Tradier
// collector), the client pointed at it and the poller that polls it. The store, the rules, the
// event hub and the dispatcher outlive it; a switch of source closes one connection and opens
// another (updateSettings in app/source-switch.ts).
import fs from 'node:fs';
import path from 'node:path';
import { ApiClient, type ApiClientOptions } from '../../client/index.ts';
import type { AlertRuleBody } from '../../shared/alert-rules.ts';
import type { DataSourceKind } from '../../shared/bridge/settings.ts';
import type { UniverseEntry } from '../../shared/bridge/tickers.ts';
import { clockSpecOf, type ClockSpec } from '../../shared/clock-spec.ts';
import {
  buildMarketClock,
  CBOE_DELAY_MINUTES,
  cboeUserAgent,
  createCboeCollector,
  createTradierCollector,
  isMarketClock,
  probeTradier,
  realClock,
  startService,
  type MarketClock,
  type MarketDataSource,
  type RunningService,
  type StartOptions,
  type TradierCollector,
  type TradierCollectorOptions,
  type TradierProbeOptions,
  type TradierProbeResult,
} from '../../service/index.ts';
import type { ChannelSettings } from '../alerts/policy.ts';
import { messageOf } from '../../shared/message-of.ts';
import { sqliteHttpCache } from '../poller/http-cache-adapter.ts';
import type { IngestDeps, NewSnapshot } from '../store/ingest.ts';
import { Poller, type PollerOptions, type TriggerMode } from '../poller/poller.ts';
import type { Timers } from '../lib/timers.ts';
import type { BackfillProgress } from '../../shared/bridge/poll.ts';
import type { Settings } from '../settings/schema.ts';
import type { CompactionScheduleOptions } from '../store/compaction-schedule.ts';
import type { Store } from '../store/database.ts';
import { badgeText, problemLines, SIMULATED_BADGE } from './badge.ts';
import { SourceError } from './errors.ts';
import { FolderHistory, type ImportProgress } from './folder-history.ts';
import { DAY_MS } from '../store/time.ts';
import { sourceIdOf, type DataSourceOption, type SourceClock } from './option.ts';
import { DEFAULT_SIMULATOR_SEED } from '../../shared/simulator-seed.ts';
import { readVersion } from '../lib/app-version.ts';

export type ClockMode = 'real' | 'fast' | 'data';

/** What the connection needs of a collector writing into its folder (Tradier's or Cboe's). */
interface ChainCollector {
  refresh(): Promise<unknown>;
  start(): void;
  stop(): Promise<void>;
  status(): {
    delayed: boolean;
    lastSuccessAt: number | null;
    lastError: string | null;
    tickers: readonly { ticker: string; error: string | null }[];
  };
}

/** The Tradier connector, injectable so tests can count or replace what it does. */
export interface TradierConnector {
  probe(options: TradierProbeOptions): Promise<TradierProbeResult>;
  createCollector(options: TradierCollectorOptions): TradierCollector;
}

export const tradierConnector: TradierConnector = {
  probe: probeTradier,
  createCollector: createTradierCollector,
};

export type PollerTuning = Partial<
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
  > &
    // The store compacts what the poller stored (its CompactionSchedule); tuned with the poller.
    Pick<CompactionScheduleOptions, 'compaction' | 'onCompacted'>
>;

export type ClientTuning = Partial<
  Pick<ApiClientOptions, 'retry' | 'timeoutMs' | 'fetch' | 'concurrency' | 'defaultConcurrency'>
>;

export interface ConnectDeps {
  dataDir: string;
  store: Store<AlertRuleBody>;
  settings: () => Settings;
  channels: () => ChannelSettings;
  timers: Timers;
  random?: () => number;
  /** Default: cron on the wall clock for a real-time market or a chain folder, market-clock sampling otherwise. */
  trigger?: TriggerMode;
  poller?: PollerTuning;
  client?: ClientTuning;
  service?: Partial<StartOptions>;
  tradier?: TradierConnector;
  /** Alerts compare only with snapshots stored after this id. */
  alertBaseline: () => number;
  onSnapshots(snapshots: readonly NewSnapshot[]): void;
  onAlerts(ids: readonly number[]): void;
  onStatusChange(): void;
  onBackfill(progress: BackfillProgress): void;
  /** A job run or backfill ended: the store may compact what it stored. */
  onWritesEnded(): void;
  /** The source's own state moved (a chain file arrived or was skipped): the badge may change. */
  onSourceChange(): void;
  log: (message: string) => void;
}

export interface Connection {
  /** The data's identity (sourceIdOf). */
  readonly id: string;
  /**
   * The store bound to this source (Store.forSource): everything the connection's work reads and
   * writes, so work still running after a switch stays in its own source.
   */
  readonly store: Store<AlertRuleBody>;
  /** Aborted when the connection closes: work bound to it (a backtest's backfill) stops. */
  readonly closed: AbortSignal;
  /**
   * The one way this source's snapshots are stored (store/ingest.ts): polls, chain files, on-demand
   * and curve fetches and backfills all write through it, so each raises its alerts once.
   */
  readonly ingest: IngestDeps;
  readonly kind: DataSourceKind;
  /** For the header, e.g. "Local simulator (seed 42)". */
  readonly label: string;
  readonly baseUrl: string;
  readonly clockMode: ClockMode;
  readonly marketClock: MarketClock;
  readonly client: ApiClient;
  readonly poller: Poller;
  /** Whether the source lists its universe (the local service does; a remote one does not). */
  readonly listsUniverse: boolean;
  /**
   * The local service's market (simulator or chain folder), which can produce any past snapshot:
   * what a backtest backfills history from. Null for a remote API.
   */
  readonly marketSource: MarketDataSource | null;
  /** A chain folder's import of its files into history: the current or last run (null: none). */
  importProgress(): ImportProgress | null;
  /**
   * The app serves this source now: imports the folder's files not stored yet, and from then on
   * each file as it lands (resolves at once for any other source).
   */
  importHistory(): Promise<void>;
  /** Resolves when no import of the folder's files is running. */
  importSettled(): Promise<void>;
  universe(): UniverseEntry[];
  simulated(): boolean;
  badge(): string;
  problems(): string[];
  /** Minutes the figures lag the market (Cboe, Tradier's sandbox: 15), or null when they do not. */
  delayedMinutes(): number | null;
  /** The collector's last problem (a refusal, a failed fetch), or null: what the poll status shows. */
  fetchProblem(): string | null;
  /** Fetches what the source can now (a Tradier run, a rescan of the folder); never rejects. */
  refresh(): Promise<void>;
  /** Stops polling (waiting for work in flight), the collector and the local service. */
  close(): Promise<void>;
}

// Another Gammawatch's local service says so in its payloads: market-structure tags `simulated`,
// the state snapshot has `simulated: true`.
function isSimulatedPayload(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const record = data as Record<string, unknown>;
  const tags = record['tags'];
  return record['simulated'] === true || (Array.isArray(tags) && tags.includes('simulated'));
}

/** The option's clock as a spec, or the caller's own running clock (tests). */
function specOf(clock: SourceClock | undefined, fallback: ClockSpec): ClockSpec | MarketClock {
  if (clock === undefined) return fallback;
  return typeof clock === 'object' && isMarketClock(clock) ? clock : clockSpecOf(clock);
}

/** A simulator's clock: a real one reads 'real'; any other (fast, frozen, your own) runs ahead as 'fast'. */
function simulatorClock(option: Extract<DataSourceOption, { kind: 'local' }>): {
  clock: MarketClock;
  mode: ClockMode;
} {
  const spec = specOf(option.clock, { kind: 'real' });
  if (isMarketClock(spec)) return { clock: spec, mode: 'fast' };
  return { clock: buildMarketClock(spec), mode: spec.kind === 'real' ? 'real' : 'fast' };
}

/** A folder the service can read, or a clear refusal naming it. */
function checkFolder(dir: string, create: boolean): void {
  if (create) {
    try {
      fs.mkdirSync(dir, { recursive: true });
    } catch (error) {
      throw new SourceError('invalid_input', `Cannot create the chain folder ${dir}: ${messageOf(error)}`);
    }
  }
  let stat: fs.Stats;
  try {
    stat = fs.statSync(dir);
  } catch {
    throw new SourceError(
      'invalid_input',
      `The chain folder ${dir} does not exist: choose an existing folder`,
    );
  }
  if (!stat.isDirectory()) throw new SourceError('invalid_input', `${dir} is a file, not a folder`);
  try {
    fs.accessSync(dir, fs.constants.R_OK);
  } catch {
    throw new SourceError('invalid_input', `The chain folder ${dir} cannot be read (permissions)`);
  }
}

interface Started {
  service: RunningService | null;
  collector: ChainCollector | null;
  baseUrl: string;
  apiKey: string | null;
  demo: boolean;
  marketClock: MarketClock;
  clockMode: ClockMode;
  label: string;
  listsUniverse: boolean;
}

async function startLocal(option: DataSourceOption, deps: ConnectDeps): Promise<Started> {
  const common = {
    port: 0,
    host: '127.0.0.1',
    dataDir: path.join(deps.dataDir, 'service'),
    log: 'quiet' as const,
    ...deps.service,
  };
  if (option.kind === 'local') {
    const { clock, mode } = simulatorClock(option);
    const service = await startService({ ...common, seed: option.seed ?? DEFAULT_SIMULATOR_SEED, clock });
    return {
      service,
      collector: null,
      baseUrl: service.baseUrl,
      apiKey: service.apiKeys[0] ?? null,
      demo: false,
      marketClock: clock,
      clockMode: mode,
      label: `Local simulator (seed ${option.seed ?? DEFAULT_SIMULATOR_SEED})`,
      listsUniverse: true,
    };
  }
  if (option.kind === 'remote') throw new Error('startLocal: a remote source runs no local service');

  checkFolder(option.dir, option.kind !== 'chains');
  let collector: ChainCollector | null = null;
  if (option.kind === 'cboe') {
    // Every watched ticker, read at each fetch: a ticker added to a watchlist is fetched next time.
    const watched = deps.store.watchlists;
    collector = createCboeCollector({
      ...(option.baseUrl ? { baseUrl: option.baseUrl } : {}),
      tickers: () => watched.allTickers(),
      chainsDir: option.dir,
      userAgent: cboeUserAgent(readVersion()),
      // Its lines start with `cboe:`; a failure says its level.
      log: (line, level) => deps.log(level === 'info' ? line : `${level}: ${line}`),
    });
  }
  if (option.kind === 'tradier') {
    if (!option.token)
      throw new SourceError('invalid_input', 'No Tradier token stored: paste it and save it first');
    const connector = deps.tradier ?? tradierConnector;
    const base = { token: option.token, environment: option.environment };
    // A refused token should refuse the switch, not leave a collector failing in the background.
    const probe = await connector.probe({ ...base, ...(option.baseUrl ? { baseUrl: option.baseUrl } : {}) });
    if (!probe.ok) throw new SourceError('unavailable', probe.message);
    collector = connector.createCollector({
      ...base,
      ...(option.baseUrl ? { baseUrl: option.baseUrl } : {}),
      tickers: option.tickers,
      chainsDir: option.dir,
      // Its lines start with `tradier:` and never hold the token; a failure says its level.
      log: (line, level) => deps.log(level === 'info' ? line : `${level}: ${line}`),
    });
  }
  const clock = specOf(option.clock, { kind: 'data' });
  let service: RunningService;
  try {
    service = await startService({ ...common, chainsDir: option.dir, clock });
  } catch (error) {
    throw new SourceError('unavailable', `Cannot serve the chain folder ${option.dir}: ${messageOf(error)}`, {
      cause: error,
    });
  }
  collector?.start();
  return {
    service,
    collector,
    baseUrl: service.baseUrl,
    apiKey: service.apiKeys[0] ?? null,
    demo: false,
    // The service owns the folder's clock (the newest snapshot, moving as files arrive).
    marketClock: isMarketClock(clock) ? clock : service.app.gammawatch.source.clock,
    clockMode: !isMarketClock(clock) && clock.kind === 'real' ? 'real' : 'data',
    label:
      option.kind === 'tradier'
        ? `Tradier ${option.environment} (${option.tickers.join(', ')})`
        : option.kind === 'cboe'
          ? `Cboe delayed quotes (${CBOE_DELAY_MINUTES} min delayed)`
          : `Chain folder (${option.dir})`,
    listsUniverse: true,
  };
}

export async function connectSource(option: DataSourceOption, deps: ConnectDeps): Promise<Connection> {
  let started: Started;
  if (option.kind === 'remote') {
    let host: string;
    try {
      host = new URL(option.baseUrl).host;
    } catch {
      throw new SourceError('invalid_input', `${option.baseUrl} is not an http:// or https:// address`);
    }
    const apiKey = option.apiKey ?? null;
    started = {
      service: null,
      collector: null,
      baseUrl: option.baseUrl,
      apiKey,
      demo: option.demo ?? !apiKey,
      marketClock: option.marketClock ?? realClock(),
      clockMode: option.marketClock ? 'fast' : 'real',
      label: host,
      listsUniverse: false,
    };
  } else {
    started = await startLocal(option, deps);
  }

  const id = sourceIdOf(option);
  const store = deps.store.forSource(id);
  const closed = new AbortController();
  /** Set once the app serves this source (ActiveSource adopted it): only then does it import. */
  let inUse = false;
  const { service, collector, baseUrl, marketClock, clockMode } = started;
  try {
    const client = new ApiClient({
      baseUrl,
      apiKey: started.apiKey,
      demo: started.demo,
      cache: sqliteHttpCache(store.httpCache, baseUrl),
      // The poller's queue is the limiter that matters; the client's per-endpoint cap follows it.
      defaultConcurrency: deps.poller?.concurrency ?? 6,
      ...deps.client,
    });
    const ingest: IngestDeps = {
      store,
      channels: deps.channels,
      wallNow: () => deps.timers.now(),
      marketNow: () => marketClock.now(),
      alertBaseline: deps.alertBaseline,
      source: () => ({ label: started.label, simulated: simulated() }),
      onSnapshots: deps.onSnapshots,
      onAlerts: deps.onAlerts,
      log: deps.log,
    };
    // A chain folder's clock stands still between files: poll on the wall clock to see new ones.
    const trigger = deps.trigger ?? (clockMode === 'fast' ? 'market-clock' : 'cron');
    const { compaction: _compaction, onCompacted: _onCompacted, ...pollerTuning } = deps.poller ?? {};
    const poller = new Poller({
      client,
      store,
      settings: deps.settings,
      channels: deps.channels,
      marketClock,
      trigger,
      // A folder's data arrives with its files, at any hour (Tradier's after the close too).
      marketHoursOnly: (service?.folder ?? null) === null,
      tickerAbsence: (service?.folder ?? null) === null ? 'source' : 'folder',
      ...(clockMode === 'fast' ? { rankingTtl: 0 } : {}),
      timers: deps.timers,
      ...(deps.random ? { random: deps.random } : {}),
      ...pollerTuning,
      ingest,
      onStatusChange: deps.onStatusChange,
      onBackfill: deps.onBackfill,
      onWritesEnded: deps.onWritesEnded,
      log: deps.log,
    });

    const source = service?.app.gammawatch.source ?? null;
    const folder = service?.folder ?? null;
    // A folder's every file is a snapshot in history: imported now, and as new files land.
    const history =
      folder && source
        ? new FolderHistory({
            ingest,
            source,
            inUse: () => inUse && !closed.signal.aborted,
            now: () => deps.timers.now(),
            // Files retention deleted are not imported again: older than retentionDays at its last run.
            keepFrom: () => {
              const last = deps.store.thinning.lastRun();
              return last ? last.at - deps.settings().retentionDays * DAY_MS : 0;
            },
            onProgress: () => deps.onSourceChange(),
            onImported: () => {
              deps.onWritesEnded();
              deps.onSourceChange();
            },
            log: deps.log,
          })
        : null;
    const unsubscribe =
      folder?.subscribe(() => {
        deps.onSourceChange();
        void history?.start();
      }) ?? null;
    // What this source stored (after its baseline), so another source's payloads do not count.
    const remoteServesSimulated = (): boolean =>
      store.watchlists
        .allTickers()
        .slice(0, 3)
        .some((ticker) =>
          isSimulatedPayload(
            store.snapshots.latestAfterId({ endpoint: 'market_structure', ticker }, deps.alertBaseline())
              ?.data,
          ),
        );
    const simulated = (): boolean => (source ? source.simulated : remoteServesSimulated());
    let closing: Promise<void> | null = null;

    return {
      id,
      store,
      closed: closed.signal,
      ingest,
      kind: option.kind,
      label: started.label,
      baseUrl,
      clockMode,
      marketClock,
      client,
      poller,
      listsUniverse: started.listsUniverse,
      marketSource: source,
      importProgress: () => history?.progress() ?? null,
      importHistory: () => {
        inUse = true;
        return history?.start() ?? Promise.resolve();
      },
      importSettled: () => history?.settled() ?? Promise.resolve(),
      universe: () =>
        source
          ? source.universe().map((t) => ({ ticker: t.ticker, name: t.name, kind: t.kind, demo: t.demo }))
          : // A remote service lists no universe: suggest what is already watched.
            store.watchlists.allTickers().map((t) => ({ ticker: t, name: t, kind: 'watched', demo: false })),
      simulated,
      badge() {
        switch (option.kind) {
          case 'local':
            return badgeText({ kind: 'local' });
          case 'remote':
            return badgeText({ kind: 'remote', host: started.label, simulated: simulated() });
          case 'chains':
            return folder
              ? badgeText({
                  kind: 'chains',
                  newestSnapshot: folder.status().newestSnapshot,
                  now: deps.timers.now(),
                })
              : SIMULATED_BADGE;
          case 'tradier': {
            const status = collector?.status();
            return badgeText({
              kind: 'tradier',
              delayed: status?.delayed ?? option.environment === 'sandbox',
              lastSuccessAt: status?.lastSuccessAt ?? null,
            });
          }
          case 'cboe':
            return badgeText({ kind: 'cboe', newestSnapshot: folder?.status().newestSnapshot ?? null });
        }
      },
      fetchProblem: () => collector?.status().lastError ?? null,
      delayedMinutes: () =>
        option.kind === 'cboe'
          ? CBOE_DELAY_MINUTES
          : option.kind === 'tradier' && (collector?.status().delayed ?? option.environment === 'sandbox')
            ? 15
            : null,
      problems() {
        const skipped = folder?.status().problems ?? [];
        const status = collector?.status();
        const name = option.kind === 'cboe' ? 'Cboe' : 'Tradier';
        const collectorErrors = status
          ? [
              ...(status.lastError ? [`${name}: ${status.lastError}`] : []),
              ...status.tickers.filter((t) => t.error).map((t) => `${name} ${t.ticker}: ${t.error ?? ''}`),
            ]
          : [];
        return problemLines(skipped, collectorErrors);
      },
      async refresh() {
        await collector?.refresh();
        await folder?.rescan();
      },
      close: () =>
        (closing ??= (async () => {
          closed.abort(new SourceError('unavailable', `${started.label} is no longer the data source`));
          unsubscribe?.();
          await history?.stop();
          await poller.stop();
          await collector?.stop();
          await service?.close();
        })()),
    };
  } catch (error) {
    await collector?.stop().catch(() => undefined);
    await service?.close().catch(() => undefined);
    throw error;
  }
}

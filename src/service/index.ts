// The local API v2 service's public entry. `createService` builds the Fastify app over a market
// (simulated by default, or a ready source) for in-process use and `inject`; `startService` also
// opens a live chain folder when asked, listens, warms the caches in the background, and returns
// the base URL.
import type { FastifyInstance } from 'fastify';
import { AnalysisCache } from './analysis/analysis-cache.ts';
import type { PricingParams } from './engine/types.ts';
import { resolveApiKeys, type ResolvedKeys } from './http/api-keys.ts';
import { createKeyring } from './http/auth.ts';
import { drainApp, stopAccepting, type DrainResult } from './http/drain.ts';
import { DEFAULT_LIMITS, type ServiceContext, type ServiceLimits } from './http/context.ts';
import { TokenBuckets } from './http/rate-limit.ts';
import { API_PREFIX, buildServer, type LogOptions } from './http/server.ts';
import type { ServerTimeouts } from './http/timeouts.ts';
import { clockSpecOf, type ClockName, type ClockSpec } from '../shared/clock-spec.ts';
import { isMarketClock, marketClockOf } from './market/clock.ts';
import { ChainFolder, type WatchOptions } from './market/folder/index.ts';
import { createSimulatedMarket } from './market/sim/simulated-source.ts';
import {
  createTradierCollector,
  type TradierCollector,
  type TradierCollectorOptions,
} from './market/tradier/index.ts';
import { createCboeCollector, type CboeCollector, type CboeCollectorOptions } from './market/cboe/index.ts';
import type { MarketClock, MarketDataSource } from './market/source.ts';
import { startWarmers, type WarmOptions } from './analysis/background-warm.ts';
import { SeriesCache } from './series/series-cache.ts';

export { API_PREFIX } from './http/server.ts';
export { fastClock, manualClock, realClock } from './market/clock.ts';
export { marketClockOf as buildMarketClock, isMarketClock, type ClockBuildOptions } from './market/clock.ts';
export type { MarketClock, MarketDataSource } from './market/source.ts';
export type { LogOptions } from './http/server.ts';
export type { ServiceLimits } from './http/context.ts';
export { DEFAULT_TIMEOUTS, type ServerTimeouts } from './http/timeouts.ts';
export { DEFAULT_DRAIN_MS, type DrainResult } from './http/drain.ts';
export {
  ChainFolder,
  describeSnapshotTime,
  probeChainFolder,
  type ChainFolderChange,
  type ChainFolderProbe,
  type ChainFolderStatus,
  type ClockMode,
  type FolderProblem,
} from './market/folder/index.ts';
export {
  createTradierCollector,
  isDelayed as isTradierDelayed,
  probeTradier,
  type CollectorStatus as TradierCollectorStatus,
  type TradierCollector,
  type TradierCollectorOptions,
  type TradierEnvironment,
  type TradierProbeOptions,
  type TradierProbeResult,
} from './market/tradier/index.ts';
export {
  CBOE_DELAY_MINUTES,
  cboeUserAgent,
  createCboeCollector,
  type CboeCollector,
  type CboeCollectorOptions,
  type CboeCollectorStatus,
} from './market/cboe/index.ts';
import { DEFAULT_SIMULATOR_SEED } from '../shared/simulator-seed.ts';
// Façade for core and the CLI (they import nothing else of src/service; lint enforces it).
export { analyzeChainFile, analyzeChainStream, type ChainFileAnalysisOptions } from './analyze-chain-file.ts';
export { ChainImportError } from './market/import/index.ts';
export { analyzeSnapshotPayloads, type SnapshotPayloads } from './snapshot-payloads.ts';
export { RECENCY_WINDOW_MS } from './analysis/analysis-cache.ts';

export interface ServiceOptions {
  /** A ready market; otherwise one is built from `chainsDir` or the simulator. */
  source?: MarketDataSource;
  /** Simulator seed (default DEFAULT_SIMULATOR_SEED, 42: the app's). */
  seed?: number;
  /**
   * The market clock (src/shared/clock-spec.ts): real time, accelerated (`fast`, 300× from now
   * by default), frozen at an instant, the data's own (`data`: a chain folder's newest snapshot;
   * the default with `chainsDir`), or your own.
   */
  clock?: ClockName | ClockSpec | MarketClock;
  /**
   * Serve the chain files of this folder, live, instead of the simulator (startService only:
   * opening it is async). Its index goes in `<dataDir>/chain-index/`, never in the folder; without
   * `dataDir` it is kept in memory (every start parses the folder again).
   */
  chainsDir?: string | undefined;
  /** How the chain folder is watched (tests shorten the write-settling time), or false to read it once. */
  chainsWatch?: WatchOptions | false;
  /** Parsed chains of the folder kept in memory (default 64). */
  chainsCache?: number;
  /** API keys; with none (and no keys file) a key is generated and saved in `dataDir`. */
  apiKeys?: readonly string[];
  keysFile?: string;
  /**
   * The service's data folder: a generated key (`$GAMMAWATCH_HOME/service` or `~/.gammawatch/service`
   * by default) and, only when given, the chain folder's index.
   */
  dataDir?: string;
  /**
   * One risk-free rate and dividend yield for every ticker. Without it each ticker is read with its
   * stated carry (src/shared/carry.ts), the one the simulator prices its options with.
   */
  pricing?: PricingParams;
  limits?: Partial<ServiceLimits>;
  /** Logging: pino at `info` to stderr by default; `'quiet'` logs warnings and errors only. */
  log?: LogOptions | 'quiet';
  /** Background warm-up of the ranking universe and the series cache (off for createService by default). */
  warm?: WarmOptions | false;
  /** Analysed snapshots kept in memory (default 160). */
  analysisCapacity?: number;
  /** Per-day series rows kept in memory (default 30,000). */
  seriesCapacity?: number;
  /** How long a caller may take to send a request, and idle limits (see http/timeouts.ts). */
  timeouts?: Partial<ServerTimeouts>;
}

export interface ServiceInfo {
  readonly source: MarketDataSource;
  readonly analysis: AnalysisCache;
  readonly series: SeriesCache;
  readonly keys: ResolvedKeys;
  readonly demoSymbols: readonly string[];
  /** The first background warm-up pass, once the service is ready (null without warm-up). */
  warmed: Promise<void> | null;
  /** The live chain folder when the source is one. */
  readonly folder: ChainFolder | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    gammawatch: ServiceInfo;
  }
}

/** The options' clock as a spec (real by default), or the caller's own running clock. */
function clockOf(opts: ServiceOptions): ClockSpec | MarketClock {
  const clock = opts.clock ?? 'real';
  return typeof clock === 'object' && isMarketClock(clock) ? clock : clockSpecOf(clock);
}

function buildClock(opts: ServiceOptions): MarketClock {
  const clock = clockOf(opts);
  return isMarketClock(clock) ? clock : marketClockOf(clock);
}

function buildSource(opts: ServiceOptions): MarketDataSource {
  if (opts.source) return opts.source;
  if (opts.chainsDir !== undefined) {
    throw new Error(
      'createService: a chain folder opens asynchronously; use startService, or pass await ChainFolder.open(dir) as source',
    );
  }
  return createSimulatedMarket({ seed: opts.seed ?? DEFAULT_SIMULATOR_SEED, clock: buildClock(opts) });
}

/**
 * The spec's "fixed small set of eight symbols" when the market does not flag eight of its own: the
 * public service's demo set as its official client (tradingvolatility/tv-mcp) lists it.
 */
export const DEFAULT_DEMO_SYMBOLS = ['AAPL', 'AMZN', 'GM', 'KO', 'MCD', 'META', 'VIX', 'XOM'] as const;

/**
 * The demo set: the eight symbols the market flags (the simulator does), else the default eight,
 * of which demo access can read those the market has (an imported folder may hold none of them).
 */
export function demoSymbolsOf(source: MarketDataSource): string[] {
  const flagged = source
    .universe()
    .filter((t) => t.demo)
    .map((t) => t.ticker)
    .sort();
  return flagged.length === DEFAULT_DEMO_SYMBOLS.length ? flagged : [...DEFAULT_DEMO_SYMBOLS];
}

export function createService(opts: ServiceOptions = {}): FastifyInstance {
  const source = buildSource(opts);
  const keys = resolveApiKeys({
    ...(opts.apiKeys ? { apiKeys: opts.apiKeys } : {}),
    ...(opts.keysFile !== undefined ? { keysFile: opts.keysFile } : {}),
    ...(opts.dataDir !== undefined ? { dataDir: opts.dataDir } : {}),
  });
  const limits: ServiceLimits = { ...DEFAULT_LIMITS, ...opts.limits };
  const analysis = new AnalysisCache({
    source,
    ...(opts.pricing ? { pricing: opts.pricing } : {}),
    ...(opts.analysisCapacity !== undefined ? { capacity: opts.analysisCapacity } : {}),
  });
  const series = new SeriesCache({
    analysis,
    ...(opts.seriesCapacity !== undefined ? { capacity: opts.seriesCapacity } : {}),
  });
  const closing = new AbortController();
  const demoSymbols = demoSymbolsOf(source);
  const ctx: ServiceContext = {
    source,
    analysis,
    series,
    keyring: createKeyring(keys.keys),
    demoSymbols,
    limits,
    optionsVolumeBuckets: new TokenBuckets(limits.optionsVolume),
    demoBuckets: limits.demo ? new TokenBuckets(limits.demo) : null,
    closing: closing.signal,
  };
  const log: LogOptions = opts.log === 'quiet' ? { level: 'warn' } : (opts.log ?? { level: 'info' });
  const app = buildServer(ctx, log, opts.timeouts ? { timeouts: opts.timeouts } : {});
  const info: ServiceInfo = {
    source,
    analysis,
    series,
    keys,
    demoSymbols,
    warmed: null,
    folder: source instanceof ChainFolder ? source : null,
  };
  app.decorate('gammawatch', info);
  if (opts.warm !== undefined && opts.warm !== false) {
    const warm = opts.warm;
    app.addHook('onReady', async () => {
      info.warmed = startWarmers(ctx, warm, app.log);
    });
  }
  app.addHook('onClose', async () => closing.abort());
  return app;
}

export interface StartOptions extends ServiceOptions {
  /** Default 8787; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1: the service binds to loopback unless told otherwise. */
  host?: string;
  /**
   * Collect from Tradier into `chainsDir` (required with it): the collector fetches at once and then
   * on its schedule, and every chain it writes is served by the live folder like any other file.
   */
  tradier?: Omit<TradierCollectorOptions, 'chainsDir'>;
  /**
   * Fetch Cboe's delayed quotes into `chainsDir` (required with it), at start and every 15 minutes
   * while the market is open; served by the live folder like any other file.
   */
  cboe?: Omit<CboeCollectorOptions, 'chainsDir'>;
}

export interface RunningService {
  /** e.g. http://127.0.0.1:8787/api/v2 */
  readonly baseUrl: string;
  readonly apiKeys: readonly string[];
  readonly keys: ResolvedKeys;
  readonly app: FastifyInstance;
  /** The live chain folder being served (status, problems, change events), or null. */
  readonly folder: ChainFolder | null;
  /** The Tradier collector writing into the folder, or null. */
  readonly collector: TradierCollector | null;
  /** The Cboe collector writing into the folder, or null. */
  readonly cboe: CboeCollector | null;
  close(): Promise<void>;
  /**
   * Stops gracefully: no new connections, the requests in flight finished (each with
   * Connection: close), idle keep-alive connections closed, and whatever is still open after
   * `timeoutMs` (default 10 s) or once `cutNow` settles cut (see http/drain.ts). New connections
   * are refused from the moment it is called.
   */
  drain(opts?: { timeoutMs?: number; cutNow?: Promise<unknown> }): Promise<DrainResult>;
}

/** Opens the chain folder of `opts`, on the data clock unless another one is asked for. */
async function openFolder(dir: string, opts: StartOptions): Promise<ChainFolder> {
  const spec = opts.clock === undefined ? ({ kind: 'data' } as const) : clockOf(opts);
  const clock = !isMarketClock(spec) && spec.kind === 'data' ? 'data' : buildClock(opts);
  return ChainFolder.open(dir, {
    clock,
    ...(opts.dataDir !== undefined ? { dataDir: opts.dataDir } : {}),
    ...(opts.chainsCache !== undefined ? { cacheChains: opts.chainsCache } : {}),
    watch: opts.chainsWatch === undefined ? true : opts.chainsWatch,
    // The service's logger does not exist yet while the folder opens: a plain line on stderr
    // (a worker thread that failed, a file parsed on the main thread instead).
    log: (message) => process.stderr.write(`chain folder: ${message}\n`),
  });
}

/** Logs the folder's problems once each, and its new files as they are served. */
function logFolder(folder: ChainFolder, app: FastifyInstance): void {
  const status = folder.status();
  app.log.info(
    {
      dir: status.dir,
      files: status.files,
      tickers: status.tickers.length,
      clock: status.clock,
      index: folder.index.location,
    },
    'chain folder opened',
  );
  if (status.files === 0)
    app.log.warn({ dir: status.dir }, 'no readable chain files yet: serving none until some arrive');
  for (const p of status.problems) app.log.warn({ file: p.file }, `chain folder: ${p.message}`);
  const unsubscribe = folder.subscribe((change) => {
    for (const p of change.newProblems) app.log.warn({ file: p.file }, `chain folder: ${p.message}`);
    if (change.files.length > 0) app.log.info({ files: change.files }, 'chain folder changed');
  });
  app.addHook('onClose', async () => unsubscribe());
}

export async function startService(opts: StartOptions = {}): Promise<RunningService> {
  if (opts.tradier && opts.chainsDir === undefined)
    throw new Error('startService: a Tradier collector writes into a chain folder: give chainsDir too');
  if (opts.cboe && opts.chainsDir === undefined)
    throw new Error('startService: a Cboe collector writes into a chain folder: give chainsDir too');
  let source = opts.source;
  let folder: ChainFolder | null = null;
  if (source === undefined && opts.chainsDir !== undefined) {
    folder = await openFolder(opts.chainsDir, opts);
    source = folder;
  }
  let app: FastifyInstance;
  try {
    app = createService({ warm: {}, ...opts, ...(source ? { source, chainsDir: undefined } : {}) });
  } catch (error) {
    await folder?.close();
    throw error;
  }
  if (folder) {
    const opened = folder;
    logFolder(opened, app);
    // After the server: in-flight requests finish before the watcher and the index go.
    app.addHook('onClose', async () => opened.close());
  }
  const host = opts.host ?? '127.0.0.1';
  try {
    await app.listen({ port: opts.port ?? 8787, host });
  } catch (error) {
    await app.close(); // stops the warm-up that `ready` started, and the folder
    throw error;
  }
  let collector: TradierCollector | null = null;
  if (opts.tradier && opts.chainsDir !== undefined) {
    const log = app.log;
    const started = createTradierCollector({
      log: (line, level) => log[level](line),
      // Only the command line starts a collector here (the app runs its own): a 401 names the flag.
      tokenFrom: 'cli',
      ...opts.tradier,
      chainsDir: opts.chainsDir,
    });
    collector = started;
    started.start();
  }
  let cboe: CboeCollector | null = null;
  if (opts.cboe && opts.chainsDir !== undefined) {
    const log = app.log;
    cboe = createCboeCollector({
      log: (line, level) => log[level](line),
      ...opts.cboe,
      chainsDir: opts.chainsDir,
    });
    cboe.start();
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : (opts.port ?? 8787);
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    baseUrl: `http://${shownHost}:${port}${API_PREFIX}`,
    apiKeys: app.gammawatch.keys.keys,
    keys: app.gammawatch.keys,
    app,
    folder,
    collector,
    cboe,
    // The collectors first: a run in flight is aborted and waited for before the folder closes.
    close: async () => {
      await cboe?.stop();
      await collector?.stop();
      await app.close();
    },
    drain: async ({ timeoutMs, cutNow } = {}) => {
      void stopAccepting(app); // at once, before the collector's run in flight is waited for
      await cboe?.stop();
      await collector?.stop();
      return drainApp(app, timeoutMs, cutNow);
    },
  };
}

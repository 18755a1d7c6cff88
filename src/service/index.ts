// The local API v2 service's public entry. `createService` builds the Fastify app over a market
// (simulated by default, or a folder of imported chain files) for in-process use and `inject`;
// `startService` also listens, warms the caches in the background, and returns the base URL.
import type { FastifyInstance } from 'fastify';
import { AnalysisCache } from './analysis/analysis-cache.ts';
import type { PricingParams } from './engine/types.ts';
import { resolveApiKeys, type ResolvedKeys } from './http/api-keys.ts';
import { createKeyring } from './http/auth.ts';
import { DEFAULT_LIMITS, type ServiceContext, type ServiceLimits } from './http/context.ts';
import { TokenBuckets } from './http/rate-limit.ts';
import { API_PREFIX, buildServer, type LogOptions } from './http/server.ts';
import { fastClock, realClock } from './market/clock.ts';
import { loadImportedMarket } from './market/imported-source.ts';
import { createSimulatedMarket } from './market/sim/simulated-source.ts';
import type { MarketClock, MarketDataSource } from './market/source.ts';
import { startWarmers, type WarmOptions } from './analysis/background-warm.ts';
import { SeriesCache } from './series/series-cache.ts';

export { API_PREFIX } from './http/server.ts';
export type { LogOptions } from './http/server.ts';
export type { ServiceLimits } from './http/context.ts';

export interface ServiceOptions {
  /** A ready market; otherwise one is built from `chainsDir` or the simulator. */
  source?: MarketDataSource;
  /** Simulator seed (default 1). */
  seed?: number;
  /** The market clock: real time, accelerated (`fast`, 300× from now by default) or your own. */
  clock?: 'real' | 'fast' | MarketClock;
  /** Market time at which a fast clock starts (epoch ms; default now) and its speed (default 300). */
  fastStart?: number;
  fastSpeed?: number;
  /** Serve the chain files of this folder instead of the simulator (startService only: loading is async). */
  chainsDir?: string;
  /** API keys; with none (and no keys file) a key is generated and saved in `dataDir`. */
  apiKeys?: readonly string[];
  keysFile?: string;
  /** Where a generated key is kept: `$GAMMAWATCH_HOME/service` or `~/.gammawatch/service` by default. */
  dataDir?: string;
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
}

export interface ServiceInfo {
  readonly source: MarketDataSource;
  readonly analysis: AnalysisCache;
  readonly series: SeriesCache;
  readonly keys: ResolvedKeys;
  readonly demoSymbols: readonly string[];
  /** The first background warm-up pass, once the service is ready (null without warm-up). */
  warmed: Promise<void> | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    gammawatch: ServiceInfo;
  }
}

function buildClock(opts: ServiceOptions): MarketClock {
  if (opts.clock === undefined || opts.clock === 'real') return realClock();
  if (opts.clock === 'fast')
    return fastClock({ start: opts.fastStart ?? Date.now(), speed: opts.fastSpeed ?? 300 });
  return opts.clock;
}

function buildSource(opts: ServiceOptions): MarketDataSource {
  if (opts.source) return opts.source;
  if (opts.chainsDir !== undefined) {
    throw new Error(
      'createService: chain files load asynchronously; use startService, or pass loadImportedMarket(dir) as source',
    );
  }
  return createSimulatedMarket({ seed: opts.seed ?? 1, clock: buildClock(opts) });
}

/** The spec's "fixed small set of eight symbols" when the market does not flag eight of its own. */
export const DEFAULT_DEMO_SYMBOLS = ['AAPL', 'AMD', 'IWM', 'MSFT', 'NVDA', 'QQQ', 'SPY', 'TSLA'] as const;

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
  const app = buildServer(ctx, log);
  const info: ServiceInfo = { source, analysis, series, keys, demoSymbols, warmed: null };
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

function describeProblems(problems: readonly { file: string; message: string }[]): string {
  return problems.length === 0 ? '' : `: ${problems.map((p) => `${p.file}: ${p.message}`).join('; ')}`;
}

export interface StartOptions extends ServiceOptions {
  /** Default 8787; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1: the service binds to loopback unless told otherwise. */
  host?: string;
}

export interface RunningService {
  /** e.g. http://127.0.0.1:8787/api/v2 */
  readonly baseUrl: string;
  readonly apiKeys: readonly string[];
  readonly keys: ResolvedKeys;
  readonly app: FastifyInstance;
  close(): Promise<void>;
}

export async function startService(opts: StartOptions = {}): Promise<RunningService> {
  let source = opts.source;
  let problems: readonly { file: string; message: string }[] = [];
  if (source === undefined && opts.chainsDir !== undefined) {
    const imported = await loadImportedMarket(opts.chainsDir, { clock: buildClock(opts) });
    if (imported.universe().length === 0) {
      throw new Error(`no readable chain files in ${opts.chainsDir}${describeProblems(imported.problems)}`);
    }
    source = imported;
    problems = imported.problems;
  }
  const app = createService({ warm: {}, ...opts, ...(source ? { source, chainsDir: undefined } : {}) });
  for (const p of problems) app.log.warn({ file: p.file }, `chain file skipped: ${p.message}`);
  const host = opts.host ?? '127.0.0.1';
  try {
    await app.listen({ port: opts.port ?? 8787, host });
  } catch (error) {
    await app.close(); // stops the warm-up that `ready` started
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : (opts.port ?? 8787);
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    baseUrl: `http://${shownHost}:${port}${API_PREFIX}`,
    apiKeys: app.gammawatch.keys.keys,
    keys: app.gammawatch.keys,
    app,
    close: () => app.close(),
  };
}

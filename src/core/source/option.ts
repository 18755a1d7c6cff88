// The data source of a run, resolved: the stored setting (or a command line's override) with the
// secrets it needs looked up main-side. `sourceIdOf` names the data behind it, so alerts can tell
// snapshots of one source from another's.
import path from 'node:path';
import type { TradierEnvironment } from '../../shared/bridge/settings.ts';
import type { MarketClock } from '../../service/index.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import type { Settings } from '../settings/schema.ts';

export type DataSourceOption =
  | {
      kind: 'local';
      seed?: number;
      /** real, fast (accelerated from `fastStart`, `fastSpeed`×), or a clock of your own (tests). */
      clock?: 'real' | 'fast' | MarketClock;
      fastStart?: number;
      fastSpeed?: number;
    }
  | {
      kind: 'chains';
      dir: string;
      /** data: the newest snapshot in the folder (the default); real: the wall clock; or your own (tests). */
      clock?: 'data' | 'real' | MarketClock;
    }
  | {
      kind: 'tradier';
      environment: TradierEnvironment;
      tickers: readonly string[];
      /** Where fetched chains are written (and served from). */
      dir: string;
      token: string | null;
      /** An origin for tests (a loopback stand-in); Tradier's own by default. */
      baseUrl?: string;
      clock?: 'data' | 'real' | MarketClock;
    }
  | { kind: 'remote'; baseUrl: string; apiKey?: string | null; demo?: boolean; marketClock?: MarketClock };

/** Where a Tradier source writes when its setting names no folder. */
export function defaultTradierDir(dataDir: string): string {
  return path.join(dataDir, 'chains', 'tradier');
}

/** Set main-side only (tests point it at a loopback stand-in of Tradier); never shown in the UI. */
export const TRADIER_BASE_URL_ENV = 'GAMMAWATCH_TRADIER_BASE_URL';

export interface ResolveContext {
  dataDir: string;
  secrets: SecretStore;
  env?: NodeJS.ProcessEnv;
}

export function sourceFromSettings(d: Settings['dataSource'], ctx: ResolveContext): DataSourceOption {
  const env = ctx.env ?? process.env;
  switch (d.kind) {
    case 'local':
      return { kind: 'local', seed: d.seed, clock: d.clock };
    case 'chains':
      return { kind: 'chains', dir: path.resolve(d.dir), clock: d.clock };
    case 'tradier': {
      const baseUrl = env[TRADIER_BASE_URL_ENV];
      return {
        kind: 'tradier',
        environment: d.environment,
        tickers: d.tickers,
        dir: path.resolve(d.dir ?? defaultTradierDir(ctx.dataDir)),
        token: ctx.secrets.get('tradierToken'),
        ...(baseUrl ? { baseUrl } : {}),
      };
    }
    case 'remote': {
      // A named variable (apiKeyRef) wins, then the stored key (itself overridden by GAMMAWATCH_API_KEY).
      const key = (d.apiKeyRef ? env[d.apiKeyRef] : undefined) ?? ctx.secrets.get('remoteApiKey');
      return { kind: 'remote', baseUrl: d.baseUrl, apiKey: key ?? null, demo: d.demo };
    }
  }
}

/**
 * The identity of the data behind a source. A chain folder and a Tradier collector writing into
 * the same folder are one source (the same files); a simulator is its seed and clock.
 */
export function sourceIdOf(option: DataSourceOption): string {
  switch (option.kind) {
    case 'local': {
      const clock = typeof option.clock === 'object' ? 'custom' : (option.clock ?? 'real');
      return `simulator:${option.seed ?? 42}:${clock}`;
    }
    case 'chains':
    case 'tradier':
      return `folder:${path.resolve(option.dir)}`;
    case 'remote':
      return `remote:${option.baseUrl}`;
  }
}

// The data source of a run, resolved: the stored setting (or a command line's override) with the
// secrets it needs looked up main-side. `sourceIdOf` names the data behind it, so alerts can tell
// snapshots of one source from another's.
import path from 'node:path';
import { linkLocalRefusal, type TradierEnvironment } from '../../shared/bridge/settings.ts';
import { clockSpecOfSetting, type ClockName, type ClockSpec } from '../../shared/clock-spec.ts';
import type { MarketClock } from '../../service/index.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import type { Settings } from '../settings/schema.ts';
import { DEFAULT_SIMULATOR_SEED } from '../../shared/simulator-seed.ts';

/** A source's clock: a spec, a spec's name (its defaults), or a running clock of your own (tests). */
export type SourceClock = ClockName | ClockSpec | MarketClock;

export type DataSourceOption =
  | {
      kind: 'local';
      seed?: number;
      /** real (the default), fast, frozen, or a clock of your own (tests). */
      clock?: SourceClock;
    }
  | {
      kind: 'chains';
      dir: string;
      /** data: the newest snapshot in the folder (the default); real: the wall clock; or your own (tests). */
      clock?: SourceClock;
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
      clock?: SourceClock;
    }
  | {
      kind: 'cboe';
      /** Where fetched chains are written (and served from). */
      dir: string;
      /** An origin for tests (a loopback stand-in); Cboe's CDN by default. */
      baseUrl?: string;
      clock?: SourceClock;
    }
  | { kind: 'remote'; baseUrl: string; apiKey?: string | null; demo?: boolean; marketClock?: MarketClock };

/** Where a Tradier source writes when its setting names no folder. */
export function defaultTradierDir(dataDir: string): string {
  return path.join(dataDir, 'chains', 'tradier');
}

/** Set main-side only (tests point it at a loopback stand-in of Tradier); never shown in the UI. */
export const TRADIER_BASE_URL_ENV = 'GAMMAWATCH_TRADIER_BASE_URL';

/** Where a Cboe source writes when its setting names no folder. */
export function defaultCboeDir(dataDir: string): string {
  return path.join(dataDir, 'chains', 'cboe');
}

/** Set main-side only (tests point it at a loopback stand-in of Cboe's CDN); never shown in the UI. */
export const CBOE_BASE_URL_ENV = 'GAMMAWATCH_CBOE_BASE_URL';

export interface ResolveContext {
  dataDir: string;
  secrets: SecretStore;
  env?: NodeJS.ProcessEnv;
}

export function sourceFromSettings(d: Settings['dataSource'], ctx: ResolveContext): DataSourceOption {
  const env = ctx.env ?? process.env;
  switch (d.kind) {
    case 'local':
      return { kind: 'local', seed: d.seed, clock: clockSpecOfSetting(d) };
    case 'chains':
      return { kind: 'chains', dir: path.resolve(d.dir), clock: clockSpecOfSetting(d) };
    case 'tradier': {
      const baseUrl = env[TRADIER_BASE_URL_ENV];
      return {
        kind: 'tradier',
        environment: d.environment,
        tickers: d.tickers,
        dir: path.resolve(d.dir ?? defaultTradierDir(ctx.dataDir)),
        token: ctx.secrets.get('tradierToken'),
        clock: clockSpecOfSetting(d),
        ...(baseUrl ? { baseUrl } : {}),
      };
    }
    case 'cboe': {
      const baseUrl = env[CBOE_BASE_URL_ENV];
      return {
        kind: 'cboe',
        dir: path.resolve(d.dir ?? defaultCboeDir(ctx.dataDir)),
        clock: clockSpecOfSetting(d),
        ...(baseUrl ? { baseUrl } : {}),
      };
    }
    case 'remote': {
      // The schema refuses this already; checked again here because a setting may reach the switch
      // without the schema (a command line's or a test's override), and this is the last door.
      const refusal = linkLocalRefusal(d);
      if (refusal !== null) throw new Error(refusal);
      // A named variable (apiKeyRef) wins, then the stored key (itself overridden by GAMMAWATCH_API_KEY).
      const key = (d.apiKeyRef ? env[d.apiKeyRef] : undefined) ?? ctx.secrets.get('remoteApiKey');
      return { kind: 'remote', baseUrl: d.baseUrl, apiKey: key ?? null, demo: d.demo };
    }
  }
}

/**
 * The identity of the data behind a source. A chain folder and a Tradier or Cboe collector writing
 * into the same folder are one source (the same files); a simulator is its seed and clock.
 */
export function sourceIdOf(option: DataSourceOption): string {
  switch (option.kind) {
    case 'local':
      return `simulator:${option.seed ?? DEFAULT_SIMULATOR_SEED}:${simulatorClockId(option.clock)}`;
    case 'chains':
    case 'tradier':
    case 'cboe':
      return `folder:${path.resolve(option.dir)}`;
    case 'remote':
      return `remote:${option.baseUrl}`;
  }
}

/**
 * A simulator's clock in its identity: real and fast as named (as databases have stored them);
 * a frozen clock or one of your own is "custom".
 */
function simulatorClockId(clock: SourceClock | undefined): string {
  if (clock === undefined) return 'real';
  if (typeof clock === 'string') return clock;
  if ('now' in clock) return 'custom';
  return clock.kind === 'real' || clock.kind === 'fast' ? clock.kind : 'custom';
}

/**
 * What a source id alone tells of its source, for an event stored before events recorded their
 * source's label: a simulator is simulated; a folder or a remote is taken as market data (a remote
 * serving simulated payloads is recorded as such since, see store/ingest.ts).
 */
export function sourceFactsOfId(id: string): { label: string; simulated: boolean } {
  const simulator = /^simulator:(\d+):/.exec(id);
  if (simulator) return { label: `Local simulator (seed ${simulator[1]})`, simulated: true };
  if (id.startsWith('folder:'))
    return { label: `Chain folder (${id.slice('folder:'.length)})`, simulated: false };
  if (id.startsWith('remote:')) {
    const url = id.slice('remote:'.length);
    try {
      return { label: new URL(url).host, simulated: false };
    } catch {
      return { label: url, simulated: false };
    }
  }
  return { label: id === '' ? 'Unknown source' : id, simulated: false };
}

/**
 * The simulator `gammawatch start --clock/--seed` asks for, over the stored data source for this run
 * only, or undefined when neither is given: one rule for headless mode and the desktop app
 * (electron/logic/launch.ts reads them back from start's environment), so both show one market.
 */
export function runDataSource(
  clock: ClockSpec | undefined,
  seed: number | undefined,
): Extract<DataSourceOption, { kind: 'local' }> | undefined {
  if (clock === undefined && seed === undefined) return undefined;
  return {
    kind: 'local',
    ...(seed !== undefined ? { seed } : {}),
    ...(clock !== undefined ? { clock } : {}),
  };
}

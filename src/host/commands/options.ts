// What the commands share: reading whole-number options, where the data lives, which data source
// the flags ask for, and waiting to be stopped.
import path from 'node:path';
import type { DataSourceOption } from '../../core/index.ts';
import { dataDirOption, homeDataDir, LOG_FILE_NAME } from '../../core/index.ts';
import { CLOCK_FLAGS, clockFromFlags } from './clock-flags.ts';

export { dataDirOption, homeDataDir };

/** An integer option in [lo, hi]; undefined when it was not given. */
export function intOption(name: string, raw: string | undefined, lo: number, hi: number): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!/^-?\d+$/.test(raw) || n < lo || n > hi)
    throw new Error(`--${name} must be an integer in ${lo}-${hi}, got '${raw}'`);
  return n;
}

/**
 * The data folder: `--data-dir`, else the folder of `--db`, else `$GAMMAWATCH_HOME`, else
 * `~/.gammawatch` (absolute).
 */
export function dataDirOf(
  values: { 'data-dir'?: string | undefined; db?: string | undefined },
  env: NodeJS.ProcessEnv = process.env,
): string {
  const dataDir = dataDirOption(values['data-dir']);
  if (dataDir !== undefined) return path.resolve(dataDir);
  return values.db ? path.resolve(path.dirname(values.db)) : homeDataDir(env);
}

/** The help line of `--verbose`, the same in every command that takes it. */
export const VERBOSE_HELP =
  '--verbose            also log to <data dir>/gammawatch.log (rotated at 5 MB, 3 kept)';

/** createApp's `logFile` for `--verbose`: the log file in the data folder, or nothing. */
export function logFileOption(dataDir: string, verbose: boolean | undefined): { logFile?: string } {
  return verbose ? { logFile: path.join(dataDir, LOG_FILE_NAME) } : {};
}

/** The data-source flags of `watch` and `backtest` (backtest has no --chains, --demo or clock flags). */
export interface DataSourceFlags {
  'base-url'?: string | undefined;
  'api-key'?: string | undefined;
  demo?: boolean | undefined;
  chains?: string | undefined;
  seed?: string | undefined;
  clock?: string | undefined;
  speed?: string | undefined;
  'market-time'?: string | undefined;
}

/**
 * The data source the flags ask for, or undefined for the stored setting: a remote API
 * (`--base-url URL`, its key from `--api-key` or $GAMMAWATCH_API_KEY, demo without one), a chain
 * folder (`--chains DIR`, on the data's own clock unless `--clock real`), or the simulator
 * (`--base-url local`, `--seed`, the clock flags; a real clock unless they say otherwise).
 */
export function dataSourceOf(
  values: DataSourceFlags,
  env: NodeJS.ProcessEnv = process.env,
): DataSourceOption | undefined {
  const baseUrl = values['base-url'];
  if (values.chains !== undefined && baseUrl !== undefined && baseUrl !== 'local')
    throw new Error('--chains and --base-url exclude each other');
  if (baseUrl !== undefined && baseUrl !== 'local') {
    const apiKey = values['api-key'] ?? env['GAMMAWATCH_API_KEY'] ?? null;
    return {
      kind: 'remote',
      baseUrl,
      apiKey: values.demo ? null : apiKey,
      demo: Boolean(values.demo) || !apiKey,
    };
  }
  if (values.chains !== undefined) {
    const clock = clockFromFlags(values, CLOCK_FLAGS.watchChains) ?? { kind: 'data' };
    return { kind: 'chains', dir: path.resolve(values.chains), clock };
  }
  const seed = intOption('seed', values.seed, 0, 2 ** 31 - 1);
  const clock = clockFromFlags(values, CLOCK_FLAGS.watch);
  if (clock === undefined && seed === undefined && baseUrl === undefined) return undefined;
  return { kind: 'local', ...(seed !== undefined ? { seed } : {}), clock: clock ?? { kind: 'real' } };
}

export type StopSignal = 'SIGINT' | 'SIGTERM';

/**
 * Resolves with the first SIGINT or SIGTERM. Both listeners are removed then, so a second signal
 * gets Node's default handling (the process ends) rather than starting a second shutdown.
 */
export function untilStopSignal(signals: NodeJS.EventEmitter = process): Promise<StopSignal> {
  return new Promise((resolve) => {
    const onInt = (): void => stop('SIGINT');
    const onTerm = (): void => stop('SIGTERM');
    const stop = (signal: StopSignal): void => {
      signals.off('SIGINT', onInt);
      signals.off('SIGTERM', onTerm);
      resolve(signal);
    };
    signals.once('SIGINT', onInt);
    signals.once('SIGTERM', onTerm);
  });
}

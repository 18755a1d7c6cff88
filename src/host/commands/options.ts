// What the commands share: reading whole-number options, where the data lives, and waiting to be stopped.
import os from 'node:os';
import path from 'node:path';

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
export function dataDirOf(values: { 'data-dir'?: string | undefined; db?: string | undefined }): string {
  return path.resolve(
    values['data-dir'] ??
      (values.db
        ? path.dirname(values.db)
        : (process.env['GAMMAWATCH_HOME'] ?? path.join(os.homedir(), '.gammawatch'))),
  );
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

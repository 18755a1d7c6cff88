// What the desktop app takes from its command line and environment before anything starts: the
// data folder (core's one rule, as headless mode, the CLI and the MCP server apply it), the log
// file of `--verbose`, and the simulator `gammawatch start --clock/--seed` asked for (its
// variables, from electronEnv in src/host/commands/start.ts: they were set and never read, so the
// window showed the stored market while headless mode showed the asked one). Pure, so it is tested
// without Electron; main.ts only acts on the answer.
// A `--data-dir` the commands refuse is refused here too, with the same words: main.ts shows them
// and quits, where the thrown error used to leave a tray-less process with no window and no word.
import path from 'node:path';
import { z } from 'zod';
import {
  dataDirFromArgs,
  LOG_FILE_NAME,
  runDataSource,
  type DataSourceOption,
} from '../../src/core/index.ts';
import { clockSpecOf, clockSpecSchema, type ClockSpec } from '../../src/shared/clock-spec.ts';

/** GAMMAWATCH_SEED: the range `gammawatch start --seed` accepts. */
const seedSchema = z.coerce
  .number()
  .int()
  .min(0)
  .max(2 ** 31 - 1);

export type DesktopLaunch =
  | {
      ok: true;
      dataDir: string;
      /** `--verbose` (or `gammawatch start --verbose`, which sets GAMMAWATCH_VERBOSE=1). */
      logFile?: string;
      /** The simulator for this run (not saved), when GAMMAWATCH_CLOCK or GAMMAWATCH_SEED is set. */
      dataSource?: Extract<DataSourceOption, { kind: 'local' }>;
    }
  | { ok: false; message: string };

export function desktopLaunch(argv: readonly string[], env: NodeJS.ProcessEnv): DesktopLaunch {
  let dataDir: string;
  try {
    dataDir = dataDirFromArgs(argv, env);
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  const verbose = env['GAMMAWATCH_VERBOSE'] === '1' || argv.includes('--verbose');
  const rawClock = nonBlank(env['GAMMAWATCH_CLOCK']);
  const rawSeed = nonBlank(env['GAMMAWATCH_SEED']);
  let clock: ClockSpec | undefined;
  if (rawClock !== undefined) {
    const parsed = clockOf(rawClock);
    if (parsed === undefined)
      return {
        ok: false,
        message: `GAMMAWATCH_CLOCK must be real, fast or a clock spec in JSON, got '${rawClock}'`,
      };
    clock = parsed;
  }
  let seed: number | undefined;
  if (rawSeed !== undefined) {
    const parsed = seedSchema.safeParse(rawSeed);
    if (!parsed.success)
      return { ok: false, message: `GAMMAWATCH_SEED must be an integer in 0-2147483647, got '${rawSeed}'` };
    seed = parsed.data;
  }
  const dataSource = runDataSource(clock, seed);
  return {
    ok: true,
    dataDir,
    ...(verbose ? { logFile: path.join(dataDir, LOG_FILE_NAME) } : {}),
    ...(dataSource !== undefined ? { dataSource } : {}),
  };
}

function nonBlank(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value.trim() : undefined;
}

/** `real` or `fast` (their defaults), or a whole spec as JSON (electronEnv's); undefined if neither. */
function clockOf(raw: string): ClockSpec | undefined {
  if (raw === 'real' || raw === 'fast') return clockSpecOf(raw);
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const spec = clockSpecSchema.safeParse(json);
  return spec.success && spec.data.kind !== 'data' ? spec.data : undefined;
}

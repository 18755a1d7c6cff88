// What the desktop app takes from its command line and environment before anything starts: the
// data folder (core's one rule, as headless mode, the CLI and the MCP server apply it) and the log
// file of `--verbose`. Pure, so it is tested without Electron; main.ts only acts on the answer.
// A `--data-dir` the commands refuse is refused here too, with the same words: main.ts shows them
// and quits, where the thrown error used to leave a tray-less process with no window and no word.
import path from 'node:path';
import { dataDirFromArgs, LOG_FILE_NAME } from '../../src/core/index.ts';

export type DesktopLaunch =
  | {
      ok: true;
      dataDir: string;
      /** `--verbose` (or `gammawatch start --verbose`, which sets GAMMAWATCH_VERBOSE=1). */
      logFile?: string;
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
  return { ok: true, dataDir, ...(verbose ? { logFile: path.join(dataDir, LOG_FILE_NAME) } : {}) };
}

// Where the app's data lives, one rule for every entry point: the desktop app (Electron), headless
// mode, the watcher, backtests and the assistants' MCP server. An explicit `--data-dir` wins, then
// `$GAMMAWATCH_HOME`, then `~/.gammawatch`. The desktop app used to keep its data in Electron's
// userData folder, which no other entry point knew: an assistant set up as the docs say then read
// an empty database.
import os from 'node:os';
import path from 'node:path';

/**
 * `$GAMMAWATCH_HOME`, else `~/.gammawatch` (absolute). Set but empty (or blank) counts as unset, as
 * a shell's `GAMMAWATCH_HOME= gammawatch …` means: path.resolve('') is the current folder, which
 * would quietly put a database wherever the command happened to run.
 */
export function homeDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const home = env['GAMMAWATCH_HOME'];
  return path.resolve(
    home !== undefined && home.trim() !== '' ? home : path.join(os.homedir(), '.gammawatch'),
  );
}

/** `--data-dir` as given, refused when empty (it would mean the current folder, as above). */
export function dataDirOption(raw: string | undefined): string | undefined {
  if (raw !== undefined && raw.trim() === '')
    throw new Error('--data-dir must name a folder, got an empty value');
  return raw;
}

/**
 * The data folder of a process started with these arguments: `--data-dir DIR` or
 * `--data-dir=DIR` anywhere among them (Electron's argv also carries Chromium's switches and the
 * app's path, so this looks for the one flag and ignores the rest), else the home rule above.
 */
export function dataDirFromArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): string {
  let given: string | undefined;
  argv.forEach((arg, i) => {
    if (arg.startsWith('--data-dir=')) given = arg.slice('--data-dir='.length);
    else if (arg === '--data-dir') given = argv[i + 1] ?? '';
  });
  const dir = dataDirOption(given);
  return dir !== undefined ? path.resolve(dir) : homeDataDir(env);
}

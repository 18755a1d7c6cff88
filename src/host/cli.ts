// One command-line entry with subcommands. Each subcommand lives in commands/<name>.ts and is
// loaded only when used, so `gammawatch analyze` never pays for the watcher's start-up; the
// one-line summaries are here so that the help lists them without loading any.
import { readFileSync } from 'node:fs';
import { CliError, type Command } from './commands/command.ts';
import { messageOf } from '../shared/message-of.ts';

interface Entry {
  /** One line for the help's listing. */
  readonly summary: string;
  readonly load: () => Promise<{ default: Command }>;
}

export const COMMANDS: Readonly<Record<string, Entry>> = {
  analyze: {
    summary: 'analyze one chain file (Cboe CSV or JSON, or - for stdin) offline',
    load: () => import('./commands/analyze.ts'),
  },
  backtest: {
    summary: 'replay an alert rule over history: firings, forward returns, baseline',
    load: () => import('./commands/backtest.ts'),
  },
  mcp: {
    summary: 'serve watchlists, history, alerts and backtests to an AI assistant (MCP over stdio)',
    load: () => import('./commands/mcp.ts'),
  },
  service: {
    summary: 'run the local API v2 service (simulated market or a live folder of chain files)',
    load: () => import('./commands/service.ts'),
  },
  start: {
    summary: 'run the app (Electron window, or headless on a loopback address)',
    load: () => import('./commands/start.ts'),
  },
  watch: {
    summary: 'poll API v2 on schedule, keep snapshots, raise alerts (headless)',
    load: () => import('./commands/watch.ts'),
  },
};

/** The version in package.json (two folders up from this file), or 0.0.0 when it cannot be read. */
export function cliVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version?: unknown;
    };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

export function usage(): string {
  const names = Object.keys(COMMANDS).sort();
  const width = Math.max(...names.map((n) => n.length));
  return [
    'usage: gammawatch <command> [options]',
    '',
    'commands:',
    ...names.map((name) => `  ${name.padEnd(width)}  ${COMMANDS[name]?.summary ?? ''}`),
    '',
    'options:',
    '  -h, --help     this text (also: gammawatch help)',
    '  -v, --version  the version',
    '',
    'gammawatch <command> --help for its options; with --json a failure is',
    '{"error": {"message", "code"}} on stdout',
  ].join('\n');
}

/** Whether the arguments ask for JSON (`--json` before any `--`). */
function wantsJson(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end < 0 ? argv : argv.slice(0, end)).includes('--json');
}

/**
 * The stable code of a failure: a CliError's own, "usage" for an argument Node's parser refused
 * (ERR_PARSE_ARGS_UNKNOWN_OPTION…), else "error".
 */
export function errorCode(error: unknown): string {
  if (error instanceof CliError) return error.code;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_') ? 'usage' : 'error';
}

export interface CliOutput {
  out(text: string): void;
  err(text: string): void;
}

const processOutput: CliOutput = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
};

/**
 * Reports a failure: under --json one JSON object on stdout, never a stack trace; otherwise
 * `gammawatch <command>: <message>` on stderr (with the usage under it when it has one).
 */
function report(
  io: CliOutput,
  json: boolean,
  prefix: string,
  error: unknown,
  usageText: string | undefined,
): void {
  if (json) {
    io.out(JSON.stringify({ error: { message: messageOf(error), code: errorCode(error) } }) + '\n');
    return;
  }
  io.err(`${prefix}: ${messageOf(error)}\n${usageText ? `\n${usageText}\n` : ''}`);
}

/** Runs the command line and returns the process exit code. */
export async function main(argv: readonly string[], io: CliOutput = processOutput): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.out(usage() + '\n');
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-v' || name === 'version') {
    io.out(`gammawatch ${cliVersion()}\n`);
    return 0;
  }
  // The whole line: `gammawatch --json` alone is an unknown command answered in JSON too.
  const json = wantsJson(argv);
  const entry = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!entry) {
    report(io, json, 'gammawatch', new CliError(`unknown command '${name}'`, 'unknown_command', 2), usage());
    return 2;
  }
  try {
    const command = (await entry.load()).default;
    return await command.run(rest);
  } catch (error) {
    report(io, json, `gammawatch ${name}`, error, error instanceof CliError ? error.usage : undefined);
    return error instanceof CliError ? error.exitCode : 1;
  }
}

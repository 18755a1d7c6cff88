// One command-line entry with subcommands. Each subcommand lives in commands/<name>.ts and is
// loaded only when used, so `gammawatch analyze` never pays for the watcher's start-up.
import type { Command } from './commands/command.ts';
import { messageOf } from '../shared/message-of.ts';

const commands: Record<string, () => Promise<{ default: Command }>> = {
  analyze: () => import('./commands/analyze.ts'),
  backtest: () => import('./commands/backtest.ts'),
  mcp: () => import('./commands/mcp.ts'),
  service: () => import('./commands/service.ts'),
  start: () => import('./commands/start.ts'),
  watch: () => import('./commands/watch.ts'),
};

function usage(): string {
  const lines = Object.keys(commands)
    .sort()
    .map((name) => `  ${name}`);
  return [
    'usage: gammawatch <command> [options]',
    '',
    'commands:',
    ...lines,
    '',
    'gammawatch <command> --help for its options',
  ].join('\n');
}

/** Runs the command line and returns the process exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(usage() + '\n');
    return name === undefined ? 2 : 0;
  }
  const load = commands[name];
  if (!load) {
    process.stderr.write(`gammawatch: unknown command '${name}'\n\n${usage()}\n`);
    return 2;
  }
  const command = (await load()).default;
  try {
    return await command.run(rest);
  } catch (error) {
    process.stderr.write(`gammawatch ${name}: ${messageOf(error)}\n`);
    return 1;
  }
}

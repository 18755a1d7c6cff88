// `gammawatch mcp`: the MCP server on stdio, what a desktop assistant launches. It opens the same
// data folder as the app (the database, the data source in Settings) and does not poll: the app
// keeps history; this answers from it, and asks the active source for the API's own tools.
// stdout carries the protocol, so every line of ours goes to stderr.
import { parseArgs } from 'node:util';
import { createApp } from '../../core/index.ts';
import { messageOf } from '../../shared/message-of.ts';
import { lockedSecretOfSource } from '../mcp/api-tools.ts';
import { serveStdio } from '../mcp/stdio.ts';
import type { Command } from './command.ts';
import { dataDirOf, logFileOption, untilStopSignal } from './options.ts';

const HELP = `usage: gammawatch mcp [options]

Serves the MCP (Model Context Protocol) tools on stdin/stdout for an AI assistant.

  --data-dir DIR      the app's data folder (default: $GAMMAWATCH_HOME or ~/.gammawatch)
  --verbose           also log to <data dir>/gammawatch.log (rotated at 5 MB, 3 kept)
  -h, --help          this text (on stderr: stdout is the protocol channel)
`;

const mcp: Command = {
  async run(argv) {
    const { values } = parseArgs({
      args: [...argv],
      options: {
        'data-dir': { type: 'string' },
        verbose: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    });
    if (values.help) {
      process.stderr.write(HELP);
      return 0;
    }
    const log = (line: string): void => void process.stderr.write(`gammawatch mcp: ${line}\n`);
    const dataDir = dataDirOf({ 'data-dir': values['data-dir'] });
    const app = await createApp({
      dataDir,
      pollOnStart: false,
      ...logFileOption(dataDir, values.verbose),
      log,
    });
    try {
      const run = await serveStdio(app);
      log(`serving ${app.source.label} from ${app.dataDir}`);
      const locked = lockedSecretOfSource({ app });
      if (locked !== null) log(locked);
      const why = await Promise.race([run.closed.then(() => 'client closed the stream'), untilStopSignal()]);
      log(`${why}: stopping`);
      await run.close();
      return 0;
    } catch (error) {
      log(messageOf(error));
      return 1;
    } finally {
      await app.stop();
    }
  },
};

export default mcp;

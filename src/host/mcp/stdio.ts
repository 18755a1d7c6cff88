// The MCP server on stdin/stdout, as desktop assistants launch it. stdout is the protocol
// channel: nothing else may write there, so console output is sent to stderr for the run (a
// dependency's stray console.log would otherwise corrupt the stream and end the session).
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { App } from '../../core/index.ts';
import { createMcpServer } from './server.ts';

export interface StdioRun {
  /** Resolves when the client closes the stream (the assistant quit) or close() is called. */
  closed: Promise<void>;
  close(): Promise<void>;
}

export async function serveStdio(app: App): Promise<StdioRun> {
  const toStderr = (...args: unknown[]): void => {
    process.stderr.write(`${args.map(String).join(' ')}\n`);
  };
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;

  const server = createMcpServer(app);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    // stdin ending is how a client says it is done with a stdio server.
    process.stdin.once('end', () => resolve());
  });
  await server.connect(transport);
  return { closed, close: () => server.close() };
}

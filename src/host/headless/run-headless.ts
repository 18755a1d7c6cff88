// Headless mode, composed: the core app (its local service, store, poller and alerts) and the
// HTTP host serving the UI and the bridge on loopback. Returns once it is listening.
import { createApp, createBridgeHandlers, type AppOptions } from '../../core/index.ts';
import { createMcpHttpHandler } from '../mcp/http.ts';
import { startHeadlessServer, type HeadlessServer } from './server.ts';
import { messageOf } from '../../shared/message-of.ts';

export interface HeadlessRunOptions {
  dataDir: string;
  rendererDir: string;
  port?: number;
  /** Overrides the stored data source for this run (e.g. `--clock fast --seed 7`). */
  dataSource?: AppOptions['dataSource'];
  log: (line: string) => void;
  /** `--verbose`: the log file in the data folder. */
  logFile?: string | undefined;
  /** `$GAMMAWATCH_TOKEN`: the same token every run; a fresh one otherwise. */
  token?: string | undefined;
  /** `--warm-series`: the local service's background series lookback (null: none); its default otherwise. */
  warmSeries?: string | null;
  /** `--backfill`: how far back a newly watched ticker's history is fetched; the poller's default otherwise. */
  backfill?: string;
}

export interface HeadlessRun {
  server: HeadlessServer;
  stop(): Promise<void>;
}

export async function runHeadless(options: HeadlessRunOptions): Promise<HeadlessRun> {
  const app = await createApp({
    dataDir: options.dataDir,
    ...(options.dataSource ? { dataSource: options.dataSource } : {}),
    ...(options.logFile ? { logFile: options.logFile } : {}),
    ...(options.warmSeries !== undefined ? { service: { warm: { seriesWindow: options.warmSeries } } } : {}),
    ...(options.backfill !== undefined ? { poller: { backfillWindow: options.backfill } } : {}),
    log: options.log,
  });
  let server: HeadlessServer | undefined;
  // Off unless the user turned it on in Settings (the handler reads the setting at each request);
  // the run's token is kept out of every answer, like the API key and the Tradier token.
  const mcp = createMcpHttpHandler(app, { secrets: () => (server ? [server.token] : []) });
  try {
    server = await startHeadlessServer({
      handlers: createBridgeHandlers(app),
      events: app.events,
      rendererDir: options.rendererDir,
      port: options.port ?? 0,
      ...(options.token !== undefined ? { token: options.token } : {}),
      // Through the app's log, which keeps stored secrets out of the line.
      onError: (context, error) => app.log(`${context}: ${messageOf(error)}`),
      mcp: (req, res, body) => mcp.handle(req, res, body),
    });
  } catch (error) {
    await app.stop();
    throw error;
  }
  app.start();
  const running = server;
  let stopping: Promise<void> | null = null;
  return {
    server: running,
    stop: () =>
      (stopping ??= (async () => {
        await mcp.close();
        await running.close();
        await app.stop();
      })()),
  };
}

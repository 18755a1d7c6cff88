// The MCP server over a running app: the API's own tools (answered by the active data source),
// the tools over the app's store (watchlists, history, alerts, rules, backtests), the write tools
// when the user allowed them, two resources and two prompts. Built from an App handle, so the
// stdio command and the headless host's HTTP endpoint serve the same thing.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { createBridgeHandlers, type App } from '../../core/index.ts';
import type { BridgeHandlers } from '../../shared/bridge/contract.ts';
import { registerApiTools } from './api-tools.ts';
import { registerBacktestTools } from './backtest-tools.ts';
import { registerPrompts } from './prompts.ts';
import { registerResources } from './resources.ts';
import { registerStoreTools } from './store-tools.ts';
import type { ToolContext } from './tool-result.ts';
import { registerWriteTools } from './write-tools.ts';

export interface McpServerOptions {
  /** Shared across servers of one app (HTTP builds one per request); fresh ones otherwise. */
  handlers?: BridgeHandlers;
  /** Overrides the setting `mcp.allowWrites` (tests). */
  allowWrites?: boolean;
  /** Secret values besides the environment's to keep out of every answer (the app's HTTP token). */
  secrets?: () => readonly string[];
  env?: NodeJS.ProcessEnv;
}

/** Environment variables whose values are secrets the app may have been given. */
const SECRET_ENV = ['GAMMAWATCH_API_KEY', 'GAMMAWATCH_TRADIER_TOKEN'] as const;

const INSTRUCTIONS =
  "Gammawatch: options market structure (GEX, gamma flip, walls, IV rank) for the user's watchlists, with stored history, alerts and backtests. " +
  'Read the resources gammawatch://conventions and gammawatch://llm-spec first. The API tools (get_*, rank_*, run_screener) ask the active data source now; ' +
  'list_watchlists, watchlist_snapshot, ticker_history, compare_snapshots, stored_series, recent_alerts, list_rules, backtest_rule and screener_track_record read what the app stored.';

export function createMcpServer(app: App, options: McpServerOptions = {}): McpServer {
  const env = options.env ?? process.env;
  const ctx: ToolContext = {
    app,
    writesAllowed: () => options.allowWrites ?? app.settings().mcp.allowWrites,
    handlers: options.handlers ?? createBridgeHandlers(app),
    secrets: () => [
      ...SECRET_ENV.map((name) => env[name] ?? '').filter((v) => v !== ''),
      ...(options.secrets?.() ?? []),
    ],
  };
  const server = new McpServer(
    { name: 'gammawatch', version: app.version },
    { capabilities: { logging: {} }, instructions: INSTRUCTIONS },
  );
  registerApiTools(server, ctx);
  registerStoreTools(server, ctx);
  registerBacktestTools(server, ctx);
  // Listed only when allowed as the session starts; each call checks the setting again.
  if (ctx.writesAllowed()) registerWriteTools(server, ctx);
  registerResources(server, ctx);
  registerPrompts(server);
  return server;
}

// The tools that change something. They exist only when the user turned "Let assistants make
// changes" on in Settings (mcp.allowWrites), and refuse once it is turned off (register.ts checks
// at each call). Each description says what it will change, and each goes through the bridge
// method the UI uses, so the same checks apply (a ticker the source does not list is refused, a
// name is trimmed and bounded, a rule body is parsed whole).
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { alertRuleInputSchema } from '../../shared/alert-rules.ts';
import {
  idSchema,
  isoTimeSchema,
  NAME_MAX_LENGTH,
  nameSchema,
  tickerSchema,
} from '../../shared/bridge/common.ts';
import { bridgeMethods, type BridgeInput } from '../../shared/bridge/contract.ts';
import { registerTool } from './register.ts';
import { bridge, type ToolContext } from './tool-result.ts';

export const WRITE_TOOLS = ['create_watchlist', 'add_ticker', 'create_rule', 'snooze_rule'] as const;

export function registerWriteTools(server: McpServer, ctx: ToolContext): RegisteredTool[] {
  return [
    registerTool(server, ctx, {
      name: 'create_watchlist',
      output: bridgeMethods['watchlists:create'].output,
      title: 'Create a watchlist',
      writes: true,
      description:
        "CHANGES the user's data: creates a new watchlist with this name (and tickers, which the app then backfills and polls). Answers the new list.",
      input: {
        name: nameSchema.describe(`1-${NAME_MAX_LENGTH} characters`),
        tickers: z.array(tickerSchema).max(100).optional().describe('symbols to put on it'),
      },
      body: async ({ name, tickers }) =>
        bridge(ctx, 'watchlists:create', { name, ...(tickers ? { tickers } : {}) }),
    }),
    registerTool(server, ctx, {
      name: 'add_ticker',
      output: bridgeMethods['watchlist:addTicker'].output,
      title: 'Add a ticker to a watchlist',
      writes: true,
      description:
        'CHANGES a watchlist: appends a ticker to it (the app backfills its history and polls it from now on). Answers the list.',
      input: { watchlistId: idSchema.describe('from list_watchlists'), ticker: tickerSchema },
      body: async (input) => bridge(ctx, 'watchlist:addTicker', input),
    }),
    registerTool(server, ctx, {
      name: 'create_rule',
      output: bridgeMethods['rules:create'].output,
      title: 'Create an alert rule',
      writes: true,
      description:
        'CHANGES the alert rules: adds a rule that fires on new snapshots and notifies on its channels. rule: a body with name, condition, scope (and optional cooldownMinutes, severity, channels…); list_rules shows existing ones as examples. Answers the stored rule.',
      // The rule's own schema, so the listed JSON Schema documents every condition kind and field.
      input: { rule: alertRuleInputSchema.describe('the rule body') },
      body: async ({ rule }) => bridge(ctx, 'rules:create', rule as BridgeInput<'rules:create'>),
    }),
    registerTool(server, ctx, {
      name: 'snooze_rule',
      output: bridgeMethods['rules:update'].output,
      title: 'Snooze an alert rule',
      writes: true,
      description:
        'CHANGES a rule: silences it until the given instant (it raises nothing before then), or lifts a snooze with until = null. Answers the rule.',
      input: {
        ruleId: idSchema.describe('from list_rules'),
        until: isoTimeSchema.nullable().describe('ISO-8601 instant with offset, or null to lift the snooze'),
      },
      body: async ({ ruleId, until }) =>
        bridge(ctx, 'rules:update', { id: ruleId, patch: { snoozeUntil: until } }),
    }),
  ];
}

// Starting points an assistant's user can pick: each says which resources to read first and
// which tools answer the question, so the conversation begins from the stored facts.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { NAME_MAX_LENGTH } from '../../shared/bridge/common.ts';
import { CONVENTIONS_URI, LLM_SPEC_URI } from './resources.ts';

const READ_FIRST = `Read the resources ${CONVENTIONS_URI} and ${LLM_SPEC_URI} first: they define the signs and units.`;

export function registerPrompts(server: McpServer): void {
  server.registerPrompt(
    'review_watchlist',
    {
      title: 'Review a watchlist',
      description: 'What changed on a watchlist and which tickers deserve a look.',
      argsSchema: {
        name: z
          .string()
          .max(NAME_MAX_LENGTH)
          .optional()
          .describe('watchlist name (the first list if omitted)'),
      },
    },
    ({ name }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text: `${READ_FIRST} Then call watchlist_snapshot${name ? ` with name "${name}"` : ''}, recent_alerts (limit 20) and, for the tickers whose regime or tier changed, compare_snapshots over the last day. Summarize per ticker: gamma regime, distance to the flip (%), IV rank, and what changed, citing asof times.`,
          },
        },
      ],
    }),
  );
  server.registerPrompt(
    'judge_rule',
    {
      title: 'Judge an alert rule',
      description: 'Backtest a rule and say whether its firings beat the baseline.',
      argsSchema: { ruleId: z.string().regex(/^\d+$/).describe('rule id from list_rules') },
    },
    ({ ruleId }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text: `${READ_FIRST} Call list_rules to read rule ${ruleId}, then backtest_rule with ruleId ${ruleId} (window 90d). Compare the firings' median forward returns and up-share at 1, 5 and 20 sessions with the baseline, note how many firings there are, and say plainly whether the rule adds information.`,
          },
        },
      ],
    }),
  );
}

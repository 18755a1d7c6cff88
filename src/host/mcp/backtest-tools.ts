// Backtests for an assistant: a rule (a stored one, or a rule body as rules:create takes it)
// replayed over stored history, and a screener's track record. Both are bounded (tickers, window)
// because a run reads every stored snapshot of its tickers; both report progress as MCP progress
// notifications when the caller asked for them (a progressToken), and a cancelled request cancels
// the run. The answer leaves out the daily price table the UI charts, and lists the latest firings.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { alertRuleInputSchema } from '../../shared/alert-rules.ts';
import { SCREENER_PRESETS, screenerPresetSchema } from '../../shared/api/enums.ts';
import type { BacktestResult } from '../../shared/bridge/backtest.ts';
import { idSchema, tickerSchema } from '../../shared/bridge/common.ts';
import type { BridgeInput } from '../../shared/bridge/contract.ts';
import { backtestOutputSchema } from './output-schemas.ts';
import { registerTool, type Extra } from './register.ts';
import { bridge, ToolError, type ToolContext } from './tool-result.ts';

export const BACKTEST_MAX_TICKERS = 10;
export const MCP_BACKTEST_WINDOWS = ['30d', '90d', '180d', '1y'] as const;
/** Firings listed in an answer (the latest); the summary covers all of them. */
export const BACKTEST_MAX_FIRINGS = 50;

const window = z
  .enum(MCP_BACKTEST_WINDOWS)
  .default('90d')
  .describe(`lookback: ${MCP_BACKTEST_WINDOWS.join(', ')}`);

export function registerBacktestTools(server: McpServer, ctx: ToolContext): void {
  registerTool(server, ctx, {
    name: 'backtest_rule',
    output: backtestOutputSchema,
    title: 'Backtest an alert rule',
    description: `Replays an alert rule over stored history (no look-ahead) and reports what price did after each firing: forward returns in % at 1, 5 and 20 sessions, the median and up-share per horizon, against a baseline of every session of the same tickers. Give ruleId (list_rules) or rule (a rule body: name, condition, scope…). At most ${BACKTEST_MAX_TICKERS} tickers; window ${MCP_BACKTEST_WINDOWS.join('/')}. Sends progress notifications when given a progressToken.`,
    input: {
      ruleId: idSchema.optional().describe('a stored rule, from list_rules'),
      // The rule's own schema, so the listed JSON Schema documents every condition kind and field.
      rule: alertRuleInputSchema.optional().describe('a rule body, as create_rule takes it'),
      tickers: z
        .array(tickerSchema)
        .min(1)
        .max(BACKTEST_MAX_TICKERS)
        .optional()
        .describe('overrides the rule scope'),
      window,
    },
    body: async ({ ruleId, rule, tickers, window: w }, extra) => {
      const body = await ruleBody(ctx, ruleId, rule);
      const chosen = tickers ?? (await scopeTickers(ctx, body));
      const runId = `mcp-${randomUUID()}`;
      const input = {
        runId,
        rule: body as BridgeInput<'backtest:run'>['rule'],
        window: w,
        ...(chosen ? { tickers: chosen } : {}),
      };
      return compact(await withProgress(ctx, runId, extra, () => bridge(ctx, 'backtest:run', input)));
    },
  });

  registerTool(server, ctx, {
    name: 'screener_track_record',
    output: backtestOutputSchema,
    title: 'Screener track record',
    description: `A screener preset's entries over the window (stored rankings) and what price did next: forward returns in % at 1, 5 and 20 sessions against the baseline. name: ${SCREENER_PRESETS.join(', ')}; window ${MCP_BACKTEST_WINDOWS.join('/')}.`,
    input: { name: screenerPresetSchema.describe('screener preset'), window },
    body: async ({ name, window: w }, extra) => {
      const runId = `mcp-${randomUUID()}`;
      const input = { runId, screener: { kind: 'preset' as const, preset: name }, window: w };
      return compact(await withProgress(ctx, runId, extra, () => bridge(ctx, 'rankings:trackRecord', input)));
    },
  });
}

async function ruleBody(
  ctx: ToolContext,
  ruleId: number | undefined,
  rule: unknown,
): Promise<Record<string, unknown>> {
  if ((ruleId === undefined) === (rule === undefined))
    throw new ToolError('invalid_input', 'give exactly one of ruleId or rule');
  if (rule !== undefined) return rule as Record<string, unknown>;
  const stored = (await bridge(ctx, 'rules:list', undefined)).find((r) => r.id === ruleId);
  if (!stored) throw new ToolError('not_found', `no rule ${ruleId}`, 'list_rules gives the ids');
  const { id: _id, createdAt: _c, updatedAt: _u, ...body } = stored;
  return body;
}

/**
 * The tickers the rule would replay over, when that is more than the bound allows: then the
 * assistant must choose. Undefined leaves the rule's own scope (a ticker, or a short watchlist).
 */
async function scopeTickers(ctx: ToolContext, rule: Record<string, unknown>): Promise<string[] | undefined> {
  const scope = rule['scope'] as { kind?: string; watchlistId?: number } | undefined;
  if (scope?.kind === 'ticker' || scope === undefined) return undefined;
  const lists = await bridge(ctx, 'watchlists:list', undefined);
  const tickers =
    scope.kind === 'watchlist'
      ? (lists.find((l) => l.id === scope.watchlistId)?.tickers ?? [])
      : [...new Set(lists.flatMap((l) => l.tickers))];
  if (tickers.length > BACKTEST_MAX_TICKERS)
    throw new ToolError(
      'invalid_input',
      `the rule covers ${tickers.length} tickers; a backtest here takes at most ${BACKTEST_MAX_TICKERS}`,
      'pass `tickers` with the ones to replay',
    );
  return undefined;
}

/** Relays the run's backtest:progress events as MCP progress, and cancels it with the request. */
async function withProgress<T>(
  ctx: ToolContext,
  runId: string,
  extra: Extra,
  work: () => Promise<T>,
): Promise<T> {
  const token = extra._meta?.progressToken;
  let step = 0;
  const off = ctx.app.events.subscribe((m) => {
    if (token === undefined || m.event !== 'backtest:progress' || m.payload.runId !== runId) return;
    const p = m.payload;
    // Progress must increase across phases: count every event rather than reuse `done`.
    step += 1;
    void extra
      .sendNotification({
        method: 'notifications/progress',
        params: {
          progressToken: token,
          progress: step,
          message: `${p.phase} ${p.done}/${p.total}${p.ticker ? ` ${p.ticker}` : ''}`,
        },
      })
      .catch(() => undefined);
  });
  const onAbort = (): void => void bridge(ctx, 'backtest:cancel', { runId }).catch(() => undefined);
  extra.signal.addEventListener('abort', onAbort, { once: true });
  try {
    return await work();
  } finally {
    off();
    extra.signal.removeEventListener('abort', onAbort);
  }
}

function compact(result: BacktestResult): unknown {
  const { prices: _prices, firings, ...rest } = result;
  return {
    ...rest,
    firingsTotal: firings.length,
    firings: firings.slice(-BACKTEST_MAX_FIRINGS).map((f) => ({
      ticker: f.ticker,
      at: f.at,
      title: f.title,
      price: f.price,
      direction: f.direction,
      forwardPct: f.forward,
      maxAdverse5dPct: f.maxAdverse5d,
    })),
  };
}

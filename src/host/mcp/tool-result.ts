// How every tool answers: on success its value as structured content (checked against the tool's
// output schema) and the same compact JSON as text, for clients that read only text; an `isError`
// result with one readable sentence on failure; never a throw across the protocol. Figures are
// rounded to the precision the app shows them at (figure-round.ts). Every answer passes through the
// app's secret redactor last (every stored secret, and this server's own: the environment's, the
// HTTP token), so a key that slipped into an error message (a URL, a server's echo) is replaced
// before it leaves the process.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { roundFigures } from '../../shared/figure-round.ts';
import { ApiError, NotFoundError, BadRequestError } from '../../client/index.ts';
import { dispatch, redactText, type App } from '../../core/index.ts';
import type {
  BridgeHandlers,
  BridgeInput,
  BridgeMethod,
  BridgeOutput,
} from '../../shared/bridge/contract.ts';
import { messageOf } from '../../shared/message-of.ts';

/** A failure whose message is meant for the assistant as it stands. */
export class ToolError extends Error {
  constructor(
    readonly reason: string,
    message: string,
    readonly suggestion?: string,
  ) {
    super(message);
    this.name = 'ToolError';
  }
}

/** What the tools share: the app, its bridge handlers and the strings never to echo. */
export interface ToolContext {
  app: App;
  handlers: BridgeHandlers;
  /**
   * Secret values besides the stored ones the app redacts itself (the environment's API key and
   * Tradier token as this server was given them, the app's HTTP token), kept out of every answer.
   */
  secrets(): readonly string[];
  /**
   * Whether the tools that change watchlists and rules may run now: read at each call, so
   * unticking the setting reaches a session opened before it.
   */
  writesAllowed(): boolean;
}

function answer(text: string, isError: boolean, ctx: ToolContext): CallToolResult {
  const body = redactText(ctx.app.redact(text), ctx.secrets());
  return isError
    ? { content: [{ type: 'text', text: body }], isError: true }
    : { content: [{ type: 'text', text: body }] };
}

/** An error envelope in tv-mcp's shape, `{ error: { reason, message, suggestion? } }`, as an isError result. */
export function errorResult(
  ctx: ToolContext,
  reason: string,
  message: string,
  suggestion?: string,
): CallToolResult {
  const error = suggestion ? { reason, message, suggestion } : { reason, message };
  return answer(JSON.stringify({ error }), true, ctx);
}

/**
 * Runs a tool body and turns its value or its failure into a result. With `output`, the answer
 * also goes as structured content, checked here first: the SDK turns an answer that does not
 * match the listed schema into a protocol error, where this says which field and logs it.
 */
export async function run(
  ctx: ToolContext,
  body: () => Promise<unknown>,
  output?: z.ZodType,
): Promise<CallToolResult> {
  try {
    const text = JSON.stringify(roundFigures((await body()) ?? {}));
    const result = answer(text, false, ctx);
    if (output === undefined) return result;
    // Parsed back from the redacted text, so the structured copy holds no more than the text does.
    const first = result.content[0];
    const structured: unknown = JSON.parse(first?.type === 'text' ? first.text : '{}');
    const checked = output.safeParse(structured);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      ctx.app.log(`mcp: answer off its schema at ${issue?.path.join('.') ?? '?'}: ${issue?.message ?? ''}`);
      return errorResult(
        ctx,
        'error',
        "the tool's answer did not match its schema; the app's log has the details",
      );
    }
    return { ...result, structuredContent: structured as Record<string, unknown> };
  } catch (error) {
    if (error instanceof ToolError) return errorResult(ctx, error.reason, error.message, error.suggestion);
    if (error instanceof ApiError) return apiErrorResult(ctx, error);
    // Anything else is a bug: its details go to the app's log, not to the assistant.
    ctx.app.log(`mcp: tool failed: ${messageOf(error)}`);
    return errorResult(ctx, 'error', "the tool failed unexpectedly; the app's log has the details");
  }
}

function apiErrorResult(ctx: ToolContext, error: ApiError): CallToolResult {
  const extra =
    error instanceof NotFoundError && error.available
      ? `available: ${error.available.join(', ')}`
      : error instanceof BadRequestError && error.allowed
        ? `allowed: ${error.allowed.join(', ')}`
        : undefined;
  const reason = error.kind === 'auth' ? 'invalid_credentials' : error.kind;
  return errorResult(ctx, reason, error.message, extra);
}

/** One bridge method through the same validating door the UI uses; a failure becomes a ToolError. */
export async function bridge<M extends BridgeMethod>(
  ctx: ToolContext,
  method: M,
  input: BridgeInput<M>,
): Promise<BridgeOutput<M>> {
  const result = await dispatch(ctx.handlers, method, input, {
    onUnexpectedError: (name, error) => ctx.app.log(`mcp: bridge ${name}: ${messageOf(error)}`),
  });
  if (!result.ok) throw new ToolError(result.error.code, result.error.message);
  return result.value as BridgeOutput<M>;
}

/**
 * A tool's loose input (CSV strings, free text) checked against the client's own query schema, so
 * what reaches the client is typed and a bad value is answered as `invalid_input` naming the field.
 */
export function checkedQuery<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw new ToolError('invalid_input', `${where}${issue?.message ?? 'invalid input'}`);
}

/** Drops undefined keys: the client's strict query schemas and the bridge take absent, not undefined. */
export function withDefined<T extends Record<string, unknown>>(q: T): T {
  return Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)) as T;
}

// How a tool's value becomes its answer: the same rounded JSON as text and as structured content,
// redacted in both; an answer off its declared schema is an isError result naming nothing secret
// (the SDK would otherwise turn it into a protocol error), with the field in the app's log.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { App } from '../../../../src/core/index.ts';
import { run, ToolError, type ToolContext } from '../../../../src/host/mcp/tool-result.ts';

const SECRET = 'gwtest-secret-4b1d9e7c';

function context(): { ctx: ToolContext; logs: string[] } {
  const logs: string[] = [];
  // Only what `run` reads of the app: its redactor and its log.
  const app = { redact: (text: string) => text, log: (line: string) => logs.push(line) } as unknown as App;
  const ctx: ToolContext = {
    app,
    handlers: {} as ToolContext['handlers'],
    secrets: () => [SECRET],
    writesAllowed: () => false,
  };
  return { ctx, logs };
}

const output = z.object({ ticker: z.string(), price: z.number(), note: z.string() });

describe('run', () => {
  it('answers structured content equal to its text, figures rounded and secrets redacted in both', async () => {
    const { ctx } = context();
    const result = await run(
      ctx,
      async () => ({ ticker: 'SPY', price: 554.5449, note: `key ${SECRET}` }),
      output,
    );
    const text = result.content[0]?.type === 'text' ? result.content[0].text : '';
    expect(result.isError).toBeUndefined();
    expect(JSON.parse(text)).toEqual(result.structuredContent);
    expect(result.structuredContent).toMatchObject({ ticker: 'SPY', price: 554.54 });
    expect(JSON.stringify(result)).not.toContain(SECRET);
  });

  it('answers an isError result, not a protocol error, when the value is off its schema', async () => {
    const { ctx, logs } = context();
    const result = await run(ctx, async () => ({ ticker: 'SPY', price: 'n/a', note: '' }), output);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(JSON.stringify(result.content)).toContain('did not match its schema');
    expect(logs.join('\n')).toMatch(/answer off its schema at price/);
  });

  it('answers text only when the tool declares no schema (a resource)', async () => {
    const { ctx } = context();
    const result = await run(ctx, async () => ({ any: 1.23456 }));
    expect(result.structuredContent).toBeUndefined();
    expect(result.content).toEqual([{ type: 'text', text: '{"any":1.23456}' }]);
  });

  it("answers a ToolError's reason and message as the error envelope", async () => {
    const { ctx } = context();
    const result = await run(
      ctx,
      async () => {
        throw new ToolError('not_found', 'no such watchlist', 'watchlists: 1 Core');
      },
      output,
    );
    expect(result.isError).toBe(true);
    expect(JSON.parse(result.content[0]?.type === 'text' ? result.content[0].text : '{}')).toEqual({
      error: { reason: 'not_found', message: 'no such watchlist', suggestion: 'watchlists: 1 Core' },
    });
  });
});

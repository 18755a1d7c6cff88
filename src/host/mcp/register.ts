// One way to register a tool: a zod shape for its input (the SDK validates with it and answers an
// isError result naming the field when it fails), read-only or not, and a body whose value or
// failure `run` turns into the answer. A tool that writes checks the setting at each call: a
// session keeps its tools, so the setting read when it started would outlive an untick.
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { run, ToolError, type ToolContext } from './tool-result.ts';

/** What a write tool answers once the user has unticked "Let assistants make changes". */
export const WRITES_OFF_MESSAGE = 'changes by assistants are turned off in Settings → AI assistants';

export type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

export interface ToolSpec<S extends z.ZodRawShape> {
  name: string;
  description: string;
  input: S;
  /** Changes something (a watchlist, a rule): announced to the assistant as destructive-free but not read-only. */
  writes?: boolean;
  body(args: z.infer<z.ZodObject<S>>, extra: Extra): Promise<unknown>;
}

export function registerTool<S extends z.ZodRawShape>(
  server: McpServer,
  ctx: ToolContext,
  spec: ToolSpec<S>,
): RegisteredTool {
  const writes = spec.writes ?? false;
  // Widened to the plain shape type: the SDK's callback type cannot be resolved over a generic S.
  const input: z.ZodRawShape = spec.input;
  return server.registerTool(
    spec.name,
    {
      description: spec.description,
      inputSchema: input,
      annotations: { readOnlyHint: !writes, destructiveHint: false, openWorldHint: false },
    },
    // The SDK has parsed the arguments with `input` already; the cast only restates that type.
    (args, extra) =>
      run(ctx, async () => {
        if (writes && !ctx.writesAllowed()) throw new ToolError('writes_off', WRITES_OFF_MESSAGE);
        return spec.body(args as z.infer<z.ZodObject<S>>, extra);
      }),
  );
}

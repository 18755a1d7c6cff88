// One way to register a tool: a title a person reads, a zod shape for its input (the SDK validates
// with it and answers an isError result naming the field when it fails; an argument the tool does
// not take is refused the same way, never silently ignored), the schema of its answer (listed as
// the tool's outputSchema, so a client can type what it gets), read-only or not, and a body whose
// value or failure `run` turns into the answer: structured content and the same JSON as text. A tool that writes checks the setting at each call: a
// session keeps its tools, so the setting read when it started would outlive an untick.
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { run, ToolError, type ToolContext } from './tool-result.ts';

/** What a write tool answers once the user has unticked "Let assistants make changes". */
export const WRITES_OFF_MESSAGE = 'changes by assistants are turned off in Settings → AI assistants';

export type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

export interface ToolSpec<S extends z.ZodRawShape> {
  name: string;
  /** What an assistant's UI shows for the tool ("Key levels"). */
  title: string;
  description: string;
  input: S;
  /** What the body answers: an object schema, listed as the tool's outputSchema and checked on every answer. */
  output: z.ZodObject;
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
  // Strict: `view` sent to a tool that has none is an error naming it, and the listed JSON Schema
  // says additionalProperties: false.
  const input = z.object(spec.input as z.ZodRawShape).strict();
  return server.registerTool(
    spec.name,
    {
      title: spec.title,
      description: spec.description,
      inputSchema: input,
      outputSchema: spec.output,
      annotations: { readOnlyHint: !writes, destructiveHint: false, openWorldHint: false },
    },
    // The SDK has parsed the arguments with `input` already; the cast only restates that type.
    (args, extra) =>
      run(
        ctx,
        async () => {
          if (writes && !ctx.writesAllowed()) throw new ToolError('writes_off', WRITES_OFF_MESSAGE);
          return spec.body(args as z.infer<z.ZodObject<S>>, extra);
        },
        spec.output,
      ),
  );
}

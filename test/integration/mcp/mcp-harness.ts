// An MCP client connected to a real app's MCP server over the SDK's in-memory transport, and the
// secrets planted in that app: every answer a test reads is kept, so one test can check that no
// secret ever appeared in any of them.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { App } from '../../../src/core/app/create-app.ts';
import type { BridgeHandlers } from '../../../src/shared/bridge/contract.ts';
import { createMcpServer } from '../../../src/host/mcp/server.ts';

/** Fake secrets, long and unmistakable: none may show up in an answer. */
export const SECRETS = {
  apiKeyEnv: 'gwtest-api-key-env-7f3a9c2e51d4',
  tradierEnv: 'gwtest-tradier-env-0b8e4d6a93c1',
  apiKeyStored: 'gwtest-api-key-stored-5c2f8a1e7d90',
  tradierStored: 'gwtest-tradier-stored-3e9d7b0c4a18',
  appToken: 'gwtest-app-token-a61c0f5e2b97d8',
} as const;

export const SECRET_ENV = {
  GAMMAWATCH_API_KEY: SECRETS.apiKeyEnv,
  GAMMAWATCH_TRADIER_TOKEN: SECRETS.tradierEnv,
};

export interface McpHarness {
  client: Client;
  /** Every text the client received (tool results, resources, prompts), for the secrets check. */
  seen: string[];
  /** The tools called so far, by name. */
  called: Set<string>;
  call(
    name: string,
    args?: Record<string, unknown>,
    onprogress?: (n: number) => void,
  ): Promise<CallToolResult>;
  /**
   * A successful call's JSON; throws with the answer when it was an error or when its structured
   * content is not the same JSON.
   */
  json(name: string, args?: Record<string, unknown>): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

export async function connectMcp(
  app: App,
  handlers: BridgeHandlers,
  options: { allowWrites?: boolean } = {},
): Promise<McpHarness> {
  const server = createMcpServer(app, {
    handlers,
    env: SECRET_ENV,
    secrets: () => [SECRETS.appToken],
    ...(options.allowWrites !== undefined ? { allowWrites: options.allowWrites } : {}),
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'gammawatch-test', version: '1.0.0' });
  await server.connect(serverSide);
  await client.connect(clientSide);
  const seen: string[] = [];
  const called = new Set<string>();
  const call: McpHarness['call'] = async (name, args = {}, onprogress) => {
    const result = (await client.callTool(
      { name, arguments: args },
      undefined,
      onprogress ? { onprogress: (p) => onprogress(p.progress), timeout: 300_000 } : { timeout: 300_000 },
    )) as CallToolResult;
    seen.push(JSON.stringify(result));
    called.add(name);
    return result;
  };
  return {
    client,
    seen,
    called,
    call,
    async json(name, args) {
      const result = await call(name, args);
      const text = textOf(result);
      if (result.isError) throw new Error(`${name} answered an error: ${text}`);
      const value = JSON.parse(text) as Record<string, unknown>;
      // Every tool lists an output schema, so every answer carries the same JSON as structured content.
      if (JSON.stringify(result.structuredContent) !== JSON.stringify(value)) {
        throw new Error(`${name}: structured content differs from the text answer`);
      }
      return value;
    },
    async close() {
      await client.close();
      await server.close();
    },
  };
}

export function textOf(result: CallToolResult): string {
  const first = result.content[0];
  if (first?.type !== 'text') throw new Error('expected a text answer');
  return first.text;
}

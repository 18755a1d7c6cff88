// A stable address and token for HTTP clients: `gammawatch start --headless --port N` with
// $GAMMAWATCH_TOKEN serves under that token on every run, so an assistant configured once for
// http://127.0.0.1:N/mcp keeps working after a restart; a weak token is refused before anything
// starts, saying why (the real command as a child process; it stops before building the UI). The
// served runs are headless mode's own composition (runHeadless, as `start` calls it) on a real app,
// so this file never builds the UI while another test packs it.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tokenFromEnv } from '../../../../src/host/headless/guard.ts';
import { runHeadless } from '../../../../src/host/headless/run-headless.ts';

const REPO = new URL('../../../../', import.meta.url).pathname;
const TOKEN = 'stable_Token-for-an-assistant-0123456789';

const children: ChildProcess[] = [];
const dirs: string[] = [];

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGTERM');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** `gammawatch start --headless` as a user runs it, for a run refused before it starts. */
function startCommand(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gw-stable-token-'));
  dirs.push(dataDir);
  const child = spawn(
    process.execPath,
    ['src/host/gammawatch.mjs', 'start', '--headless', '--no-open', '--data-dir', dataDir],
    { cwd: REPO, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...env } },
  );
  children.push(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
}

function postMcp(origin: string, token: string): Promise<Response> {
  return fetch(`${origin}/mcp`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });
}

describe('$GAMMAWATCH_TOKEN', () => {
  it(
    'is the token of every run: the address carries it and /mcp takes it as a bearer',
    { timeout: 120_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'gw-stable-token-'));
      dirs.push(dataDir);
      const token = tokenFromEnv({ GAMMAWATCH_TOKEN: TOKEN });
      for (let runNo = 0; runNo < 2; runNo += 1) {
        const run = await runHeadless({ dataDir, rendererDir: dataDir, log: () => undefined, token });
        try {
          expect(run.server.url).toBe(`${run.server.origin}/?token=${TOKEN}`);
          // Past the token check: 404 says the MCP setting is off, where a wrong token is a 401.
          expect((await postMcp(run.server.origin, TOKEN)).status).toBe(404);
          expect((await postMcp(run.server.origin, 'x'.repeat(40))).status).toBe(401);
        } finally {
          await run.stop();
        }
      }
    },
  );

  it('is refused before anything starts when too short, saying why', { timeout: 60_000 }, async () => {
    const { code, stderr } = await startCommand({ GAMMAWATCH_TOKEN: 'short' });
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/GAMMAWATCH_TOKEN is 5 characters; it needs at least 32/);
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});

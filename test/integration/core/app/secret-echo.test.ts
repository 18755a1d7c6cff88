// A remote API v2 that echoes the Authorization header in its error bodies (a gateway dumping the
// request it refused): the key saved in Settings must come back from none of the app's doors. The
// key goes in through the real path (`secrets:set`, then `settings:update` to the remote), the
// remote is a real HTTP server on 127.0.0.1, and the poll log is read back from the SQLite file.
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureText } from '../../../../src/core/poller/classify.ts';
import type { BridgeEventMessage } from '../../../../src/shared/bridge/contract.ts';
import { ScriptedServer, type RecordedRequest } from '../../../support/scripted-server.ts';
import { startWatcher, tempDataDir, type TestWatcher } from '../../../support/watcher-factory.ts';
import { connectMcp, textOf, type McpHarness } from '../../mcp/mcp-harness.ts';

const KEY = 'gwtest-echoed-key-5b8e2c71d9a4f036';

/** 400 with the request's Authorization header, and the bare key, in the error's message. */
function echo(req: RecordedRequest) {
  const auth = String(req.headers.authorization ?? '');
  const bare = auth.replace(/^Bearer /, '');
  return {
    status: 400,
    body: {
      error: { code: 'bad_header', message: `rejected Authorization: ${auth} (key '${bare}' unknown)` },
    },
  };
}

describe('a remote that echoes the API key in its errors', () => {
  const tmp = tempDataDir('gw-echo-');
  let remote: ScriptedServer;
  let w: TestWatcher;
  let mcp: McpHarness | undefined;
  const events: BridgeEventMessage[] = [];

  beforeAll(async () => {
    remote = await ScriptedServer.start();
    remote.on('/tickers/SPY/signals', echo).on('/access', echo);
    // No GAMMAWATCH_API_KEY from the environment: the key is only the one saved in Settings.
    w = await startWatcher({ dataDir: tmp.dir, env: {} });
    w.app.events.subscribe((m) => events.push(m));
    w.app.store.watchlists.create('Echo', ['SPY']);
    await w.invoke('secrets:set', { name: 'remoteApiKey', value: KEY });
    await w.invoke('settings:update', {
      dataSource: { kind: 'remote', baseUrl: remote.baseUrl, demo: false },
    });
  }, 60_000);

  afterAll(async () => {
    await mcp?.close();
    await w?.app.stop();
    await remote?.close();
    tmp.cleanup();
  });

  it('keeps the key out of the poll log, the bridge, MCP answers, events and the log', async () => {
    const [run] = await w.app.poller.runAll({ jobs: ['signals'] });
    expect(run?.errors).toBe(1);
    // The key was sent, so the remote's answer held it.
    expect(remote.requestsTo('/tickers/SPY/signals')[0]?.headers.authorization).toBe(`Bearer ${KEY}`);

    const status = await w.invoke('poll:status');
    const latest = await w.invoke('tickers:latest', { tickers: ['SPY'] });
    const tested = await w.invoke('source:test', { kind: 'remote', baseUrl: remote.baseUrl, demo: false });
    mcp = await connectMcp(w.app, w.handlers);
    const tool = textOf(await mcp.call('get_signals', { ticker: 'SPY' }));
    // A host logs a client's failure through the app's log (the headless host's errors, MCP's).
    const failure: unknown = await w.app.client.signals('SPY').catch((e: unknown) => e);
    w.app.log(`remote: ${failureText(failure)}`);

    const db = new Database(path.join(tmp.dir, 'gammawatch.db'), { readonly: true });
    const details = db.prepare('SELECT detail FROM poll_runs WHERE detail IS NOT NULL').pluck().all();
    db.close();

    const exits: Record<string, string> = {
      'poll_runs.detail': JSON.stringify(details),
      'poll:status': JSON.stringify(status.lastError),
      'tickers:latest': JSON.stringify(latest.rows),
      'source:test': JSON.stringify(tested),
      'MCP get_signals': tool,
      log: w.logs.join('\n'),
    };
    for (const [exit, text] of Object.entries(exits)) {
      // Each door did carry the remote's error, only without the key.
      expect.soft(text, exit).toContain('rejected Authorization: Bearer');
      expect.soft(text, exit).not.toContain(KEY);
      expect.soft(text, exit).not.toContain(KEY.slice(0, 12));
    }
    // The poll's status event is coalesced (100 ms after the run): the calls above may all answer
    // before it is pushed, so it is waited for.
    await expect
      .poll(() => JSON.stringify(events), { timeout: 10_000 })
      .toContain('rejected Authorization: Bearer');
    expect.soft(JSON.stringify(events)).not.toContain(KEY.slice(0, 12));
  });
});

// A remote API v2 (a scripted server on loopback) answers /levels with labels and ids that try to
// break out of their line: a newline and a `plot` statement, a closing quote, a CR, U+2028, a NUL,
// a tab, a backslash, 5,000 characters. The app fetches the ticker on demand into a real SQLite
// file, and the levels export (the bridge's `ticker:levelsText`, which the Levels tab saves as a
// TradingView or thinkorswim script) writes scripts with one line per level, no `plot` but the
// levels' own, and every string literal closed on its line.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../../src/core/app/create-app.ts';
import { createBridgeHandlers } from '../../../../src/core/bridge/handlers.ts';
import { manualClock } from '../../../../src/service/market/clock.ts';
import { levelsResponse, signalsResponse } from '../../../support/client-payloads.ts';
import { ScriptedServer } from '../../../support/scripted-server.ts';
import {
  lexPine,
  lexThinkScript,
  plotStatements,
  scriptLines,
  scriptProblems,
} from '../../../support/script-check.ts';
import {
  at,
  bridgeInvoker,
  remoteTestApp,
  tempDataDir,
  type TestWatcher,
} from '../../../support/watcher-factory.ts';

const TICKER = 'QQQ';
const INJECTED = 'plot Fake = 9999;';

/** The remote's levels: three hostile ones between two plain ones. */
function hostileLevels() {
  const body = levelsResponse();
  body.meta.ticker = TICKER;
  body.data.ticker = TICKER;
  body.data.levels = [
    { label: 'Call wall', price: 110, kind: 'call_wall' },
    { label: `Gamma flip\n${INJECTED}\r\n// "\u2028\\`, price: 95, kind: 'gamma_flip' },
    {
      label: `Wall", color = color.red)\nhline(1, "x\u0000\t${'z'.repeat(5000)}`,
      price: 90,
      kind: 'put_wall',
    },
    { label: '\n\r\n', price: 85, kind: 'vol_trigger' },
    { label: 'Spot', price: 80, kind: 'spot' },
  ];
  // An id of a remote's own (the app keeps one when the remote sends it).
  Object.assign(body.data.levels[1] as object, { id: `1\n${INJECTED}` });
  return body;
}

describe('a remote level label in the levels export', () => {
  const tmp = tempDataDir('gw-levels-hostile-');
  const clock = manualClock(at('2025-03-14', '16:30'));
  let server: ScriptedServer;
  let app: App;
  let call: TestWatcher['invoke'];

  beforeAll(async () => {
    server = await ScriptedServer.start();
    const signals = signalsResponse();
    signals.meta.ticker = TICKER;
    signals.data.ticker = TICKER;
    server.on(`/tickers/${TICKER}/signals`, { body: signals });
    server.on(`/tickers/${TICKER}/levels`, { body: hostileLevels() });
    app = await remoteTestApp({
      dataDir: path.join(tmp.dir, 'app'),
      baseUrl: server.baseUrl,
      apiKey: 'hostile-levels-key-0123456789',
      clock,
      timeoutMs: 5000,
    });
    call = bridgeInvoker(createBridgeHandlers(app));
    const fetched = await call('ticker:fetch', { ticker: TICKER });
    expect(fetched.source).toBe('fetched');
    expect(server.requestsTo(`/tickers/${TICKER}/levels`)).toHaveLength(1);
  }, 60_000);

  afterAll(async () => {
    await app?.stop();
    await server?.close();
    tmp.cleanup();
  });

  it('TradingView: one labelled line per level, each label one well-formed string', async () => {
    const { text } = await call('ticker:levelsText', { ticker: TICKER, format: 'tradingview' });
    expect(scriptProblems(text, lexPine)).toEqual([]);
    expect(plotStatements(text, lexPine)).toEqual([]);
    const lines = scriptLines(text);
    // The remote's labels add no statement: the levels' calls are the only lines naming a price.
    const calls = lines.filter((l) => l.startsWith('        gwLevel('));
    expect(calls).toHaveLength(5);
    for (const line of lines.filter((l) => !calls.includes(l))) expect(line).not.toMatch(/\b(hline|plot)\(/);
    expect(lines).toContain(
      `        gwLevel(showFlip, 95.00, "Gamma flip ${INJECTED} // \\" \\\\ 95.00", color.orange, line.style_solid)`,
    );
    expect(calls.find((l) => l.startsWith('        gwLevel(showWalls, 90.00, '))).toMatch(
      /^ {8}gwLevel\(showWalls, 90\.00, "Wall\\", color = color\.red\) hline\(1, \\"x z+… 90\.00", color\.red, /,
    );
    expect(lines).toContain('        gwLevel(showSpot, 85.00, "Level 85.00", color.gray, line.style_solid)');
    expect(lines).toContain('        gwLevel(showSpot, 80.00, "Spot 80.00", color.gray, line.style_solid)');
  });

  it('thinkorswim: one plot per level, named by a plain identifier, the label in its comment and bubble', async () => {
    const { text } = await call('ticker:levelsText', { ticker: TICKER, format: 'tos' });
    expect(scriptProblems(text, lexThinkScript)).toEqual([]);
    const gated = (name: string, input: string, price: string): string =>
      `plot ${name} = if ${input} and gwSymbolOk then ${price} else Double.NaN`;
    expect(plotStatements(text, lexThinkScript)).toEqual([
      gated('CallWall', 'showWalls', '110.00'),
      gated('Level1PlotFake9999', 'showFlip', '95.00'),
      gated(`WallColorColorRedHline1XZ${'z'.repeat(23)}`, 'showWalls', '90.00'),
      gated('Level', 'showSpot', '85.00'),
      gated('Spot', 'showSpot', '80.00'),
    ]);
    const lines = scriptLines(text);
    expect(lines).toContain(
      `${gated('Level1PlotFake9999', 'showFlip', '95.00')}; # Gamma flip ${INJECTED} // " \\`,
    );
    expect(lines).toContain(
      `AddChartBubble(showFlip and gwSymbolOk and gwLastBar, 95.00, "Gamma flip ${INJECTED} // ' / 95.00", Color.ORANGE, yes);`,
    );
    // Four lines per level after the header's.
    const header = lines.findIndex((l) => l.startsWith('plot '));
    expect(lines.slice(header)).toHaveLength(4 * 5);
    for (const line of lines.slice(header))
      expect(line).toMatch(/^(plot |[A-Za-z0-9_]+\.Set|AddChartBubble\()/);
  });
});

import { describe, expect, it } from 'vitest';
import { createInvokeRouter } from '../../../electron/logic/ipc-router.ts';
import type { BridgeHandlers } from '../../../src/shared/bridge/contract.ts';

const entry = 'file:///app/out/renderer/index.html';

/** Only the methods a test calls are real; any other call fails loudly. */
function handlers(overrides: Partial<BridgeHandlers>): BridgeHandlers {
  return new Proxy(overrides as BridgeHandlers, {
    get(target, key: string) {
      const handler = target[key as keyof BridgeHandlers];
      if (handler) return handler;
      return () => Promise.reject(new Error(`unexpected call to ${key}`));
    },
  });
}

describe('createInvokeRouter', () => {
  it('maps a bridge method to its core handler with the parsed input', async () => {
    const calls: unknown[] = [];
    const route = createInvokeRouter(
      handlers({
        'watchlist:addTicker': async (input) => {
          calls.push(input);
          return { id: input.watchlistId, name: 'Core', position: 0, tickers: [input.ticker] } as never;
        },
      }),
      entry,
    );
    const result = await route(`${entry}#/watchlists`, 'watchlist:addTicker', {
      watchlistId: 1,
      ticker: 'tsla',
    });
    expect(result.ok).toBe(true);
    expect(calls).toEqual([expect.objectContaining({ watchlistId: 1, ticker: 'TSLA' })]);
  });

  it.each([
    ['a foreign page', 'https://evil.example/', 'watchlists:list', undefined, 'forbidden'],
    ['a file outside the app', 'file:///tmp/x.html', 'watchlists:list', undefined, 'forbidden'],
    ['an unknown method', entry, 'fs:readFile', {}, 'unknown_method'],
    ['a non-string method', entry, 42, {}, 'unknown_method'],
    [
      'a malformed input',
      entry,
      'watchlist:addTicker',
      { watchlistId: 'x', ticker: '../../etc' },
      'invalid_input',
    ],
  ])('refuses %s', async (_name, sender, method, input, code) => {
    const route = createInvokeRouter(handlers({}), entry);
    const result = await route(sender, method, input);
    expect(result).toMatchObject({ ok: false, error: { code } });
  });

  it('turns a handler crash into an internal error without details', async () => {
    const seen: string[] = [];
    const route = createInvokeRouter(
      handlers({ 'watchlists:list': () => Promise.reject(new Error('disk on fire at /home/u/secret')) }),
      entry,
      { onUnexpectedError: (method) => seen.push(method) },
    );
    const result = await route(entry, 'watchlists:list', undefined);
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(result)).not.toContain('secret');
    expect(seen).toEqual(['watchlists:list']);
  });
});

import { describe, expect, it } from 'vitest';
import type { BridgeHandlers } from '../../../../src/shared/bridge/contract.ts';
import { dispatch } from '../../../../src/core/bridge/dispatch.ts';
import { BridgeFailure } from '../../../../src/shared/bridge/result.ts';

const list = { id: 1, name: 'Core', tickers: ['SPY'] };

/** Only the methods a test calls; the others are never reached. */
function handlers(partial: Partial<BridgeHandlers>): BridgeHandlers {
  return partial as BridgeHandlers;
}

describe('dispatch', () => {
  it('passes the parsed input (defaults, upper-casing) and wraps the value', async () => {
    const seen: unknown[] = [];
    const h = handlers({
      'watchlist:addTicker': async (input) => {
        seen.push(input);
        return list;
      },
    });
    await expect(dispatch(h, 'watchlist:addTicker', { watchlistId: 1, ticker: ' spy ' })).resolves.toEqual({
      ok: true,
      value: list,
    });
    expect(seen).toEqual([{ watchlistId: 1, ticker: 'SPY' }]);
  });

  it.each([
    ['an unknown method', 'nope:nope', {}, 'unknown_method'],
    ['a prototype key as a method', '__proto__', {}, 'unknown_method'],
    ['an invalid input', 'watchlists:rename', { id: -1, name: '' }, 'invalid_input'],
    ['a missing input', 'watchlists:rename', undefined, 'invalid_input'],
  ])('answers %s with %s', async (_label, method, input, code) => {
    const result = await dispatch(handlers({}), method, input);
    expect(result).toMatchObject({ ok: false, error: { code } });
  });

  it('lists the failing fields of an invalid input', async () => {
    const result = await dispatch(handlers({}), 'watchlists:rename', { id: 'x', name: '' });
    expect(!result.ok && result.error.issues?.map((i) => i.path).sort()).toEqual(['id', 'name']);
  });

  it('maps a BridgeFailure to its code and hides an unexpected error', async () => {
    const errors: unknown[] = [];
    const h = handlers({
      'watchlists:delete': async () => {
        throw new BridgeFailure('not_found', 'no watchlist 9');
      },
      'watchlists:list': async () => {
        throw new Error('SQLITE_CORRUPT at /home/me/secret.db');
      },
    });
    await expect(dispatch(h, 'watchlists:delete', { id: 9 })).resolves.toEqual({
      ok: false,
      error: { code: 'not_found', message: 'no watchlist 9' },
    });
    const hidden = await dispatch(h, 'watchlists:list', {}, { onUnexpectedError: (_m, e) => errors.push(e) });
    expect(hidden).toEqual({
      ok: false,
      error: {
        code: 'internal',
        message: "watchlists:list failed unexpectedly; the app's log has the details",
      },
    });
    expect(errors).toHaveLength(1);
  });

  it('with validateOutput, refuses a handler answer outside the contract', async () => {
    const h = handlers({ 'watchlists:list': async () => [{ id: 'one' }] as never });
    await expect(dispatch(h, 'watchlists:list', {}, { validateOutput: true })).resolves.toMatchObject({
      ok: false,
      error: { code: 'internal' },
    });
    await expect(dispatch(h, 'watchlists:list', {})).resolves.toMatchObject({ ok: true });
  });
});

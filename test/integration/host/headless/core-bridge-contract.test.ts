// Every bridge method of the real core answers inside the contract: one call per method, with the
// sample input of test/support/bridge-samples.ts, on one app with history (seeded-app.ts), through
// the validating boundary with output validation on. The UI is tested against the shapes this
// core sends, so a handler answering outside its schema fails here, method by method. Where a
// sample names something that must exist first (a list to delete, a rule to update, a backup to
// import), the call gets a target of its own; a new method fails to compile until it has a sample.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../../../src/core/bridge/dispatch.ts';
import {
  bridgeMethods,
  type BridgeInput,
  type BridgeMethod,
} from '../../../../src/shared/bridge/contract.ts';
import { BRIDGE_SAMPLE_INPUTS } from '../../../support/bridge-samples.ts';
import { startSeededApp, type SeededApp } from '../../../support/seeded-app.ts';

const methods = Object.keys(bridgeMethods) as BridgeMethod[];

let app: SeededApp;
/** A webhook receiver on loopback, so rules:testWebhook posts somewhere real without the network. */
let hook: Server;
let hookUrl = '';

beforeAll(async () => {
  hook = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
  app = await startSeededApp();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await new Promise<void>((resolve) => hook.close(() => resolve()));
});

const RULE = {
  name: 'contract rule',
  condition: { kind: 'gamma_regime_change' },
  scope: { kind: 'ticker', ticker: 'SPY' },
} as const;

/** Inputs that need the app's own state; every other method takes its sample as it is. */
const inputOf: { [M in BridgeMethod]?: () => Promise<BridgeInput<M>> } = {
  'app:completeOnboarding': async () => ({ watchlistName: 'Onboarded', tickers: ['SPY'] }),
  'watchlists:delete': async () => ({
    id: (await app.invoke('watchlists:create', { name: 'To delete' })).id,
  }),
  // Every list exactly once, as the core requires.
  'watchlists:reorder': async () => ({
    ids: (await app.invoke('watchlists:list')).map((w) => w.id).reverse(),
  }),
  'watchlist:addTicker': async () => ({ watchlistId: 1, ticker: 'MSFT' }),
  'watchlist:removeTicker': async () => {
    await app.invoke('watchlist:addTicker', { watchlistId: 1, ticker: 'AMD' });
    return { watchlistId: 1, ticker: 'AMD' };
  },
  'views:rename': async () => ({
    id: (await app.invoke('views:create', { name: 'To rename', kind: 'top_setups', filters: {} })).id,
    name: 'Renamed view',
  }),
  'views:delete': async () => ({
    id: (await app.invoke('views:create', { name: 'To delete', kind: 'top_setups', filters: {} })).id,
  }),
  'rules:update': async () => ({
    id: (await app.invoke('rules:create', RULE)).id,
    patch: { enabled: false },
  }),
  'rules:delete': async () => ({ id: (await app.invoke('rules:create', RULE)).id }),
  'rules:testWebhook': async () => ({ url: hookUrl, preset: 'generic' }),
  'backup:import': async () => ({ name: basename((await app.invoke('backup:create')).path) }),
  'replay:frames': async () => {
    const { times } = await app.invoke('replay:times', { ticker: 'SPY', span: 'day' });
    return { ticker: 'SPY', times: times.slice(-2) };
  },
};

describe('the real core honours the contract', () => {
  it.each(methods)(
    '%s',
    async (method) => {
      const input = (await inputOf[method]?.()) ?? BRIDGE_SAMPLE_INPUTS[method];
      const errors: unknown[] = [];
      const result = await dispatch(app.handlers, method, input, {
        validateOutput: true,
        onUnexpectedError: (_m, e) => errors.push(e),
      });
      expect(errors).toEqual([]);
      expect(result, JSON.stringify(result).slice(0, 400)).toMatchObject({ ok: true });
    },
    60_000,
  );
});

import { describe, expect, it } from 'vitest';
import { mergePatch } from '../../../../src/core/settings/merge.ts';

describe('mergePatch', () => {
  it.each([
    ['a scalar replaced', { a: 1, b: 2 }, { a: 3 }, { a: 3, b: 2 }],
    ['objects merged key by key', { n: { x: 1, y: 2 } }, { n: { y: 5 } }, { n: { x: 1, y: 5 } }],
    ['lists replaced whole', { list: [1, 2, 3] }, { list: [4] }, { list: [4] }],
    ['undefined leaves a value alone', { a: 1 }, { a: undefined }, { a: 1 }],
    ['null sets null', { a: 'x' }, { a: null }, { a: null }],
    ['a new key added', { a: 1 }, { b: 2 }, { a: 1, b: 2 }],
    [
      'same kind merges',
      { s: { kind: 'local', seed: 1, clock: 'real' } },
      { s: { kind: 'local', seed: 9 } },
      { s: { kind: 'local', seed: 9, clock: 'real' } },
    ],
    [
      'a kind change replaces the object',
      { s: { kind: 'local', seed: 1, clock: 'real' } },
      { s: { kind: 'remote', baseUrl: 'https://a.example', demo: true } },
      { s: { kind: 'remote', baseUrl: 'https://a.example', demo: true } },
    ],
    ['a patch object over a scalar', { a: 1 }, { a: { b: 1 } }, { a: { b: 1 } }],
    [
      'simulator to chain folder: no seed left behind',
      { s: { kind: 'local', seed: 1, clock: 'fast' } },
      { s: { kind: 'chains', dir: '/d', clock: 'data' } },
      { s: { kind: 'chains', dir: '/d', clock: 'data' } },
    ],
    [
      'chain folder to tradier: no clock left behind',
      { s: { kind: 'chains', dir: '/d', clock: 'data' } },
      { s: { kind: 'tradier', environment: 'sandbox', tickers: ['SPY'], dir: null } },
      { s: { kind: 'tradier', environment: 'sandbox', tickers: ['SPY'], dir: null } },
    ],
    [
      'within tradier: tickers replaced whole, the folder cleared with null',
      { s: { kind: 'tradier', environment: 'sandbox', tickers: ['SPY', 'QQQ'], dir: '/d' } },
      { s: { kind: 'tradier', tickers: ['IWM'], dir: null } },
      { s: { kind: 'tradier', environment: 'sandbox', tickers: ['IWM'], dir: null } },
    ],
  ])('%s', (_name, base, patch, expected) => {
    expect(mergePatch(base, patch)).toEqual(expected);
  });

  it('leaves its inputs unchanged', () => {
    const base = { n: { x: 1 } };
    const patch = { n: { x: 2 } };
    mergePatch(base, patch);
    expect(base).toEqual({ n: { x: 1 } });
    expect(patch).toEqual({ n: { x: 2 } });
  });
});

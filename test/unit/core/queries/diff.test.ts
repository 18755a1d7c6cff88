import { describe, expect, it } from 'vitest';
import { diffPayloads } from '../../../../src/core/queries/diff.ts';

describe('diffPayloads', () => {
  it.each([
    ['equal', { a: 1 }, { a: 1 }, []],
    ['changed leaf', { a: 1 }, { a: 2 }, [{ path: 'a', before: 1, after: 2 }]],
    ['added key', {}, { a: 1 }, [{ path: 'a', after: 1 }]],
    ['removed key', { a: 1 }, {}, [{ path: 'a', before: 1 }]],
    [
      'nested',
      { d: { f: { s: 'x' } } },
      { d: { f: { s: 'y' } } },
      [{ path: 'd.f.s', before: 'x', after: 'y' }],
    ],
    ['array element', { l: [1, 2, 3] }, { l: [1, 5, 3] }, [{ path: 'l.1', before: 2, after: 5 }]],
    ['array grew', { l: [1] }, { l: [1, 2] }, [{ path: 'l.1', after: 2 }]],
    ['type change', { a: { b: 1 } }, { a: null }, [{ path: 'a', before: { b: 1 }, after: null }]],
    ['root', 1, 2, [{ path: '(root)', before: 1, after: 2 }]],
  ])('%s', (_name, a, b, changes) => {
    expect(diffPayloads(a, b).changes).toEqual(changes);
  });

  it('calls out state label transitions, including driver states', () => {
    const before = {
      regime_label: 'range_bound',
      price: 1,
      drivers: { flip_context: { state: 'above_flip', label: 'x' } },
    };
    const after = {
      regime_label: 'flush_panic',
      price: 2,
      drivers: { flip_context: { state: 'below_flip', label: 'x' } },
    };
    expect(diffPayloads(before, after).transitions).toEqual([
      { field: 'drivers.flip_context.state', from: 'above_flip', to: 'below_flip' },
      { field: 'regime_label', from: 'range_bound', to: 'flush_panic' },
    ]);
  });

  it('stops at the limit and says so', () => {
    const a = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, i]));
    const b = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, i + 1]));
    const out = diffPayloads(a, b, 10);
    expect(out.changes).toHaveLength(10);
    expect(out.truncated).toBe(true);
  });
});

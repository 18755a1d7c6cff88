import { describe, expect, it } from 'vitest';
import { diffJson, labelTransitions } from '../../../../src/shared/bridge/snapshot-diff.ts';

describe('diffJson', () => {
  it.each<[string, unknown, unknown, unknown[]]>([
    ['equal payloads', { a: 1, b: { c: 'x' } }, { a: 1, b: { c: 'x' } }, []],
    ['a changed leaf', { a: 1 }, { a: 2 }, [{ path: 'a', before: 1, after: 2 }]],
    [
      'a nested change',
      { d: { f: { s: 'up' } } },
      { d: { f: { s: 'down' } } },
      [{ path: 'd.f.s', before: 'up', after: 'down' }],
    ],
    ['an added field', { a: 1 }, { a: 1, b: null }, [{ path: 'b', after: null }]],
    ['a removed field', { a: 1, b: 2 }, { a: 1 }, [{ path: 'b', before: 2 }]],
    [
      'a tag list, compared whole',
      { tags: ['a', 'b'] },
      { tags: ['b', 'a'] },
      [{ path: 'tags', before: ['a', 'b'], after: ['b', 'a'] }],
    ],
    [
      'an object list, by index',
      { l: [{ p: 1 }, { p: 2 }] },
      { l: [{ p: 1 }, { p: 3 }] },
      [{ path: 'l.1.p', before: 2, after: 3 }],
    ],
    ['null versus an object', { a: null }, { a: { b: 1 } }, [{ path: 'a', before: null, after: { b: 1 } }]],
  ])('%s', (_label, a, b, expected) => {
    expect(diffJson(a, b)).toEqual(expected);
  });

  it('treats numbers within a relative epsilon as equal', () => {
    expect(diffJson({ x: 100 }, { x: 100.00001 }, 1e-6)).toEqual([]);
    expect(diffJson({ x: 100 }, { x: 100.1 }, 1e-6)).toHaveLength(1);
  });
});

describe('labelTransitions', () => {
  it('keeps the label fields, wherever they sit', () => {
    const changes = diffJson(
      {
        regime_label: 'range_bound',
        price: 1,
        trade_recommendation: { opportunity_tier: 'low' },
        drivers: { flip_context: { state: 'above_flip' } },
      },
      {
        regime_label: 'flush_panic',
        price: 2,
        trade_recommendation: { opportunity_tier: 'high' },
        drivers: { flip_context: { state: 'below_flip' } },
      },
    );
    expect(labelTransitions(changes)).toEqual([
      { field: 'regime_label', from: 'range_bound', to: 'flush_panic' },
      { field: 'trade_recommendation.opportunity_tier', from: 'low', to: 'high' },
      { field: 'drivers.flip_context.state', from: 'above_flip', to: 'below_flip' },
    ]);
  });

  it('reports a label appearing or disappearing as null on one side', () => {
    expect(labelTransitions(diffJson({}, { gamma_regime: 'negative' }))).toEqual([
      { field: 'gamma_regime', from: null, to: 'negative' },
    ]);
  });
});

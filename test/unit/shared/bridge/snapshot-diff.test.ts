import { describe, expect, it } from 'vitest';
import { diffJson, diffPayloads, labelTransitions } from '../../../../src/shared/bridge/snapshot-diff.ts';

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
    [
      'an object list grew',
      { l: [{ p: 1 }] },
      { l: [{ p: 1 }, { p: 2 }] },
      [{ path: 'l.1', after: { p: 2 } }],
    ],
    ['an object became null', { a: { b: 1 } }, { a: null }, [{ path: 'a', before: { b: 1 }, after: null }]],
    ['the root itself', 1, 2, [{ path: '(root)', before: 1, after: 2 }]],
  ])('%s', (_label, a, b, expected) => {
    expect(diffJson(a, b)).toEqual(expected);
  });

  it('treats numbers within a relative epsilon as equal', () => {
    expect(diffJson({ x: 100 }, { x: 100.00001 }, 1e-6)).toEqual([]);
    expect(diffJson({ x: 100 }, { x: 100.1 }, { epsilon: 1e-6 })).toHaveLength(1);
  });
});

describe('diffPayloads', () => {
  it('lists changes and the transitions among them together', () => {
    const out = diffPayloads(
      { regime_label: 'range_bound', price: 1, signal: 'neutral' },
      { regime_label: 'flush_panic', price: 2, signal: 'neutral' },
    );
    expect(out.changes.map((c) => c.path)).toEqual(['regime_label', 'price']);
    expect(out.transitions).toEqual([{ field: 'regime_label', from: 'range_bound', to: 'flush_panic' }]);
    expect(out.truncated).toBe(false);
  });

  it.each([
    [10, 10, true],
    [50, 50, false],
    [2000, 50, false],
  ])('with a limit of %i keeps %i of 50 changes (truncated: %s)', (limit, kept, truncated) => {
    const a = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, i]));
    const b = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, i + 1]));
    const out = diffPayloads(a, b, limit);
    expect(out.changes).toHaveLength(kept);
    expect(out.truncated).toBe(truncated);
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

  it.each([
    ['drivers.flip_context.state', true],
    ['state', false],
    ['legs.0.state', false],
    ['trade_recommendation.trade_type', true],
    ['call_regime', true],
    ['price', false],
  ])('%s is a label path: %s', (path, label) => {
    expect(labelTransitions([{ path, before: 'a', after: 'b' }]).length === 1).toBe(label);
  });

  it('reports a label appearing or disappearing as null on one side', () => {
    expect(labelTransitions(diffJson({}, { gamma_regime: 'negative' }))).toEqual([
      { field: 'gamma_regime', from: null, to: 'negative' },
    ]);
  });
});

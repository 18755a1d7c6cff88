import { describe, expect, it } from 'vitest';
import { flattenLeaves, leafText, mergedPaths } from '../../../../src/renderer/lib/flatten.ts';

describe('flattenLeaves', () => {
  it('lists leaves with dotted paths, plain arrays as one leaf', () => {
    expect(flattenLeaves({ a: 1, b: { c: 'x', d: [1, 2] }, e: [{ f: true }], g: {} })).toEqual([
      { path: 'a', value: 1 },
      { path: 'b.c', value: 'x' },
      { path: 'b.d', value: [1, 2] },
      { path: 'e.0.f', value: true },
      { path: 'g', value: {} },
    ]);
  });

  it.each([[null], [3], ['s']])('treats a bare %o as one leaf', (value) => {
    expect(flattenLeaves(value)).toEqual([{ path: '', value }]);
  });
});

describe('leafText', () => {
  it.each([
    [undefined, ''],
    [null, 'null'],
    ['x', 'x'],
    [1.5, '1.5'],
    [[], '[]'],
    [['a', 'b'], 'a, b'],
    [{}, '{}'],
    [false, 'false'],
  ])('%o → %s', (value, expected) => {
    expect(leafText(value)).toBe(expected);
  });
});

it('mergedPaths keeps first-seen order without duplicates', () => {
  expect(
    mergedPaths(
      [
        { path: 'a', value: 1 },
        { path: 'b', value: 1 },
      ],
      [
        { path: 'b', value: 2 },
        { path: 'c', value: 3 },
      ],
    ),
  ).toEqual(['a', 'b', 'c']);
});

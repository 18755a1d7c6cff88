// The replay query's span bounds (New York days and Monday-to-Sunday weeks, across the clock
// changes) and its even sampling when a span holds more frames than the cap.
import { describe, expect, it } from 'vitest';
import { sampleEvenly, spanBounds } from '../../../../src/core/queries/replay-frames.ts';

const iso = (ms: number) => new Date(ms).toISOString();

describe('spanBounds', () => {
  it.each([
    ['a winter day', 'day', '2026-11-24', '2026-11-24T05:00:00.000Z', '2026-11-25T04:59:59.999Z'],
    ['a summer day', 'day', '2025-07-01', '2025-07-01T04:00:00.000Z', '2025-07-02T03:59:59.999Z'],
    ['the week of a Tuesday', 'week', '2026-11-24', '2026-11-23T05:00:00.000Z', '2026-11-30T04:59:59.999Z'],
    ['the week of a Sunday', 'week', '2026-11-29', '2026-11-23T05:00:00.000Z', '2026-11-30T04:59:59.999Z'],
    ['the week of a Monday', 'week', '2026-11-23', '2026-11-23T05:00:00.000Z', '2026-11-30T04:59:59.999Z'],
    // Clocks spring forward on Sunday 8 March 2026: the week starts in EST and ends in EDT.
    [
      'a week across the clock change',
      'week',
      '2026-03-04',
      '2026-03-02T05:00:00.000Z',
      '2026-03-09T03:59:59.999Z',
    ],
  ] as const)('%s', (_name, span, date, from, to) => {
    const bounds = spanBounds(span, date);
    expect([iso(bounds.from), iso(bounds.to)]).toEqual([from, to]);
  });
});

describe('sampleEvenly', () => {
  const range = (n: number) => Array.from({ length: n }, (_, i) => i);
  it.each<[string, number[], number, number[]]>([
    ['fits: all of them', range(5), 10, range(5)],
    ['exactly the cap', range(4), 4, range(4)],
    ['ten into four, first and last kept', range(10), 4, [0, 3, 6, 9]],
    ['seven into three', range(7), 3, [0, 3, 6]],
    ['a cap of one keeps the first', range(7), 1, [0]],
    ['nothing', [], 3, []],
  ])('%s', (_name, items, cap, expected) => {
    expect(sampleEvenly(items, cap)).toEqual(expected);
  });

  it('a week polled every minute comes down to the cap, in order, without repeats', () => {
    const out = sampleEvenly(range(5 * 390), 400);
    expect(out).toHaveLength(400);
    expect(out[0]).toBe(0);
    expect(out.at(-1)).toBe(5 * 390 - 1);
    expect(new Set(out).size).toBe(400);
    expect([...out].sort((a, b) => a - b)).toEqual(out);
  });
});

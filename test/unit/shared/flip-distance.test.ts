import { describe, expect, it } from 'vitest';
import { flipDistancePct, flipDistanceSentence } from '../../../src/shared/flip-distance.ts';

describe('flipDistancePct: (flip − spot) / spot, positive when the flip is above spot', () => {
  it.each([
    // spot, flip, reported, expected
    ['flip above, service already positive', 600, 610.74, 1.79, 1.79],
    ['flip above, old convention (spot − flip) negative', 600, 610.74, -1.79, 1.79],
    ['flip below, service negative', 600, 589.26, -1.79, -1.79],
    ['flip below, old convention positive', 600, 589.26, 1.79, -1.79],
    ['no reported figure: from the prices', 500, 505, null, 1],
    ['at the flip', 600, 600, 0.01, 0],
    ['no flip, no figure', 600, null, null, null],
    ['flip price not given: the figure as reported', 600, null, 1.2, 1.2],
    ['no spot: the figure as reported', null, 610, 1.5, 1.5],
  ])('%s', (_, spot, flip, reported, expected) => {
    const got = flipDistancePct(spot, flip, reported);
    if (expected === null) expect(got).toBeNull();
    else expect(got).toBeCloseTo(expected, 10);
  });
});

describe('flipDistanceSentence: the sign in words', () => {
  it.each([
    [1.79, '+1.79%: the flip is 1.79% above spot.'],
    [-0.5, '−0.50%: the flip is 0.50% below spot.'],
    [0, '0.00%: spot is at the flip.'],
    [0.725, '+0.73%: the flip is 0.73% above spot.'],
    [null, 'No gamma flip in range, so there is no distance to it.'],
  ])('%s → %s', (pct, expected) => {
    expect(flipDistanceSentence(pct)).toBe(expected);
  });
});

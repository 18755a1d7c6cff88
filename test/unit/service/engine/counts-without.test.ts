// The partial-download rule judges each of a ticker's files against all the others: countsWithout
// reads the others' median, least and most off one sorted array. Checked by table and against the
// plain way (copy the others, sort, read) over many random folders.
import { describe, expect, it } from 'vitest';
import { countsWithout, summarizeCounts, type OtherCounts } from '../../../../src/service/engine/quality.ts';

function plain(counts: readonly number[], leaveOut: number | null): OtherCounts | null {
  const others = [...counts];
  if (leaveOut !== null) {
    const i = others.indexOf(leaveOut);
    if (i >= 0) others.splice(i, 1);
  }
  if (others.length === 0) return null;
  others.sort((a, b) => a - b);
  const mid = others.length >> 1;
  const median =
    others.length % 2 === 1
      ? (others[mid] as number)
      : ((others[mid - 1] as number) + (others[mid] as number)) / 2;
  return { median, lo: others[0] as number, hi: others[others.length - 1] as number };
}

describe('countsWithout', () => {
  it.each([
    { counts: [], leaveOut: null, want: null },
    { counts: [7], leaveOut: 7, want: null },
    { counts: [7], leaveOut: null, want: { median: 7, lo: 7, hi: 7 } },
    { counts: [2, 30], leaveOut: 2, want: { median: 30, lo: 30, hi: 30 } },
    { counts: [2, 30], leaveOut: 30, want: { median: 2, lo: 2, hi: 2 } },
    { counts: [2, 30, 31, 32], leaveOut: 2, want: { median: 31, lo: 30, hi: 32 } },
    { counts: [2, 30, 31, 32], leaveOut: 31, want: { median: 30, lo: 2, hi: 32 } },
    { counts: [30, 30, 30], leaveOut: 30, want: { median: 30, lo: 30, hi: 30 } },
    // A value the array does not hold leaves nothing out.
    { counts: [2, 30, 40], leaveOut: 5, want: { median: 30, lo: 2, hi: 40 } },
  ])('$counts less $leaveOut', ({ counts, leaveOut, want }) => {
    const sorted = [...counts].sort((a, b) => a - b);
    expect(countsWithout(sorted, leaveOut)).toEqual(want);
    expect(countsWithout(sorted, leaveOut)).toEqual(plain(counts, leaveOut));
  });

  it('agrees with copying and sorting the others, for every file of 300 random folders', () => {
    let seed = 12345;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let folder = 0; folder < 300; folder++) {
      const n = 1 + Math.floor(random() * 40);
      const counts = Array.from({ length: n }, () => 1 + Math.floor(random() * 12));
      const sorted = [...counts].sort((a, b) => a - b);
      for (const count of counts) expect(countsWithout(sorted, count)).toEqual(plain(counts, count));
      expect(summarizeCounts(counts)).toEqual(plain(counts, null));
    }
  });
});

import { describe, expect, it } from 'vitest';
import { olderPick } from '../../../../src/renderer/features/history/history-state.svelte.ts';

describe('olderPick: which of the two picks is the older time', () => {
  it.each([
    ['2026-03-02T15:00:00.000Z', '2026-03-02T15:10:00.000Z', 'A'],
    ['2026-03-02T15:10:00.000Z', '2026-03-02T15:00:00.000Z', 'B'],
    ['2026-03-02T15:00:00.000Z', '2026-03-02T15:00:00.000Z', 'A'],
  ])('A %s, B %s → %s', (a, b, want) => expect(olderPick(a, b)).toBe(want));
});

import { describe, expect, it } from 'vitest';
import { filterPhrases } from '../../../../src/renderer/features/rankings/filter-text.ts';

describe('filterPhrases', () => {
  it.each([
    { filters: null, want: [] },
    { filters: { min_score: 6 }, want: ['score ≥ 6'] },
    { filters: { iv_rank_range: [null, 40] }, want: ['IV rank ≤ 40'] },
    { filters: { price_range: [10, 500] }, want: ['price 10–500'] },
    { filters: { iv_rank_min: 20.5 }, want: ['IV rank ≥ 20.5'] },
    {
      filters: { regime: ['trending_low_vol', 'range_bound'] },
      want: ['regime: trending low vol, range bound'],
    },
    { filters: { trend_state: [] }, want: [] },
    { filters: { limit: 50, extension_state: null }, want: [] },
    { filters: { recommended_direction: 'long' }, want: ['direction: long'] },
    { filters: { some_new_key: 3 }, want: ['some new key: 3'] },
  ])('$filters → $want', ({ filters, want }) => {
    expect(filterPhrases(filters)).toEqual(want);
  });
});

import { describe, expect, it } from 'vitest';
import {
  linkOf,
  parseLink,
  type RankingsLink,
} from '../../../../src/renderer/features/rankings/rankings-link.ts';

describe('rankings links', () => {
  it.each<RankingsLink>([
    { tab: 'top_setups', filters: {} },
    {
      tab: 'top_setups',
      filters: { regime: ['range_bound', 'flush_panic'], iv_rank_min: 30, price_max: 250.5, min_score: 6 },
    },
    {
      tab: 'top_setups',
      filters: { ivAtMaxDelta_min: 0.2, trend_state: ['up'], trade_bias: ['long_breakout'] },
    },
    { tab: 'screeners', preset: 'range_premium_seller', overrides: {} },
    {
      tab: 'screeners',
      preset: 'trend_pullback',
      overrides: { iv_rank_min: null, regime: [], min_score: 3 },
    },
  ])('round-trips %j', (link) => {
    expect(parseLink(linkOf(link))).toEqual({ ok: true, link });
  });

  it('writes readable addresses', () => {
    expect(linkOf({ tab: 'top_setups', filters: { regime: ['range_bound'], min_score: 5 } })).toBe(
      '#/rankings/top_setups?regime=range_bound&min_score=5',
    );
  });

  it.each([
    ['#/rankings/top_setups?regime=sideways_forever', /out of range/],
    ['#/rankings/top_setups?iv_rank_min=abc', /out of range/],
    ['#/rankings/top_setups?iv_rank_max=250', /out of range/],
    ['#/rankings/screeners?preset=moon_shot', /no known screener preset/],
    ['#/rankings/screeners', /no known screener preset/],
    ['#/watchlists', /not a link to a rankings view/],
  ])('refuses %s with a message', (hash, message) => {
    const parsed = parseLink(hash);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toMatch(message);
  });
});

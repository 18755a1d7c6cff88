import { describe, expect, it } from 'vitest';
import {
  cellText,
  compareSections,
  deltaText,
  fieldOf,
  itemNameIn,
  percentChangeText,
  rowLabel,
  rowTitle,
  sectionOf,
} from '../../../../src/renderer/features/history/compare-cells.ts';
import { diffPayloads } from '../../../../src/shared/bridge/snapshot-diff.ts';

describe('fieldOf', () => {
  it.each([
    ['key_levels.minus_1sigma_1m', 'minus_1sigma_1m'],
    ['levels.3.price', 'price'],
    ['headline', 'headline'],
  ])('%s → %s', (path, want) => expect(fieldOf(path)).toBe(want));
});

describe('cellText: the field unit and its precision', () => {
  it.each([
    ['key_levels.minus_1sigma_1m', 601, '601.00'],
    ['drivers.flip_context.distance_pct', -4.05, '−4.05%'],
    ['drivers.flip_context.distance_pct', 1.789, '+1.79%'],
    ['state.atm_iv', 0.1304, '13.04%'],
    ['iv_rank', 82.96, '83'],
    ['opportunity_score', 6.44, '6.4'],
    ['speculative_interest_score', 0.437, '0.44'],
    ['pcr_oi', 1.2345, '1.23'],
    ['supporting_factors.gamma_notional_per_1pct_move_usd', -12_100_000_000, '−$12.1B'],
    ['headline', 'SPY $624.31 4.1 % below', 'SPY $624.31 4.1 % below'],
    ['regime_label', 'trending_down_high_vol', 'Trending down high vol'],
    ['tags', ['near_flip', 'iv_elevated'], 'Near flip, IV elevated'],
    ['key_levels.gamma_flip', null, '—'],
    ['trade_recommendation.risk.prefer_defined_risk', true, 'Yes'],
  ])('%s = %j → %s', (path, value, want) => expect(cellText(path, value)).toBe(want));
});

describe('deltaText: newer − older, in the unit and precision shown', () => {
  it.each([
    // The cells read 77 and 83: the change is +6, not the raw +5.56.
    ['iv_rank', 77.4, 82.96, '+6'],
    ['iv_rank', 83, 77, '−6'],
    ['key_levels.gamma_flip', 649.79, 649.72, '−0.07'],
    ['key_levels.spot', 600, 601.5, '+1.50'],
    ['drivers.flip_context.distance_pct', -4.05, -4.07, '−0.02 pp'],
    // 13.00 % → 13.12 %: IV points, from the percent values shown.
    ['state.atm_iv', 0.13, 0.1312, '+0.12 pp'],
    ['opportunity_score', 6.44, 6.71, '+0.3'],
    ['state.put_call_iv_spread', 3.2, 3.5, '+0.30'],
    ['supporting_factors.gamma_notional_per_1pct_move_usd', -11.4e9, -11.6e9, '−$200.0M'],
    ['supporting_factors.gamma_notional_per_1pct_move_usd', -11.6e9, -11.4e9, '+$200.0M'],
    ['key_levels.spot', 600, 600, '0'],
    // Equal once rounded as shown: no phantom change.
    ['iv_rank', 77.2, 77.4, '0'],
    ['headline', 'a', 'b', ''],
    ['key_levels.gamma_flip', null, 649.72, ''],
  ])('%s: %j → %j gives %s', (path, older, newer, want) => expect(deltaText(path, older, newer)).toBe(want));
});

describe('percentChangeText: only where a ratio means something', () => {
  it.each([
    ['key_levels.spot', 600, 606, '+1.00%'],
    ['price', 200, 190, '−5.00%'],
    ['supporting_factors.gamma_notional_per_1pct_move_usd', 10e9, 12e9, '+20.00%'],
    // Across zero a relative change is meaningless.
    ['supporting_factors.gamma_notional_per_1pct_move_usd', -1e9, 2e9, ''],
    // Percents, IVs, ranks and scores: the difference is the figure.
    ['iv_rank', 77, 83, ''],
    ['state.atm_iv', 0.13, 0.14, ''],
    ['drivers.flip_context.distance_pct', 1, 2, ''],
    ['opportunity_score', 5, 6, ''],
    ['price', 0, 5, ''],
  ])('%s: %j → %j gives %j', (path, older, newer, want) =>
    expect(percentChangeText(path, older, newer)).toBe(want),
  );
});

describe('rowLabel and sectionOf: people read labels, grouped by section', () => {
  const levels = { levels: [{ label: 'Call wall', price: 610, kind: 'call_wall' }] };
  it.each([
    ['drivers.flip_context.distance_pct', 'Distance to flip', 'Drivers'],
    ['drivers.flip_context.state', 'Flip context', 'Drivers'],
    ['key_levels.plus_1sigma_1d', '+1σ 1D', 'Key levels'],
    ['supporting_factors.gamma_notional_per_1pct_move_usd', 'Net GEX per 1% move', 'Supporting factors'],
    ['iv_rank', 'IV rank', 'Summary'],
    ['dist_to_gex_flip_pct', 'Distance to flip', 'Summary'],
    ['trade_recommendation.regime_label', 'Regime', 'Trade recommendation'],
    ['levels.0.price', 'Call wall', 'Levels'],
    ['levels.0.kind', 'Call wall: Kind', 'Levels'],
  ])('%s → %s in %s', (path, label, section) => {
    expect(rowLabel(path, itemNameIn(levels))).toBe(label);
    expect(sectionOf(path)).toBe(section);
  });

  it('a list item without a name of its own is numbered', () => {
    expect(rowLabel('structures.1.strike')).toBe('Structures 2: Strike');
  });
});

describe('compareSections: labelled rows grouped by section, summary first', () => {
  const before = {
    key_levels: { spot: 600 },
    iv_rank: 77.4,
    drivers: { flip_context: { distance_pct: 1.2 } },
    headline: 'same',
  };
  const after = {
    key_levels: { spot: 601.5 },
    iv_rank: 82.96,
    drivers: { flip_context: { distance_pct: 1.4 } },
    headline: 'same',
  };
  const changes = [
    { path: 'key_levels.spot', before: 600, after: 601.5 },
    { path: 'iv_rank', before: 77.4, after: 82.96 },
    { path: 'drivers.flip_context.distance_pct', before: 1.2, after: 1.4 },
  ];

  it('only changes', () => {
    const sections = compareSections({ before, after, changes }, true);
    expect(sections.map((s) => [s.name, s.rows.map((r) => r.label)])).toEqual([
      ['Summary', ['IV rank']],
      ['Key levels', ['Spot']],
      ['Drivers', ['Distance to flip']],
    ]);
    expect(sections[0]?.rows[0]).toMatchObject({ older: 77.4, newer: 82.96, changed: true });
  });

  it('all fields, unchanged ones unmarked', () => {
    const summary = compareSections({ before, after, changes }, false)[0];
    expect(summary?.rows.map((r) => [r.label, r.changed])).toEqual([
      ['IV rank', true],
      ['Headline', false],
    ]);
  });
});

// The compare reads prices in the ticker's unit and explains its figures.
describe('cellText by ticker, and row definitions', () => {
  it.each([
    ['key_levels.call_wall', 680, 'SPY', '$680.00'],
    ['key_levels.call_wall', 6000, 'SPX', '6,000.00'],
    ['key_levels.call_wall', 680, null, '680.00'],
    ['drivers.flip_context.distance_pct', 0.725, 'SPY', '+0.73%'],
  ])('%s = %d of %s → %s', (path, value, ticker, want) => {
    expect(cellText(path, value, ticker)).toBe(want);
  });

  it.each([
    ['key_levels.call_wall', /largest call GEX at or above spot/],
    ['supporting_factors.gamma_notional_per_1pct_move_usd', /1% move/],
    ['headline', /^headline$/],
  ])('%s is explained on hover', (path, want) => {
    expect(rowTitle(path)).toMatch(want);
  });
});

// A term structure's points are matched by expiration, not by position. Between the two snapshots
// Sep 19 expired and Oct 10 was listed: Sep 26 is compared with Sep 26.
describe('compareSections: term-structure points matched by expiration', () => {
  const point = (expiration: string, atm_iv: number) => ({ expiration, atm_iv });
  const before = {
    term_structure: {
      points: [point('2025-09-19', 0.2), point('2025-09-26', 0.18), point('2025-10-03', 0.17)],
    },
  };
  const after = {
    term_structure: {
      points: [point('2025-09-26', 0.18), point('2025-10-03', 0.16), point('2025-10-10', 0.15)],
    },
  };
  const diff = { before, after, changes: diffPayloads(before, after).changes };

  it('the diff pairs the same expirations and names the one each side lacks', () => {
    expect(diff.changes.map((c) => c.path)).toEqual([
      'term_structure.points.0',
      'term_structure.points.2.atm_iv',
      'term_structure.points.3',
    ]);
  });

  it('rows read by expiration; an unchanged expiration is unchanged', () => {
    const rows = compareSections(diff, false).flatMap((s) => s.rows);
    const atm = rows.filter((r) => r.path.endsWith('atm_iv'));
    expect(atm.map((r) => [r.label, r.older, r.newer, r.changed])).toEqual([
      ['Expiration Sep 19, 2025: ATM IV', 0.2, undefined, true],
      ['Expiration Sep 26, 2025: ATM IV', 0.18, 0.18, false],
      ['Expiration Oct 3, 2025: ATM IV', 0.17, 0.16, true],
      ['Expiration Oct 10, 2025: ATM IV', undefined, 0.15, true],
    ]);
    expect(
      compareSections(diff, true)
        .flatMap((s) => s.rows)
        .filter((r) => r.path.endsWith('atm_iv')),
    ).toHaveLength(3);
  });
});

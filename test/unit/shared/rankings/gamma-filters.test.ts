// The app's gamma filters: which rows pass, what a saved view keeps, and that old saved views stay
// valid.
import { describe, expect, it } from 'vitest';
import {
  gammaExclusions,
  gammaFiltersOf,
  gammaFromRecord,
  hasGammaFilter,
  passesGamma,
  type GammaFilters,
  type RowGamma,
} from '../../../../src/shared/rankings/gamma-filters.ts';
import { savedViewBodySchema } from '../../../../src/shared/bridge/saved-views.ts';
import { topSetupsFiltersSchema } from '../../../../src/shared/bridge/rankings.ts';

const row = (regime: RowGamma['regime'], distance_pct: number | null): RowGamma => ({
  regime,
  flip: distance_pct === null ? null : 100 * (1 + distance_pct / 100),
  distance_pct,
  from: 'ranking',
  asof: null,
});

describe('passesGamma', () => {
  it.each<[string, RowGamma | null, GammaFilters, boolean]>([
    ['no filter passes anything, even no data', null, {}, true],
    ['no gamma data fails any gamma filter', null, { gamma_regime: ['positive'] }, false],
    ['regime in the list', row('negative', 2), { gamma_regime: ['negative', 'neutral'] }, true],
    ['regime not in the list', row('positive', -2), { gamma_regime: ['negative'] }, false],
    ['within 2 % (flip below spot)', row('positive', -1.5), { flip_distance_max: 2 }, true],
    ['within 2 % (flip above spot)', row('negative', 1.99), { flip_distance_max: 2 }, true],
    ['beyond 2 %', row('positive', -2.5), { flip_distance_max: 2 }, false],
    ['exactly on the bound', row('positive', -2), { flip_distance_max: 2 }, true],
    ['at least 3 % away', row('positive', -3.2), { flip_distance_min: 3 }, true],
    ['not 3 % away', row('negative', 1), { flip_distance_min: 3 }, false],
    ['no flip fails a distance bound', row('unknown', null), { flip_distance_max: 50 }, false],
    ['no flip passes a regime filter on unknown', row('unknown', null), { gamma_regime: ['unknown'] }, true],
    [
      'all filters at once',
      row('negative', 0.8),
      { gamma_regime: ['negative'], flip_distance_max: 1, flip_distance_min: 0.5 },
      true,
    ],
  ])('%s', (_name, gamma, filters, want) => {
    expect(passesGamma(gamma, filters)).toBe(want);
  });
});

describe('gammaFiltersOf', () => {
  it.each<[Record<string, unknown> | undefined, GammaFilters, boolean]>([
    [undefined, {}, false],
    [{ regime: ['range_bound'], iv_rank_min: 40 }, {}, false],
    [{ gamma_regime: [] }, {}, false],
    [{ gamma_regime: ['positive'] }, { gamma_regime: ['positive'] }, true],
    [{ flip_distance_max: null, flip_distance_min: 2 }, { flip_distance_min: 2 }, true],
  ])('%o → %o', (filters, want, on) => {
    expect(gammaFiltersOf(filters)).toEqual(want);
    expect(hasGammaFilter(gammaFiltersOf(filters))).toBe(on);
  });
});

it('counts what each gamma filter excludes on its own, rows without data included', () => {
  const rows = [row('positive', -1), row('negative', 3), null, row('unknown', null)];
  expect(gammaExclusions(rows, { gamma_regime: ['positive'], flip_distance_max: 2 })).toEqual([
    { key: 'gamma_regime', value: ['positive'], excluded: 3, total: 4 },
    { key: 'flip_distance_max', value: 2, excluded: 3, total: 4 },
  ]);
});

it('reads a record with the one sign convention: positive when the flip is above spot', () => {
  // A stored record with the opposite sign: the side comes from the prices.
  expect(
    gammaFromRecord(
      { gamma_regime: 'positive', price: 100, gex_flip: 97, dist_to_gex_flip_pct: 3 },
      'ticker_state',
      null,
    ),
  ).toMatchObject({ regime: 'positive', flip: 97, distance_pct: -3 });
  expect(gammaFromRecord({ price: 100 }, 'ticker_state', null)).toBeNull();
});

describe('saved with a view, and old views still valid', () => {
  it('keeps the gamma filters of a Top setups view', () => {
    const body = savedViewBodySchema.parse({
      kind: 'top_setups',
      filters: { regime: ['range_bound'], gamma_regime: ['negative'], flip_distance_max: 1.5 },
    });
    expect(body).toEqual({
      kind: 'top_setups',
      filters: { regime: ['range_bound'], gamma_regime: ['negative'], flip_distance_max: 1.5 },
    });
  });

  it('keeps them as screener overrides, null removing a bound', () => {
    const body = savedViewBodySchema.parse({
      kind: 'screener',
      preset: 'range_premium_seller',
      overrides: { gamma_regime: ['positive'], flip_distance_min: null },
    });
    expect(body).toMatchObject({ overrides: { gamma_regime: ['positive'], flip_distance_min: null } });
  });

  it('reads a view saved before the gamma filters existed', () => {
    const old = { kind: 'top_setups', filters: { iv_rank_max: 30, recommended_direction: ['long'] } };
    expect(savedViewBodySchema.parse(old)).toEqual(old);
  });

  it.each([[{ gamma_regime: ['sideways'] }], [{ flip_distance_max: -1 }], [{ flip_distance_min: 101 }]])(
    'refuses %o',
    (filters) => {
      expect(topSetupsFiltersSchema.safeParse(filters).success).toBe(false);
    },
  );
});

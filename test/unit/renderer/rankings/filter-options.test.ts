// Every enum filter offers every value the data can take (the Extension filter lacked "Overbought"
// while SPY was overbought). The options come from the API enums (the one source); the engine's
// state tables may write nothing those enums do not list.
import { describe, expect, it } from 'vitest';
import {
  DIRECTIONS,
  GAMMA_REGIMES,
  REGIME_LABELS,
  STATE_LABEL_VALUES,
  TRADE_BIASES,
} from '../../../../src/shared/api/enums.ts';
import {
  extensionState,
  momentumState,
  realizedVolState,
  trendState,
} from '../../../../src/service/engine/interpret/states.ts';
import {
  IN_CONTROLS,
  chipsOf,
  fromSearch,
  toSearch,
  valueLabel,
} from '../../../../src/renderer/features/rankings/filter-model.ts';
import type { TopSetupsFilters } from '../../../../src/shared/bridge/rankings.ts';

const offered = (key: string): readonly string[] => IN_CONTROLS.find((c) => c.key === key)?.values ?? [];

describe('every enum value is offered', () => {
  it.each([
    ['regime', REGIME_LABELS],
    ['recommended_direction', DIRECTIONS],
    ['trade_bias', TRADE_BIASES],
    ['trend_state', STATE_LABEL_VALUES.trend_state],
    ['momentum_state', STATE_LABEL_VALUES.momentum_state],
    ['extension_state', STATE_LABEL_VALUES.extension_state],
    ['realized_vol_state', STATE_LABEL_VALUES.realized_vol_state],
    ['gamma_regime', GAMMA_REGIMES],
  ] as const)('%s', (key, values) => {
    expect([...offered(key)].sort()).toEqual([...values].sort());
  });

  it('the Extension filter offers Overbought', () => {
    expect(offered('extension_state')).toContain('overbought');
  });

  it('only the gamma filters are the app’s own', () => {
    expect(IN_CONTROLS.filter((c) => c.appSide).map((c) => c.key)).toEqual(['gamma_regime']);
  });
});

describe('the engine writes no state value the enums lack', () => {
  const grid = [-6, -2.5, -2, -1.2, -1, -0.6, -0.5, -0.2, 0, 0.2, 0.5, 0.6, 1, 1.2, 2, 2.5, 6];
  it('trend, momentum and extension over a grid of scores', () => {
    const seen = { trend: new Set<string>(), momentum: new Set<string>(), extension: new Set<string>() };
    for (const a of grid) {
      seen.trend.add(trendState(a));
      seen.extension.add(extensionState(a));
      for (const c of grid)
        for (const t of ['up', 'down', 'sideways', null] as const) seen.momentum.add(momentumState(a, c, t));
    }
    expect([...seen.trend].sort()).toEqual([...STATE_LABEL_VALUES.trend_state].sort());
    expect([...seen.momentum].sort()).toEqual([...STATE_LABEL_VALUES.momentum_state].sort());
    expect([...seen.extension].sort()).toEqual([...STATE_LABEL_VALUES.extension_state].sort());
  });

  it('realized vol over a grid of percentiles and ratios', () => {
    const seen = new Set<string>();
    for (const percentile of [0, 10, 20, 21, 50, 79, 80, 95, 100])
      for (const ratio of [0.5, 0.86, 0.9, 1, 1.1, 1.15, 2])
        seen.add(realizedVolState({ percentile, ratio }));
    expect([...seen].sort()).toEqual([...STATE_LABEL_VALUES.realized_vol_state].sort());
  });
});

describe('gamma filters in chips and links', () => {
  it.each<[TopSetupsFilters, string[]]>([
    [{ gamma_regime: ['negative'] }, ['Gamma regime: Negative (spot below flip)']],
    [{ flip_distance_max: 1.5 }, ['Flip within 1.5% of spot']],
    [{ flip_distance_min: 3 }, ['Flip at least 3% from spot']],
  ])('%o → %o', (filters, want) => {
    expect(chipsOf(filters).map((c) => c.text)).toEqual(want);
  });

  it('round-trips through a link', () => {
    const filters: TopSetupsFilters = { gamma_regime: ['positive', 'neutral'], flip_distance_max: 2 };
    expect(fromSearch(toSearch(filters)).values).toEqual(filters);
  });

  it('labels a gamma value with the side of the flip, other values plainly', () => {
    expect(valueLabel('positive', 'gamma_regime')).toBe('Positive (spot above flip)');
    expect(valueLabel('overbought', 'extension_state')).toBe('Overbought');
  });
});

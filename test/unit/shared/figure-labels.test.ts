// One name, one unit, one rounding and one definition per figure.
import { describe, expect, it } from 'vitest';
import { METRIC_CATALOG } from '../../../src/shared/api/series.ts';
import {
  FIGURE_ALIASES,
  FIGURES,
  figureDefinition,
  figureKeyOf,
  figureName,
} from '../../../src/shared/figure-labels.ts';
import { nestedLabel } from '../../../src/shared/snapshot-fields.ts';
import { labelOf } from '../../../src/renderer/features/ticker/field-labels.ts';
import { kindLabel } from '../../../src/renderer/features/ticker/key-levels.ts';
import { markersFromLevels } from '../../../src/renderer/features/charts/frame/markers.ts';
import { COLUMNS } from '../../../src/renderer/features/watchlists/ticker-table-model.ts';

describe('the label table', () => {
  it('gives every figure a name, a unit, a rounding and a one-line definition', () => {
    for (const [key, figure] of Object.entries(FIGURES)) {
      expect(figure.name, key).not.toBe('');
      expect(figure.digits, key).toBeGreaterThanOrEqual(0);
      expect(figure.definition.length, key).toBeGreaterThan(20);
      expect(figure.definition, key).not.toMatch(/\n/);
    }
  });

  it('has no two figures with one name', () => {
    const names = Object.values(FIGURES).map((f) => f.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  it('resolves every alias to a figure it defines (no alias of an alias)', () => {
    for (const [alias, key] of Object.entries(FIGURE_ALIASES)) {
      expect(Object.hasOwn(FIGURES, key), alias).toBe(true);
      expect(Object.hasOwn(FIGURES, alias), alias).toBe(false);
    }
  });

  // The three names the trader found for one figure, and the others, now one each.
  it.each([
    ['gex_usd_per_1_pct_move', 'Net GEX per 1% move'],
    ['gamma_notional_per_1pct_move_usd', 'Net GEX per 1% move'],
    ['supporting_factors.gamma_notional_per_1pct_move_usd', 'Net GEX per 1% move'],
    ['dist_to_gex_flip_pct', 'Distance to flip'],
    ['supporting_factors.distance_to_flip_pct', 'Distance to flip'],
    ['drivers.flip_context.distance_pct', 'Distance to flip'],
    ['gex_flip', 'Gamma flip'],
    ['gamma_flip_price', 'Gamma flip'],
    ['key_levels.gamma_flip', 'Gamma flip'],
    ['key_levels.call_wall', 'Call wall'],
    ['ivAtMaxDelta', 'IV at top Δ·OI strike'],
    ['iv_pct_chg', 'ATM IV change'],
  ])('%s is called %s on every screen and export', (key, name) => {
    expect(figureName(key)).toBe(name);
    if (key.includes('.')) expect(nestedLabel(key)).toBe(name);
    else expect(labelOf(key)).toBe(name);
  });

  it.each([
    ['call_wall', /largest call GEX at or above spot/],
    ['put_wall', /largest put GEX at or below spot/],
    ['gex_flip', /net dealer gamma changes sign/],
    ['ivAtMaxDelta', /largest \|delta\| × open interest/],
    ['gex_usd_per_1_pct_move', /1% move/],
    ['iv_pct_chg', /vol points/],
    ['dist_to_gex_flip_pct', /two decimals/],
  ])('%s is defined: %s', (key, pattern) => {
    expect(figureDefinition(key)).toMatch(pattern);
  });

  it('names the figures the catalog, the levels, the curves and the watchlist show', () => {
    const used = [
      'gex_flip',
      'call_wall',
      'put_wall',
      'max_pain',
      'atm_iv',
      'iv_rank',
      'iv_pct_chg',
      'ivAtMaxDelta',
      'gex_usd_per_1_pct_move',
      'dist_to_gex_flip_pct',
      'price',
    ];
    for (const key of used) expect(figureKeyOf(key), key).toBeDefined();
    // Levels on the curves and in Key levels read the table's names.
    const markers = markersFromLevels({ spot: 100, gamma_flip: 99, call_wall: 105, put_wall: 95 });
    expect(markers.map((m) => m.label).sort()).toEqual(['Call wall', 'Gamma flip', 'Put wall', 'Spot']);
    expect(['gamma_flip', 'call_wall', 'put_wall', 'max_pain'].map(kindLabel)).toEqual([
      'Gamma flip',
      'Call wall',
      'Put wall',
      'Max pain',
    ]);
    // Watchlist heads of figures are their names, with their definitions on hover.
    for (const col of COLUMNS.filter((c) => figureKeyOf(c.key))) {
      expect(col.label).toBe(figureName(col.key));
      expect(col.title).toBeTruthy();
    }
    // Every catalog metric the table knows keeps the catalog's unit family.
    for (const key of Object.keys(METRIC_CATALOG)) {
      const figure = figureKeyOf(key) ? FIGURES[figureKeyOf(key)!] : undefined;
      if (figure?.unit === 'iv')
        expect(METRIC_CATALOG[key as keyof typeof METRIC_CATALOG].unit).toBe('decimal');
    }
  });
});

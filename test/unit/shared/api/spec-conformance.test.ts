// The enumerations and the metric catalog are read from the spec document itself and compared with
// the exported constants, so a drift between the two is caught here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DIRECTIONS,
  EARNINGS_TIMES,
  EXTENSION_STATES,
  GAMMA_REGIMES,
  INCOME_STRATEGIES,
  INCOME_TIERS,
  METRIC_KEYS,
  MOMENTUM_STATES,
  OPPORTUNITY_TIERS,
  REALIZED_VOL_STATES,
  REGIME_LABELS,
  SCHEMA_IDS,
  SCREENER_PRESETS,
  SPEC_METRIC_CATALOG,
  SPEC_NAMED_SCHEMA_KEYS,
  TRADE_BIASES,
  TRADE_TYPES,
  TREND_STATES,
} from '../../../../src/shared/api/index.ts';

const spec = readFileSync(
  new URL('../../../../../shared/spec/market-structure-api-v2.md', import.meta.url),
  'utf8',
);

/** Rows of the first markdown table after a heading, as arrays of trimmed cells. */
function tableAfter(heading: string): string[][] {
  const start = spec.indexOf(heading);
  if (start < 0) throw new Error(`heading not found: ${heading}`);
  const lines = spec.slice(start).split('\n');
  const first = lines.findIndex((l) => l.startsWith('|'));
  const rows: string[][] = [];
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .slice(1, -1)
        .split('|')
        .map((c) => c.trim()),
    );
  }
  return rows;
}

const values = (cell: string) =>
  cell
    .split(',')
    .map((v) => v.trim().replace(/\s*\(.*\)$/, ''))
    .filter(Boolean);

describe('enumerations match the spec table', () => {
  const rows = new Map(
    tableAfter('### Enumerations').map(([name, vals]) => [name ?? '', values(vals ?? '')]),
  );
  const find = (prefix: string) => [...rows].find(([name]) => name.startsWith(prefix))?.[1];

  it.each([
    ['Direction', DIRECTIONS],
    ['OpportunityTier', OPPORTUNITY_TIERS],
    ['RegimeLabel', REGIME_LABELS],
    ['TradeType', TRADE_TYPES],
    ['trade_bias', TRADE_BIASES],
    ['IncomeStrategy', INCOME_STRATEGIES],
    ['IncomeTier', INCOME_TIERS],
    ['earnings_time', EARNINGS_TIMES],
    ['gamma_regime', GAMMA_REGIMES],
    ['Screener preset names', SCREENER_PRESETS],
  ] as const)('%s', (name, ours) => {
    expect(find(name)).toEqual([...ours]);
  });

  it('has seven regime labels', () => {
    expect(REGIME_LABELS).toHaveLength(7);
  });
});

describe('state labels list at least the values the spec has seen', () => {
  const rows = new Map(
    tableAfter('| Label | Values seen |').map(([name, vals]) => [name ?? '', values(vals ?? '')]),
  );
  it.each([
    ['trend_state', TREND_STATES],
    ['momentum_state', MOMENTUM_STATES],
    ['extension_state', EXTENSION_STATES],
    ['realized_vol_state', REALIZED_VOL_STATES],
  ] as const)('%s', (name, ours) => {
    expect(rows.get(name)).toEqual([...ours]);
  });
});

describe('metric catalog matches the spec table', () => {
  const rows = tableAfter('### Series metric catalog');

  it('has the same keys in the same order', () => {
    expect(Object.keys(SPEC_METRIC_CATALOG)).toEqual(rows.map((r) => r[0]));
    // Ours come after the spec's, never in between and never renaming one.
    expect(METRIC_KEYS.slice(0, rows.length)).toEqual(rows.map((r) => r[0]));
  });

  it.each(rows.map((r) => [r[0] as string, r] as const))('%s: type, unit and meaning', (key, row) => {
    const info = SPEC_METRIC_CATALOG[key as keyof typeof SPEC_METRIC_CATALOG];
    expect(info.type).toBe(row[1]);
    expect(info.unit).toBe(row[2] === '(no unit)' ? '' : row[2]);
    expect(info.meaning).toBe(row[3]);
  });
});

describe('schema ids', () => {
  it.each(SPEC_NAMED_SCHEMA_KEYS.map((k) => [k, SCHEMA_IDS[k]] as const))(
    '%s id %s appears in the spec',
    (_k, id) => {
      expect(spec).toContain(`\`${id}\``);
    },
  );

  it('are unique', () => {
    const ids = Object.values(SCHEMA_IDS);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

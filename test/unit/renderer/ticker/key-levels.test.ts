import { describe, expect, it } from 'vitest';
import type { LevelsData, MarketStructureData } from '../../../../src/shared/api/index.ts';
import {
  futuresColumn,
  kindLabel,
  levelsInForce,
  levelsRows,
  structureLadder,
} from '../../../../src/renderer/features/ticker/key-levels.ts';
import {
  SAMPLE_FUTURES_EQUIVALENT,
  SAMPLE_FUTURES_EQUIVALENT_BEFORE_TICK,
} from '../../../support/futures-equivalent-sample.ts';

// SPY-like numbers: the 1D move is 0.53 % by the service; the rounded ±1σ prices alone give 0.54 %.
const SPOT = 600;
function structure(keyLevels: Record<string, unknown> = {}): MarketStructureData {
  return {
    headline: 'h',
    signal: 's',
    bias: 'neutral',
    structure_regime: 'r',
    expected_behavior: 'e',
    tags: [],
    confidence: { notes: [] },
    drivers: { flip_context: null, gamma_tone: null, skew_tone: null, sentiment: 'neutral' },
    key_levels: {
      spot: SPOT,
      gamma_flip: 610.74,
      plus_1sigma_1d: 603.24,
      minus_1sigma_1d: 596.76,
      plus_1sigma_1w: 607.1,
      minus_1sigma_1w: 592.9,
      plus_1sigma_1m: null,
      minus_1sigma_1m: null,
      ...keyLevels,
    },
    supporting_factors: {
      call_regime: null,
      distance_to_flip_pct: 1.79,
      expected_move_pct_1d: 0.53,
      expected_move_pct_1w: 1.18,
      gamma_flip: 610.74,
      gamma_notional_per_1pct_move_usd: null,
      pcr_oi: null,
      pcr_volume: null,
      pct_gamma_expiring_nearest_expiry: null,
      put_call_25d_iv_premium_pct: null,
      speculative_interest_score: null,
      spot: SPOT,
    },
  } as MarketStructureData;
}
const levels: LevelsData = {
  ticker: 'SPY',
  asof: '2026-03-02T15:00:00Z',
  price: SPOT,
  levels: [
    { id: 'call_wall', label: 'Call wall', price: 620, kind: 'call_wall' },
    { id: 'gamma_flip', label: 'Gamma flip', price: 610.74, kind: 'gamma_flip' },
    { id: 'plus_1sigma_1d', label: '+1σ 1D', price: 603.24, kind: 'sigma_1d' },
    { id: 'spot', label: 'Spot', price: SPOT, kind: 'spot' },
    { id: 'minus_1sigma_1d', label: '−1σ 1D', price: 596.76, kind: 'sigma_1d' },
    { id: 'max_pain', label: 'Max pain', price: 595, kind: 'max_pain' },
    { id: 'put_wall', label: 'Put wall', price: 580, kind: 'put_wall' },
  ],
};

describe('structureLadder: the walls are key levels', () => {
  it.each([
    ['from the levels payload when the record has no wall keys', structure(), [620, 595, 580]],
    [
      'from the record when it carries them',
      structure({ call_wall: 630, put_wall: 575, max_pain: 600 }),
      [630, 600, 575],
    ],
    [
      'a null in the record means none (the levels are not consulted)',
      structure({ call_wall: null }),
      [595, 580],
    ],
  ])('%s', (_, data, prices) => {
    const walls = structureLadder(data, levels).filter((l) =>
      ['call_wall', 'put_wall', 'max_pain'].includes(l.id),
    );
    expect(walls.map((w) => w.price)).toEqual(prices);
  });

  it('lists every level price descending, walls with their kind in words', () => {
    const ladder = structureLadder(structure(), levels);
    expect(ladder.map((l) => l.id)).toEqual([
      'call_wall',
      'gamma_flip',
      'plus_1sigma_1w',
      'plus_1sigma_1d',
      'spot',
      'minus_1sigma_1d',
      'max_pain',
      'minus_1sigma_1w',
      'put_wall',
    ]);
    expect(ladder.find((l) => l.id === 'put_wall')?.kind).toBe('Put wall');
  });
});

describe('one expected move on both tabs (the service figure, not a percent of rounded prices)', () => {
  it.each([
    ['plus_1sigma_1d', 0.53],
    ['minus_1sigma_1d', -0.53],
  ])('%s', (id, pct) => {
    const ladder = structureLadder(structure(), levels).find((l) => l.id === id);
    const row = levelsRows(levels, structure()).find((l) => l.id === id);
    expect(ladder?.fromSpotPct).toBe(pct);
    expect(row?.fromSpotPct).toBe(pct);
  });

  it('other levels: (price − spot) / spot; spot itself has none', () => {
    const rows = levelsRows(levels, structure());
    expect(rows.find((l) => l.id === 'call_wall')?.fromSpotPct).toBeCloseTo((20 / 600) * 100, 10);
    expect(rows.find((l) => l.id === 'spot')?.fromSpotPct).toBeNull();
    expect(rows.find((l) => l.id === 'call_wall')?.kind).toBe('Call wall');
  });

  it('a remote level without an id is matched to its horizon by kind and side', () => {
    const remote: LevelsData = {
      ...levels,
      levels: [{ label: 'Up 1D', price: 603.24, kind: 'sigma_1d' }],
    };
    expect(levelsRows(remote, structure())[0]?.fromSpotPct).toBe(0.53);
  });
});

// The flip once read +0.72 % on the card and +0.73 % in Key levels, the first the service's figure,
// the second recomputed from rounded prices. One figure now, one rounding.
describe('one distance to the flip: the headline, the card, the ladder and the Levels table', () => {
  // (610.74 − 600) / 600 = 1.79 %; the service says 1.78 (from unrounded prices): its figure wins.
  const record = structure({ gamma_flip: 610.74 });
  record.supporting_factors.distance_to_flip_pct = 1.78;

  it.each([
    ['the service figure, signed by the prices', 1.78, 1.78],
    ['the older opposite sign convention', -1.78, 1.78],
  ])('%s', (_name, reported, want) => {
    record.supporting_factors.distance_to_flip_pct = reported;
    expect(structureLadder(record, levels).find((l) => l.id === 'gamma_flip')?.fromSpotPct).toBe(want);
    expect(levelsRows(levels, record).find((l) => l.id === 'gamma_flip')?.fromSpotPct).toBe(want);
  });

  it('a levels payload of another spot keeps its own arithmetic', () => {
    const moved = { ...levels, price: 605 };
    const row = levelsRows(moved, record).find((l) => l.id === 'gamma_flip');
    expect(row?.fromSpotPct).toBeCloseTo(((610.74 - 605) / 605) * 100, 10);
  });

  it('every level carries its definition for the tooltip', () => {
    const ladder = structureLadder(record, levels);
    expect(ladder.find((l) => l.id === 'call_wall')?.definition).toMatch(/largest call GEX at or above spot/);
    expect(ladder.find((l) => l.id === 'put_wall')?.definition).toMatch(/largest put GEX at or below spot/);
    expect(ladder.every((l) => l.definition.length > 0)).toBe(true);
  });
});

describe('the more levels in the Levels table', () => {
  it.each([
    ['abs_gamma', 'Absolute-gamma strike'],
    ['gex_positive', 'Positive GEX strike'],
    ['gex_negative', 'Negative GEX strike'],
    ['nearest_flip', 'Nearest-expiry flip'],
    ['zero_dte_flip', '0DTE flip'],
    ['zero_dte_call_wall', '0DTE call wall'],
    ['zero_dte_put_wall', '0DTE put wall'],
    ['some_remote_kind', 'Some remote kind'],
  ])('kind %s reads "%s"', (kind, label) => {
    expect(kindLabel(kind)).toBe(label);
  });

  it('rows keep the service label and id, carry their kind for the colour, and say what they are', () => {
    const data: LevelsData = {
      ticker: 'SPY',
      asof: '2026-03-02 10:00 ET',
      price: SPOT,
      levels: [
        { id: 'gex_negative_1', label: '−GEX #1', price: 590, kind: 'gex_negative' },
        { id: 'abs_gamma_strike', label: 'Abs gamma', price: 590, kind: 'abs_gamma' },
      ],
    };
    const rows = levelsRows(data, structure());
    expect(rows.map((r) => [r.id, r.label, r.kindKey, r.kind])).toEqual([
      ['gex_negative_1', '−GEX #1', 'gex_negative', 'Negative GEX strike'],
      ['abs_gamma_strike', 'Abs gamma', 'abs_gamma', 'Absolute-gamma strike'],
    ]);
    expect(rows[1]?.fromSpotPct).toBeCloseTo((-10 / 600) * 100, 10);
    expect(rows[1]?.definition).toMatch(/largest net GEX/);
  });
});

describe('futuresColumn: the Levels table’s ES column', () => {
  const base = {
    ticker: 'SPX',
    asof: '2026-11-18 11:00 ET',
    price: 6000,
    levels: [
      { id: 'call_wall', label: 'Call wall', price: 6100, kind: 'call_wall' },
      { id: 'spot', label: 'Spot', price: 6000, kind: 'spot' },
      { label: 'Remote level', price: 5900, kind: 'put_wall' },
    ],
  };
  const fe = SAMPLE_FUTURES_EQUIVALENT;

  it('one figure per row by id, the contract and basis in the caption', () => {
    expect(futuresColumn({ ...base, futures_equivalent: fe })).toEqual({
      heading: 'ES equivalent',
      quotedAs: 'SPX',
      prices: [6113.25, 6013.25, null],
      caption:
        "ES equivalent: ESZ6 (settles 2026-12-18; the next contract is the front from 2026-12-14), each level +13.21, the basis (fair value − spot; forwards 2026-12-11/2026-12-31 interpolated (ln F linear in time)), on ES's 0.25 tick.",
    });
  });

  it('a payload stored before the tick (cents) reads on the tick too', () => {
    const column = futuresColumn({ ...base, futures_equivalent: SAMPLE_FUTURES_EQUIVALENT_BEFORE_TICK });
    expect(column?.prices).toEqual([6113.25, 6013.25, null]);
    expect(column?.caption).toMatch(/, on ES's 0\.25 tick\.$/);
    const rty = { ...SAMPLE_FUTURES_EQUIVALENT_BEFORE_TICK, symbol: 'RTY', levels: { call_wall: 2345.67 } };
    expect(futuresColumn({ ...base, ticker: 'RUT', futures_equivalent: rty })?.prices).toEqual([
      2345.7,
      null,
      null,
    ]);
  });

  it('no figure and the reason; no column for a ticker without a future', () => {
    const none = {
      ...fe,
      basis: null,
      fair_value: null,
      basis_source: null,
      levels: {},
      reason: 'no expiration listed after',
    };
    expect(futuresColumn({ ...base, futures_equivalent: none })).toMatchObject({
      prices: [null, null, null],
      caption: 'No ES equivalent: no expiration listed after.',
    });
    expect(futuresColumn(base)).toBeNull();
  });

  it("reads an ETF's ES figures in index points, as SPX's: never in its own dollars", () => {
    expect(futuresColumn({ ...base, ticker: 'SPY', futures_equivalent: fe })?.quotedAs).toBe('SPX');
    expect(futuresColumn({ ...base, ticker: 'iwm', futures_equivalent: fe })?.quotedAs).toBe('RUT');
  });
});

describe("levelsInForce: a 0DTE level is its expiration's until it settles", () => {
  // Friday 2026-11-27 is an early close (13:00 ET, the day after Thanksgiving); Monday 2026-11-30 a
  // full session (16:00 ET). ET is UTC−5 in late November.
  const payload = (levels: LevelsData['levels']): LevelsData => ({
    ticker: 'SPY',
    asof: '2026-11-30 10:00:00 ET',
    price: 600,
    levels,
  });
  const wall = (kind: string, price: number, expiration?: string) => ({
    label: kind,
    price,
    kind,
    ...(expiration === undefined ? {} : { expiration }),
  });
  const monday = [
    wall('call_wall', 610),
    wall('zero_dte_call_wall', 605, '2026-11-30'),
    wall('zero_dte_flip', 598, '2026-11-30'),
    wall('put_wall', 590),
  ];
  it.each([
    ['Monday 15:59 ET: still in force', monday, '2026-11-30T15:00:00Z', '2026-11-30T20:59:00Z', 4, 0],
    ['Monday 16:00 ET: settled', monday, '2026-11-30T15:00:00Z', '2026-11-30T21:00:00Z', 2, 1],
    ['the weekend after: settled', monday, '2026-11-30T15:00:00Z', '2026-12-05T15:00:00Z', 2, 1],
    [
      'an early close settles at 13:00 ET',
      [wall('zero_dte_put_wall', 595, '2026-11-27')],
      '2026-11-27T16:00:00Z',
      '2026-11-27T18:00:00Z',
      0,
      1,
    ],
    [
      'before the early close',
      [wall('zero_dte_put_wall', 595, '2026-11-27')],
      '2026-11-27T16:00:00Z',
      '2026-11-27T17:59:00Z',
      1,
      0,
    ],
    [
      "a level stored before it named its expiration takes the snapshot's date",
      [wall('zero_dte_flip', 598)],
      '2026-11-30T15:00:00Z',
      '2026-12-01T15:00:00Z',
      0,
      1,
    ],
  ] as const)('%s', (_label, levels, snapshotAsof, now, kept, notes) => {
    const out = levelsInForce(payload([...levels]), snapshotAsof, Date.parse(now));
    expect(out.data.levels).toHaveLength(kept);
    expect(out.notes).toHaveLength(notes);
    for (const level of out.data.levels) expect(levels).toContainEqual(level);
  });

  it('says which expiration settled and when, and keeps the rest of the payload', () => {
    const data = payload(monday);
    const out = levelsInForce(data, '2026-11-30T15:00:00Z', Date.parse('2026-11-30T22:00:00Z'));
    expect(out.notes).toEqual([
      '0DTE flip and walls of the 2026-11-30 expiration left out: it settled at 16:00 ET on 2026-11-30.',
    ]);
    expect(out.data).toEqual({ ...data, levels: [monday[0], monday[3]] });
  });

  it('leaves the payload as it is without a snapshot time it can read', () => {
    const data = payload(monday);
    expect(levelsInForce(data, null, Date.parse('2026-12-05T15:00:00Z'))).toEqual({ data, notes: [] });
    expect(levelsInForce(data, 'garbled', Date.parse('2026-12-05T15:00:00Z')).data).toBe(data);
  });
});

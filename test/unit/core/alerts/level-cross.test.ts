import { describe, expect, it } from 'vitest';
import { evaluateCondition, sourceOf, type AlertSnapshot } from '../../../../src/core/alerts/conditions.ts';
import { levelCrossing, readLevel } from '../../../../src/core/alerts/level-cross.ts';
import { alertConditionSchema, CROSS_LEVELS, type CrossLevel } from '../../../../src/shared/alert-rules.ts';
import { at } from '../../../support/watcher-factory.ts';

const T0 = Date.UTC(2025, 2, 10, 15, 0);
const noMemory = { lastFiredAsof: () => null, sawValue: () => false };

/** A market-structure payload: spot and key levels. */
const structure = (spot: number, levels: Record<string, number>) => ({ key_levels: { spot, ...levels } });
/** A levels payload: price and levels[] by kind, as the service writes it. */
const levelsPayload = (price: number, levels: Record<string, number>) => ({
  ticker: 'SPY',
  asof: '2025-03-10 11:00',
  price,
  levels: [
    { label: 'Spot', price, kind: 'spot' },
    ...Object.entries(levels).map(([kind, p]) => ({ label: kind, price: p, kind })),
  ],
});
/** A levels payload whose further levels carry ids (engine/more-levels.ts), several of one kind. */
const moreLevelsPayload = (price: number) => ({
  ...levelsPayload(price, { call_wall: 610 }),
  levels: [
    { id: 'spot', label: 'Spot', price, kind: 'spot' },
    { id: 'abs_gamma_strike', label: 'Abs gamma', price: 605, kind: 'abs_gamma' },
    { id: 'gex_positive_1', label: '+GEX #1', price: 605, kind: 'gex_positive' },
    { id: 'gex_positive_2', label: '+GEX #2', price: 612, kind: 'gex_positive' },
    { id: 'gex_negative_2', label: '−GEX #2', price: 580, kind: 'gex_negative' },
    { id: 'gex_negative_1', label: '−GEX #1', price: 590, kind: 'gex_negative' },
    { id: 'nearest_expiry_flip', label: 'Nearest-expiry flip', price: 597.5, kind: 'nearest_flip' },
    { id: 'zero_dte_flip', label: '0DTE flip', price: 599.1, kind: 'zero_dte_flip' },
    { id: 'zero_dte_call_wall', label: '0DTE call wall', price: 603, kind: 'zero_dte_call_wall' },
    { id: 'zero_dte_put_wall', label: '0DTE put wall', price: 596, kind: 'zero_dte_put_wall' },
  ],
});

/** An index's levels payload with its futures equivalents: spot 590, basis +10 (so 600 on the future). */
const futuresPayload = (price: number) => ({
  ...levelsPayload(price, { call_wall: 610 }),
  futures_equivalent: {
    symbol: 'ES',
    contract: 'ESH5',
    settles: '2025-03-21',
    basis: 10,
    basis_source: 'forward 2025-03-21',
    levels: { gamma_flip: 605.5, call_wall: 620, put_wall: 590 },
  },
});

describe('each level kind is read from the snapshots that carry it', () => {
  it.each<[CrossLevel, 'market_structure' | 'levels', unknown, number | undefined, number]>([
    ['gamma_flip', 'market_structure', structure(600, { gamma_flip: 603.4 }), undefined, 603.4],
    ['plus_1sigma_1d', 'market_structure', structure(600, { plus_1sigma_1d: 606 }), undefined, 606],
    ['minus_1sigma_1d', 'market_structure', structure(600, { minus_1sigma_1d: 594 }), undefined, 594],
    ['plus_1sigma_1w', 'market_structure', structure(600, { plus_1sigma_1w: 614 }), undefined, 614],
    ['minus_1sigma_1w', 'market_structure', structure(600, { minus_1sigma_1w: 586 }), undefined, 586],
    ['call_wall', 'levels', levelsPayload(600, { call_wall: 610, put_wall: 590 }), undefined, 610],
    ['put_wall', 'levels', levelsPayload(600, { call_wall: 610, put_wall: 590 }), undefined, 590],
    ['max_pain', 'levels', levelsPayload(600, { max_pain: 598 }), undefined, 598],
    ['custom', 'market_structure', structure(600, {}), 604.5, 604.5],
    ['abs_gamma_strike', 'levels', moreLevelsPayload(600), undefined, 605],
    ['gex_positive_1', 'levels', moreLevelsPayload(600), undefined, 605],
    ['gex_negative_1', 'levels', moreLevelsPayload(600), undefined, 590],
    ['nearest_expiry_flip', 'levels', moreLevelsPayload(600), undefined, 597.5],
    ['zero_dte_flip', 'levels', moreLevelsPayload(600), undefined, 599.1],
    ['zero_dte_call_wall', 'levels', moreLevelsPayload(600), undefined, 603],
    ['zero_dte_put_wall', 'levels', moreLevelsPayload(600), undefined, 596],
    ['future.gamma_flip', 'levels', futuresPayload(590), undefined, 605.5],
    ['future.call_wall', 'levels', futuresPayload(590), undefined, 620],
    ['future.put_wall', 'levels', futuresPayload(590), undefined, 590],
  ])('%s from %s', (level, endpoint, payload, price, expected) => {
    const condition = alertConditionSchema.parse({ kind: 'level_cross', level, price });
    expect(sourceOf(condition).endpoint).toBe(endpoint);
    expect(readLevel(payload, { level, price })).toEqual({ spot: 600, level: expected });
  });

  it('every level the editor offers is covered above', () => {
    expect([...CROSS_LEVELS].sort()).toEqual(
      [
        'call_wall',
        'custom',
        'gamma_flip',
        'max_pain',
        'minus_1sigma_1d',
        'minus_1sigma_1w',
        'plus_1sigma_1d',
        'plus_1sigma_1w',
        'put_wall',
        'future.call_wall',
        'future.gamma_flip',
        'future.put_wall',
        'abs_gamma_strike',
        'gex_positive_1',
        'gex_negative_1',
        'nearest_expiry_flip',
        'zero_dte_flip',
        'zero_dte_call_wall',
        'zero_dte_put_wall',
      ].sort(),
    );
  });

  it('a snapshot stored before the further levels existed, or a day without 0DTE, raises nothing', () => {
    expect(readLevel(levelsPayload(600, { call_wall: 610 }), { level: 'zero_dte_flip' })).toBeNull();
    expect(readLevel(levelsPayload(600, { zero_dte_flip: 601 }), { level: 'zero_dte_flip' })).toBeNull();
  });

  it('a levels payload without the wall raises nothing', () => {
    expect(readLevel(levelsPayload(600, { max_pain: 598 }), { level: 'call_wall' })).toBeNull();
  });
});

describe('the wording says what moved', () => {
  it.each<[string, CrossLevel, [number, number], [number, number], string]>([
    [
      'spot fell below a still flip',
      'gamma_flip',
      [601.2, 600],
      [598.9, 600],
      'SPY spot fell below the gamma flip ($601.20 → $598.90)',
    ],
    [
      'spot rose above a still call wall',
      'call_wall',
      [609, 610],
      [611.5, 610],
      'SPY spot rose above the call wall ($609.00 → $611.50)',
    ],
    [
      'the flip moved above a still spot',
      'gamma_flip',
      [602, 600.1],
      [602, 603.4],
      'SPY gamma flip moved above spot ($600.10 → $603.40)',
    ],
    [
      'the put wall moved below spot',
      'put_wall',
      [589, 590],
      [589, 585],
      'SPY put wall moved below spot ($590.00 → $585.00)',
    ],
    [
      'max pain moved up past spot',
      'max_pain',
      [600, 598],
      [600.5, 602],
      'SPY max pain moved above spot ($598.00 → $602.00)',
    ],
    [
      'both crossed each other',
      'gamma_flip',
      [599, 600],
      [601, 598],
      'SPY spot and the gamma flip crossed: spot now above ($601.00 vs $598.00)',
    ],
    [
      'a custom price',
      'custom',
      [603.1, 604.5],
      [605.2, 604.5],
      'SPY spot rose above $604.50 ($603.10 → $605.20)',
    ],
  ])('%s', (_name, level, [spotA, levelA], [spotB, levelB], title) => {
    const price = level === 'custom' ? levelA : undefined;
    const payload = (spot: number, value: number) =>
      level === 'custom'
        ? structure(spot, {})
        : level === 'gamma_flip'
          ? structure(spot, { gamma_flip: value })
          : levelsPayload(spot, { [level]: value });
    const crossing = levelCrossing(
      'SPY',
      { level, price, direction: 'any' },
      payload(spotA, levelA),
      payload(spotB, levelB),
    );
    expect(crossing?.title).toBe(title);
    expect(crossing?.title).not.toMatch(/_/);
  });

  it('the message of a moved flip says spot stayed', () => {
    const crossing = levelCrossing(
      'SPY',
      { level: 'gamma_flip', direction: 'any' },
      structure(602, { gamma_flip: 600.1 }),
      structure(602, { gamma_flip: 603.4 }),
    );
    expect(crossing?.message).toBe(
      'Gamma flip moved from $600.10 to $603.40, above spot at $602.00 (spot was $602.00; spot −0.23% from it).',
    );
    expect(crossing?.details['moved']).toBe('level');
  });
});

describe('wall rules end to end through evaluateCondition', () => {
  const snap = (spot: number, callWall: number, minutes: number): AlertSnapshot => ({
    endpoint: 'levels',
    ticker: 'SPY',
    params: {},
    asof: T0 + minutes * 60_000,
    payload: levelsPayload(spot, { call_wall: callWall }),
  });

  it.each<['up' | 'down' | 'any', number, number, string[]]>([
    ['up', 609, 611, ['below→above']],
    ['up', 611, 609, []],
    ['down', 611, 609, ['above→below']],
    ['any', 609, 609.5, []],
  ])('direction %s, spot %d → %d', (direction, a, b, expected) => {
    const condition = alertConditionSchema.parse({ kind: 'level_cross', level: 'call_wall', direction });
    const out = evaluateCondition(condition, snap(a, 610, 0), snap(b, 610, 5), noMemory);
    expect(out.map((f) => `${f.from}→${f.to}`)).toEqual(expected);
  });

  it('a call-wall rule ignores market-structure snapshots', () => {
    const condition = alertConditionSchema.parse({ kind: 'level_cross', level: 'call_wall' });
    const ms = (spot: number): AlertSnapshot => ({
      endpoint: 'market_structure',
      ticker: 'SPY',
      params: {},
      asof: T0,
      payload: structure(spot, { call_wall: 610 }),
    });
    expect(evaluateCondition(condition, ms(609), { ...ms(611), asof: T0 + 1 }, noMemory)).toEqual([]);
  });
});

describe('0DTE level rules compare snapshots of one expiration only', () => {
  // Friday 2026-11-27 (an early close) and the Monday after: each day's 0DTE flip is its own
  // expiration's. Friday's last snapshot has spot below Friday's flip, Monday's first above Monday's.
  const zeroSnap = (
    date: string,
    hhmm: string,
    spot: number,
    flip: number,
    expiration: string | undefined = date,
  ): AlertSnapshot => ({
    endpoint: 'levels',
    ticker: 'SPY',
    params: {},
    asof: at(date, hhmm),
    payload: {
      ...levelsPayload(spot, {}),
      levels: [
        { id: 'spot', label: 'Spot', price: spot, kind: 'spot' },
        {
          id: 'zero_dte_flip',
          label: '0DTE flip',
          price: flip,
          kind: 'zero_dte_flip',
          ...(expiration === undefined ? {} : { expiration }),
        },
      ],
    },
  });
  const rule = (buffer?: { pct: number; snapshots: number }) =>
    alertConditionSchema.parse({
      kind: 'level_cross',
      level: 'zero_dte_flip',
      ...(buffer ? { buffer } : {}),
    });
  const fired = (out: { from: string | null; to: string | null }[]) => out.map((f) => `${f.from}→${f.to}`);

  const friday = zeroSnap('2026-11-27', '12:55', 660, 662);
  const monday1 = zeroSnap('2026-11-30', '09:35', 660, 655);
  const monday2 = zeroSnap('2026-11-30', '09:40', 654, 655);

  it.each([
    {
      name: 'the first Monday snapshot against Friday’s: a baseline, not a crossing',
      prev: friday,
      curr: monday1,
      expected: [],
    },
    { name: 'a cross of Monday’s own flip fires', prev: monday1, curr: monday2, expected: ['above→below'] },
    {
      name: 'stored before levels named their expiration: each snapshot’s own date tells them apart',
      prev: zeroSnap('2026-11-27', '12:55', 660, 662, undefined),
      curr: zeroSnap('2026-11-30', '09:35', 660, 655, undefined),
      expected: [],
    },
    {
      name: 'the same expiration on two days (a level named by its expiration) still compares',
      prev: zeroSnap('2026-11-27', '12:55', 660, 662, '2026-11-30'),
      curr: zeroSnap('2026-11-30', '09:35', 664, 662),
      expected: ['below→above'],
    },
  ])('$name', ({ prev, curr, expected }) => {
    expect(fired(evaluateCondition(rule(), prev, curr, noMemory))).toEqual(expected);
  });

  it('a buffered rule starts Monday’s run afresh: Friday’s side is not the confirmed one', () => {
    const buffer = { pct: 0.25, snapshots: 2 };
    const series = [
      zeroSnap('2026-11-27', '12:50', 650, 662),
      zeroSnap('2026-11-27', '12:55', 650, 662),
      zeroSnap('2026-11-30', '09:35', 660, 655),
      zeroSnap('2026-11-30', '09:40', 660, 655),
      zeroSnap('2026-11-30', '09:45', 650, 655),
      zeroSnap('2026-11-30', '09:50', 650, 655),
    ];
    const firings = series.slice(1).map((curr, i) => {
      const memory = { ...noMemory, history: () => series.slice(0, i) };
      return fired(evaluateCondition(rule(buffer), series[i] as AlertSnapshot, curr, memory));
    });
    // Monday's first two above its flip confirm nothing (Friday's "below" was another level);
    // two below Monday's flip are the crossing.
    expect(firings).toEqual([[], [], [], [], ['above→below']]);
  });
});

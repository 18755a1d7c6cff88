import { describe, expect, it } from 'vitest';
import type { Marker } from '../../../../src/renderer/features/charts/frame/chart-spec.ts';
import {
  chartLevels,
  hasMoreLevels,
  hasWalls,
  layoutLabelRows,
  layoutMarkers,
  markersFromLevels,
  markersInRange,
  mergeCoincident,
  stackLabels,
  withoutMoreLevels,
} from '../../../../src/renderer/features/charts/frame/markers.ts';

const LEVELS = {
  spot: 100,
  gamma_flip: 97.5,
  plus_1sigma_1d: 101.2,
  minus_1sigma_1d: 98.8,
  plus_1sigma_1w: 102.7,
  minus_1sigma_1w: 97.3,
  plus_1sigma_1m: 106,
  minus_1sigma_1m: 94,
};

describe('markersFromLevels', () => {
  it('marks spot, flip and ±1σ for 1 day and 1 week (not 1 month), in a fixed order', () => {
    const markers = markersFromLevels(LEVELS);
    expect(markers.map((m) => [m.kind, m.value])).toEqual([
      ['sigma_1w', 97.3],
      ['sigma_1d', 98.8],
      ['flip', 97.5],
      ['spot', 100],
      ['sigma_1d', 101.2],
      ['sigma_1w', 102.7],
    ]);
    expect(markers.map((m) => m.label)).toEqual([
      '−1σ 1W',
      '−1σ 1D',
      'Gamma flip',
      'Spot',
      '+1σ 1D',
      '+1σ 1W',
    ]);
  });

  it.each([
    { name: 'no flip (no sign change)', levels: { ...LEVELS, gamma_flip: null }, missing: 'gamma_flip' },
    { name: 'no ATM IV (no sigma)', levels: { spot: 100, gamma_flip: 99 }, missing: 'plus_1sigma_1d' },
    { name: 'a non-positive level', levels: { ...LEVELS, minus_1sigma_1w: -3 }, missing: 'minus_1sigma_1w' },
    {
      name: 'a non-finite level',
      levels: { ...LEVELS, plus_1sigma_1w: Number.NaN },
      missing: 'plus_1sigma_1w',
    },
  ])('leaves out what is unknown: $name', ({ levels, missing }) => {
    expect(markersFromLevels(levels).map((m) => m.key)).not.toContain(missing);
  });

  it("lets a curve's own spot (and a flip from its totals) override the record's", () => {
    const markers = markersFromLevels({ ...LEVELS, gamma_flip: null }, { spot: 100.4, gamma_flip: 96 });
    expect(markers.find((m) => m.kind === 'spot')?.value).toBe(100.4);
    expect(markers.find((m) => m.kind === 'flip')?.value).toBe(96);
  });

  it('works from overrides alone (no market-structure record yet)', () => {
    expect(markersFromLevels(null, { spot: 50 })).toEqual([
      { key: 'spot', kind: 'spot', value: 50, label: 'Spot' },
    ]);
  });
});

describe('walls and max pain', () => {
  const KEY_LEVELS = { spot: 100, gamma_flip: 97.5, plus_1sigma_1d: 101.2, minus_1sigma_1d: 98.8 };
  const LIST = [
    { kind: 'call_wall', price: 105, label: 'Call wall' },
    { kind: 'put_wall', price: 95, label: 'Put wall' },
    { kind: 'max_pain', price: 100, label: 'Max pain' },
    { kind: 'gamma_flip', price: 96, label: 'Gamma flip' },
  ];

  it.each([
    ['from the levels payload', KEY_LEVELS, LIST, { call_wall: 105, put_wall: 95, max_pain: 100 }],
    [
      'from the record once it carries them (it wins over the payload)',
      { ...KEY_LEVELS, call_wall: 106, put_wall: 94, max_pain: 99 },
      LIST,
      { call_wall: 106, put_wall: 94, max_pain: 99 },
    ],
    ['none known', KEY_LEVELS, [], {}],
  ])('walls %s', (_name, keyLevels, list, walls) => {
    const levels = chartLevels(keyLevels, list);
    expect({ call_wall: levels.call_wall, put_wall: levels.put_wall, max_pain: levels.max_pain }).toEqual({
      call_wall: undefined,
      put_wall: undefined,
      max_pain: undefined,
      ...walls,
    });
    expect(hasWalls(levels)).toBe(Object.keys(walls).length > 0);
    // The record's flip wins over the payload's.
    expect(levels.gamma_flip).toBe(97.5);
  });

  it('marks call wall, put wall and max pain with their own kinds and labels', () => {
    const markers = markersFromLevels(chartLevels(KEY_LEVELS, LIST));
    expect(markers.filter((m) => m.key.endsWith('wall') || m.key === 'max_pain')).toEqual([
      { key: 'put_wall', kind: 'put_wall', value: 95, label: 'Put wall' },
      { key: 'max_pain', kind: 'max_pain', value: 100, label: 'Max pain' },
      { key: 'call_wall', kind: 'call_wall', value: 105, label: 'Call wall' },
    ]);
  });

  it.each([
    [
      'spot on max pain: one line, spot style, both named',
      [
        { key: 'max_pain', kind: 'max_pain' as const, value: 100, label: 'Max pain' },
        { key: 'spot', kind: 'spot' as const, value: 100, label: 'Spot' },
      ],
      [{ key: 'spot+max_pain', kind: 'spot', value: 100, label: 'Spot · Max pain' }],
    ],
    [
      'call wall = put wall: one label',
      [
        { key: 'put_wall', kind: 'put_wall' as const, value: 610, label: 'Put wall' },
        { key: 'call_wall', kind: 'call_wall' as const, value: 610, label: 'Call wall' },
      ],
      [{ key: 'call_wall+put_wall', kind: 'call_wall', value: 610, label: 'Call wall · Put wall' }],
    ],
    [
      'different prices stay apart',
      [
        { key: 'put_wall', kind: 'put_wall' as const, value: 609, label: 'Put wall' },
        { key: 'call_wall', kind: 'call_wall' as const, value: 610, label: 'Call wall' },
      ],
      [
        { key: 'put_wall', kind: 'put_wall', value: 609, label: 'Put wall' },
        { key: 'call_wall', kind: 'call_wall', value: 610, label: 'Call wall' },
      ],
    ],
  ])('mergeCoincident: %s', (_name, markers, merged) => {
    expect(mergeCoincident(markers)).toEqual(merged);
  });

  it('nine levels in a ±15 % window: every label gets a row of three, none overlap', () => {
    const markers = mergeCoincident(markersFromLevels(chartLevels({ ...LEVELS, spot: 100 }, LIST)));
    // 1 unit = 40 px over 85..115: a realistic 1,200 px plot; labels about 60 px wide.
    const toX = (v: number) => (v - 85) * 40;
    const placed = layoutMarkers(markers, toX, {
      left: 0,
      right: 1200,
      labelWidth: () => 60,
      rows: 3,
      gap: 3,
    });
    expect(placed.every((p) => p.row !== null)).toBe(true);
    for (const a of placed)
      for (const b of placed)
        if (a !== b && a.row === b.row)
          expect(
            a.labelX + 60 <= b.labelX || b.labelX + 60 <= a.labelX,
            `${a.marker.key} / ${b.marker.key}`,
          ).toBe(true);
  });
});

describe('markersInRange', () => {
  it('keeps the markers inside the shown strikes, bounds included', () => {
    const markers = markersFromLevels(LEVELS);
    expect(markersInRange(markers, { min: 98.8, max: 101.2 }).map((m) => m.value)).toEqual([
      98.8, 100, 101.2,
    ]);
    expect(markersInRange(markers, null)).toEqual([]);
  });
});

const mk = (key: string, value: number): Marker => ({ key, kind: 'spot', value, label: key });

describe('layoutMarkers', () => {
  // 1 unit of value = 10 px, plot from 0 to 1000 px; every label 40 px wide.
  const toX = (v: number) => v * 10;
  const options = { left: 0, right: 1000, labelWidth: () => 40, rows: 2, gap: 4 };

  it('centres labels on their lines and leaves lines outside the plot out', () => {
    const placed = layoutMarkers([mk('a', 50), mk('b', 150)], toX, options);
    expect(placed).toEqual([{ marker: mk('a', 50), x: 500, labelX: 480, row: 0 }]);
  });

  it('slides a crowded label right while it still spans its line, else moves it up a row', () => {
    const placed = layoutMarkers([mk('a', 50), mk('b', 53), mk('c', 54)], toX, options);
    // a: 480..520 on row 0; b (x 530) slides to 524..564; c (x 540) cannot span its line on row 0 → row 1.
    expect(placed.map((p) => [p.marker.key, p.labelX, p.row])).toEqual([
      ['a', 480, 0],
      ['b', 524, 0],
      ['c', 520, 1],
    ]);
  });

  it('keeps the line but drops the label when every row is taken', () => {
    const placed = layoutMarkers([mk('a', 50), mk('b', 51), mk('c', 52)], toX, options);
    expect(placed.map((p) => p.row)).toEqual([0, 1, null]);
    expect(placed[2]?.x).toBe(520);
  });

  it('keeps labels inside the plot at both edges', () => {
    const placed = layoutMarkers([mk('left', 0.5), mk('right', 99.5)], toX, options);
    expect(placed.map((p) => p.labelX)).toEqual([0, 960]);
    for (const p of placed) expect(p.labelX <= p.x && p.x <= p.labelX + 40).toBe(true);
  });

  it('does not depend on the order markers come in', () => {
    const markers = [mk('a', 50), mk('b', 53), mk('c', 54), mk('d', 20)];
    const forward = layoutMarkers(markers, toX, options);
    const backward = layoutMarkers([...markers].reverse(), toX, options);
    expect(backward).toEqual(forward);
  });

  it('never lets two labels of one row overlap', () => {
    const markers = Array.from({ length: 30 }, (_, i) => mk(`m${i}`, 10 + ((i * 37) % 80)));
    const placed = layoutMarkers(markers, toX, { ...options, rows: 3 });
    for (let row = 0; row < 3; row++) {
      const boxes = placed.filter((p) => p.row === row).sort((a, b) => a.labelX - b.labelX);
      for (let k = 1; k < boxes.length; k++)
        expect(boxes[k]!.labelX).toBeGreaterThanOrEqual(boxes[k - 1]!.labelX + 40 + 4);
    }
  });
});

// The Flip label used to sit hidden under the Call wall label. Boxes on a 0-1000 plot, 3 rows,
// gap 4; given in priority order (spot, flip, walls, ±1σ).
describe('layoutLabelRows: labels never overlap, the first ones always get a row', () => {
  const opts = { left: 0, right: 1000, rows: 3, gap: 4 };
  it.each<[string, { x: number; width: number }[], [number, number | null][]]>([
    [
      'apart: centred, all on row 0',
      [
        { x: 200, width: 40 },
        { x: 600, width: 60 },
      ],
      [
        [180, 0],
        [570, 0],
      ],
    ],
    [
      'flip right beside the call wall: the flip slides off it on the same row',
      [
        { x: 500, width: 40 },
        { x: 530, width: 40 },
      ],
      [
        [480, 0],
        [524, 0],
      ],
    ],
    [
      'flip on the call wall line: one row up, never under it',
      [
        { x: 500, width: 60 },
        { x: 501, width: 60 },
      ],
      [
        [470, 0],
        [471, 1],
      ],
    ],
    [
      'a label slides left when the right is taken',
      [
        { x: 520, width: 40 },
        { x: 495, width: 40 },
      ],
      [
        [500, 0],
        [456, 0],
      ],
    ],
    ['at the right edge: kept inside the plot', [{ x: 995, width: 60 }], [[940, 0]]],
    ['at the left edge: kept inside the plot', [{ x: 3, width: 60 }], [[0, 0]]],
    [
      'more labels than rows around one line: the last one goes without',
      [
        { x: 500, width: 60 },
        { x: 500, width: 60 },
        { x: 500, width: 60 },
        { x: 500, width: 60 },
      ],
      [
        [470, 0],
        [470, 1],
        [470, 2],
        [470, null],
      ],
    ],
  ])('%s', (_name, boxes, want) => {
    const slots = layoutLabelRows(boxes, opts);
    expect(slots.map((s) => [s.labelX, s.row])).toEqual(want);
    slots.forEach((a, i) => {
      const box = boxes[i]!;
      if (a.row === null) return;
      // Spans its own line, inside the plot.
      expect(a.labelX <= box.x && box.x <= a.labelX + box.width).toBe(true);
      expect(a.labelX >= 0 && a.labelX + box.width <= 1000).toBe(true);
      slots.forEach((b, j) => {
        if (j <= i || b.row !== a.row) return;
        const other = boxes[j]!;
        expect(a.labelX + box.width + 4 <= b.labelX || b.labelX + other.width + 4 <= a.labelX).toBe(true);
      });
    });
  });

  it('spot, flip and the walls get rows before the ±1σ labels in a crowd', () => {
    const markers: Marker[] = [
      { key: 'minus_1sigma_1d', kind: 'sigma_1d', value: 99.2, label: '−1σ 1D' },
      { key: 'plus_1sigma_1d', kind: 'sigma_1d', value: 100.8, label: '+1σ 1D' },
      { key: 'minus_1sigma_1w', kind: 'sigma_1w', value: 98.8, label: '−1σ 1W' },
      { key: 'plus_1sigma_1w', kind: 'sigma_1w', value: 101.2, label: '+1σ 1W' },
      { key: 'call_wall', kind: 'call_wall', value: 100.6, label: 'Call wall' },
      { key: 'gamma_flip', kind: 'flip', value: 100.5, label: 'Gamma flip' },
      { key: 'spot', kind: 'spot', value: 100, label: 'Spot' },
    ];
    // 1 unit = 100 px around 100: every label is 70 px, so they crowd.
    const placed = layoutMarkers(markers, (v) => 500 + (v - 100) * 100, {
      left: 0,
      right: 1000,
      labelWidth: () => 70,
      rows: 2,
      gap: 3,
    });
    const row = (key: string) => placed.find((p) => p.marker.key === key)?.row;
    expect([row('spot'), row('gamma_flip'), row('call_wall')].every((r) => r !== null)).toBe(true);
    expect(placed.filter((p) => p.row === null).every((p) => p.marker.kind.startsWith('sigma'))).toBe(true);
  });
});

describe('stackLabels (horizontal levels on the series chart)', () => {
  // Labels 10 high, 2 apart, on an edge from 0 to 100.
  it.each<[string, number[], (number | null)[]]>([
    ['apart: centred on their lines', [20, 60], [15, 55]],
    ['close: the second pushed down', [20, 22], [15, 27]],
    ['close at the bottom: pushed up, none dropped', [92, 95, 99], [66, 78, 90]],
    ['near the top: clamped inside', [1], [0]],
    [
      'too many for the edge: the first ones left out',
      Array.from({ length: 10 }, () => 50),
      [null, null, 6, 18, 30, 42, 54, 66, 78, 90],
    ],
  ])('%s', (_name, ys, tops) => {
    const out = stackLabels(ys, 10, 2, 0, 100);
    expect(out).toEqual(tops);
    const kept = out.filter((t): t is number => t !== null);
    for (let i = 1; i < kept.length; i++) expect(kept[i]! - kept[i - 1]!).toBeGreaterThanOrEqual(12);
    for (const t of kept) expect(t >= 0 && t + 10 <= 100).toBe(true);
  });
});

describe('the more levels', () => {
  const payload = [
    { id: 'spot', kind: 'spot', price: 100 },
    { id: 'abs_gamma_strike', kind: 'abs_gamma', price: 95 },
    { id: 'gex_positive_1', kind: 'gex_positive', price: 105 },
    { id: 'gex_positive_2', kind: 'gex_positive', price: 110 },
    { id: 'gex_negative_1', kind: 'gex_negative', price: 90 },
    { id: 'nearest_expiry_flip', kind: 'nearest_flip', price: 99 },
    { id: 'zero_dte_flip', kind: 'zero_dte_flip', price: 100.5 },
    { id: 'zero_dte_call_wall', kind: 'zero_dte_call_wall', price: 102 },
    { id: 'zero_dte_put_wall', kind: 'zero_dte_put_wall', price: 98 },
    // A remote level of a known kind without an id is not one of ours.
    { kind: 'gex_positive', price: 120 },
  ];

  it('are read from the levels payload by id, each its own marker with the service label', () => {
    const levels = chartLevels({ spot: 100, gamma_flip: 97 }, payload);
    expect(levels).toMatchObject({
      abs_gamma_strike: 95,
      gex_positive_1: 105,
      gex_positive_2: 110,
      gex_negative_1: 90,
      nearest_expiry_flip: 99,
      zero_dte_flip: 100.5,
      zero_dte_call_wall: 102,
      zero_dte_put_wall: 98,
    });
    const markers = markersFromLevels(levels);
    expect(markers.filter((m) => m.kind === 'gex_positive').map((m) => [m.label, m.value])).toEqual([
      ['+GEX #1', 105],
      ['+GEX #2', 110],
    ]);
    expect(markers.find((m) => m.key === 'abs_gamma_strike')?.label).toBe('Abs gamma');
    expect(markers.find((m) => m.key === 'zero_dte_put_wall')?.kind).toBe('zero_dte_put_wall');
    expect(markers.some((m) => m.value === 120)).toBe(false);
  });

  it.each([
    { name: 'withoutMoreLevels keeps spot, flip, walls and ±1σ only', more: false, count: 2 },
    { name: 'with them', more: true, count: 10 },
  ])('$name', ({ more, count }) => {
    const levels = chartLevels({ spot: 100, gamma_flip: 97 }, payload);
    const shown = more ? levels : withoutMoreLevels(levels);
    expect(markersFromLevels(shown)).toHaveLength(count);
    expect(hasMoreLevels(shown)).toBe(more);
  });

  it('claim label rows after the flip, the walls and ±1σ: crowded, theirs go without a label first', () => {
    const toX = (v: number) => v * 10;
    const markers: Marker[] = [
      { key: 'abs_gamma_strike', kind: 'abs_gamma', value: 50, label: 'Abs gamma' },
      { key: 'gex_positive_1', kind: 'gex_positive', value: 50.5, label: '+GEX #1' },
      { key: 'gamma_flip', kind: 'flip', value: 51, label: 'Gamma flip' },
      { key: 'call_wall', kind: 'call_wall', value: 51.5, label: 'Call wall' },
    ];
    const placed = layoutMarkers(markers, toX, {
      left: 0,
      right: 1000,
      labelWidth: () => 40,
      rows: 2,
      gap: 4,
    });
    const row = (key: string) => placed.find((p) => p.marker.key === key)?.row;
    expect(row('gamma_flip')).toBe(0);
    expect(row('call_wall')).not.toBeNull();
    expect([row('abs_gamma_strike'), row('gex_positive_1')]).toContain(null);
  });
});

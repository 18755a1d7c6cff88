import { describe, expect, it } from 'vitest';
import type { Marker } from '../../../../src/renderer/features/charts/chart-spec.ts';
import {
  layoutMarkers,
  markersFromLevels,
  markersInRange,
} from '../../../../src/renderer/features/charts/markers.ts';

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
    expect(markers.map((m) => m.label)).toEqual(['−1σ 1W', '−1σ 1D', 'Flip', 'Spot', '+1σ 1D', '+1σ 1W']);
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

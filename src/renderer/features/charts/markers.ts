// The vertical marker lines of the curve charts (spot, gamma flip, ±1σ for 1 day and 1 week) and
// where their labels go, so that close levels stay readable instead of printing over each other.
import type { Marker, MarkerKind, XRange } from './chart-spec.ts';

/** The key levels a chart marks; the market-structure record's `key_levels` fits this shape. */
export interface MarkerLevels {
  spot?: number | null;
  gamma_flip?: number | null;
  plus_1sigma_1d?: number | null;
  minus_1sigma_1d?: number | null;
  plus_1sigma_1w?: number | null;
  minus_1sigma_1w?: number | null;
}

const LEVELS: { key: keyof MarkerLevels; kind: MarkerKind; name: string }[] = [
  { key: 'minus_1sigma_1w', kind: 'sigma_1w', name: '−1σ 1W' },
  { key: 'minus_1sigma_1d', kind: 'sigma_1d', name: '−1σ 1D' },
  { key: 'gamma_flip', kind: 'flip', name: 'Flip' },
  { key: 'spot', kind: 'spot', name: 'Spot' },
  { key: 'plus_1sigma_1d', kind: 'sigma_1d', name: '+1σ 1D' },
  { key: 'plus_1sigma_1w', kind: 'sigma_1w', name: '+1σ 1W' },
];

const usable = (v: number | null | undefined): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v > 0;

/**
 * Markers for the levels that are known. `overrides` wins over `levels` key by key: a curve's own
 * spot (its snapshot's price) is the spot to mark on that curve.
 */
export function markersFromLevels(levels: MarkerLevels | null, overrides: MarkerLevels = {}): Marker[] {
  const merged: MarkerLevels = { ...(levels ?? {}) };
  for (const [key, value] of Object.entries(overrides) as [keyof MarkerLevels, number | null | undefined][]) {
    if (value !== undefined) merged[key] = value;
  }
  return LEVELS.flatMap(({ key, kind, name }) => {
    const value = merged[key];
    if (!usable(value)) return [];
    return [{ key, kind, value, label: name }];
  });
}

/** Markers whose value lies inside `range`. */
export function markersInRange(markers: readonly Marker[], range: XRange | null): Marker[] {
  if (!range) return [];
  return markers.filter((m) => m.value >= range.min && m.value <= range.max);
}

export interface PlacedMarker {
  marker: Marker;
  /** Where the line is drawn. */
  x: number;
  /** The label's left edge, kept inside the plot. */
  labelX: number;
  /** Label row from the top (0 first); null when there is no room for the label. */
  row: number | null;
}

export interface MarkerLayoutOptions {
  /** The plot's horizontal extent, in the same units as `toX`. */
  left: number;
  right: number;
  /** Width of a label's box. */
  labelWidth: (marker: Marker) => number;
  /** Rows available for labels. */
  rows?: number;
  /** Space kept between two labels in one row. */
  gap?: number;
}

/**
 * Lines for the markers inside the plot, and label positions: each label is centred on its line
 * and kept inside the plot; on the first row where that overlaps the label before it, the label
 * may slide right as long as it still spans its own line, else it tries the next row. Markers are
 * placed in value order, so the result does not depend on the order they came in.
 */
export function layoutMarkers(
  markers: readonly Marker[],
  toX: (value: number) => number,
  options: MarkerLayoutOptions,
): PlacedMarker[] {
  const rows = options.rows ?? 3;
  const gap = options.gap ?? 4;
  const rowEnds: number[] = Array.from({ length: rows }, () => -Infinity);
  const sorted = [...markers].sort((a, b) => a.value - b.value || a.key.localeCompare(b.key));
  const placed: PlacedMarker[] = [];
  for (const marker of sorted) {
    const x = toX(marker.value);
    if (!Number.isFinite(x) || x < options.left || x > options.right) continue;
    const width = options.labelWidth(marker);
    const centred = Math.min(
      Math.max(x - width / 2, options.left),
      Math.max(options.left, options.right - width),
    );
    let row: number | null = null;
    let labelX = centred;
    for (let r = 0; r < rows && row === null; r++) {
      const candidate = Math.max(centred, (rowEnds[r] as number) + gap);
      const spansLine = candidate <= x && x <= candidate + width;
      if (spansLine && candidate + width <= options.right) {
        row = r;
        labelX = candidate;
        rowEnds[r] = candidate + width;
      }
    }
    placed.push({ marker, x, labelX, row });
  }
  return placed;
}

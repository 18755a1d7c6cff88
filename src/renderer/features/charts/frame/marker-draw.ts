// Draws the marker lines and their labels on a uPlot canvas (from its `draw` hook): lines across
// the plot, labels in the band kept free above it. Canvas pixels throughout.
import type uPlot from 'uplot';
import { MARKER_ROW_HEIGHT } from './chart-options.ts';
import type { Marker, MarkerKind } from './chart-spec.ts';
import type { ChartPalette } from './chart-theme.ts';
import { layoutMarkers, mergeCoincident, stackLabels } from './markers.ts';
import { textWidth } from './text-width.ts';

export interface MarkerStyle {
  color: string;
  dash: number[];
  width: number;
}

/**
 * Solid for spot and flip; long dashes for the walls (green calls, red puts, as everywhere in the
 * app) and max pain; finer dashes for the expected moves. The more levels keep the TradingView
 * export's colours and strokes (shared/api/levels-render.ts): abs gamma yellow and solid, ±GEX
 * strikes lime and maroon dotted, the nearest-expiry flip orange dotted, the 0DTE flip fuchsia
 * solid, its call wall teal and put wall fuchsia dashed; thinner than the main levels, which stay
 * the ones the eye finds first. Colour tokens of app.css and the charts.
 */
export const MARKER_STYLES: Record<MarkerKind, { color: string; dash: number[]; width: number }> = {
  spot: { color: '--text', dash: [], width: 1.5 },
  flip: { color: '--warn', dash: [], width: 1.5 },
  call_wall: { color: '--pos', dash: [8, 3], width: 1.5 },
  put_wall: { color: '--neg', dash: [8, 3], width: 1.5 },
  max_pain: { color: '--chart-3', dash: [8, 3], width: 1.25 },
  sigma_1d: { color: '--accent', dash: [5, 3], width: 1 },
  sigma_1w: { color: '--muted', dash: [2, 3], width: 1 },
  abs_gamma: { color: '--level-abs-gamma', dash: [], width: 1.25 },
  gex_positive: { color: '--level-gex-pos', dash: [2, 3], width: 1.25 },
  gex_negative: { color: '--level-gex-neg', dash: [2, 3], width: 1.25 },
  nearest_flip: { color: '--level-nearest-flip', dash: [2, 3], width: 1.25 },
  zero_dte_flip: { color: '--level-0dte', dash: [], width: 1.25 },
  zero_dte_call_wall: { color: '--level-0dte-call', dash: [6, 3], width: 1.25 },
  zero_dte_put_wall: { color: '--level-0dte', dash: [6, 3], width: 1.25 },
  asof: { color: '--accent', dash: [], width: 1 },
  atm_iv: { color: '--chart-3', dash: [4, 2], width: 1.25 },
};

/** A label as drawn, in CSS pixels from the canvas's top left: what tests check for overlaps. */
export interface DrawnLabel {
  label: string;
  kind: MarkerKind;
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Draws the marker lines and labels; returns the labels drawn (those that had a row). */
export function drawMarkers(
  u: uPlot,
  markers: readonly Marker[],
  palette: ChartPalette,
  fontFamily: string,
  rows: number,
): DrawnLabel[] {
  if (markers.length === 0) return [];
  const ratio = window.devicePixelRatio || 1;
  const { ctx, bbox } = u;
  const font = `${Math.round(10 * ratio)}px ${fontFamily}`;
  ctx.save();
  ctx.font = font;
  const padX = 4 * ratio;
  const placed = layoutMarkers(mergeCoincident(markers), (v) => u.valToPos(v, 'x', true), {
    left: bbox.left,
    right: bbox.left + bbox.width,
    labelWidth: (m) => textWidth(ctx, font, m.label) + padX * 2,
    rows,
    gap: 3 * ratio,
  });
  const rowHeight = MARKER_ROW_HEIGHT * ratio;
  // Every line first, then every label: a line reaching up to a label on a higher row must not
  // strike through a label of a lower row (spot between the ±1σ 1D labels did).
  for (const { marker, x, row } of placed) {
    const style = MARKER_STYLES[marker.kind];
    ctx.strokeStyle = palette.color(style.color);
    ctx.lineWidth = style.width * ratio;
    ctx.setLineDash(style.dash.map((d) => d * ratio));
    const px = Math.round(x) + 0.5;
    const top = row === null ? bbox.top : bbox.top - (row + 1) * rowHeight + rowHeight - 2 * ratio;
    ctx.beginPath();
    ctx.moveTo(px, top);
    ctx.lineTo(px, bbox.top + bbox.height);
    ctx.stroke();
  }
  const drawn: DrawnLabel[] = [];
  for (const { marker, labelX, row } of placed) {
    if (row === null) continue;
    const color = palette.color(MARKER_STYLES[marker.kind].color);
    ctx.strokeStyle = color;
    const boxTop = bbox.top - (row + 1) * rowHeight - 2 * ratio;
    const width = textWidth(ctx, font, marker.label) + padX * 2;
    ctx.setLineDash([]);
    ctx.fillStyle = palette.surface;
    ctx.fillRect(labelX, boxTop, width, rowHeight - 2 * ratio);
    ctx.lineWidth = ratio;
    ctx.strokeRect(labelX + 0.5, boxTop + 0.5, width - 1, rowHeight - 2 * ratio - 1);
    ctx.fillStyle = color;
    // uPlot leaves its axis text alignment on the context.
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    ctx.fillText(marker.label, labelX + padX, boxTop + (rowHeight - 2 * ratio) / 2);
    drawn.push({
      label: marker.label,
      kind: marker.kind,
      left: labelX / ratio,
      top: boxTop / ratio,
      width: width / ratio,
      height: (rowHeight - 2 * ratio) / ratio,
    });
  }
  ctx.restore();
  return drawn;
}

/**
 * Captions inside the plot for a chart mirrored around zero: `above` at the top left, `below` at
 * the bottom left, in the colours of the two sides (calls green, puts red), on the surface colour
 * so bars behind them do not blur the text.
 */
export function drawSides(
  u: uPlot,
  sides: { above: string; below: string },
  palette: ChartPalette,
  fontFamily: string,
): void {
  const ratio = window.devicePixelRatio || 1;
  const { ctx, bbox } = u;
  const font = `600 ${Math.round(11 * ratio)}px ${fontFamily}`;
  const pad = 4 * ratio;
  const height = 16 * ratio;
  ctx.save();
  ctx.font = font;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  const caption = (text: string, color: string, top: number) => {
    const width = textWidth(ctx, font, text) + pad * 2;
    ctx.fillStyle = palette.surface;
    ctx.globalAlpha = 0.85;
    ctx.fillRect(bbox.left + pad, top, width, height);
    ctx.globalAlpha = 1;
    ctx.fillStyle = palette.color(color);
    ctx.fillText(text, bbox.left + pad * 2, top + height / 2);
  };
  caption(sides.above, '--pos', bbox.top + pad);
  caption(sides.below, '--neg', bbox.top + bbox.height - pad - height);
  ctx.restore();
}

/**
 * Today's levels as horizontal lines on a y scale (the dollar axis of the series chart), each
 * labelled at the right edge inside the plot; labels that would overlap are moved apart (see
 * stackLabels), and one that no longer fits is left out (the chart's level list still names it).
 */
export function drawLevelLines(
  u: uPlot,
  markers: readonly Marker[],
  scale: string,
  palette: ChartPalette,
  fontFamily: string,
): void {
  if (markers.length === 0 || !u.scales[scale]) return;
  const ratio = window.devicePixelRatio || 1;
  const { ctx, bbox } = u;
  const font = `${Math.round(10 * ratio)}px ${fontFamily}`;
  const padX = 4 * ratio;
  const height = (MARKER_ROW_HEIGHT - 2) * ratio;
  const right = bbox.left + bbox.width;
  const bottom = bbox.top + bbox.height;
  const placed = mergeCoincident(markers)
    .map((marker) => ({ marker, y: u.valToPos(marker.value, scale, true) }))
    .filter(({ y }) => Number.isFinite(y) && y >= bbox.top && y <= bottom)
    .sort((a, b) => a.y - b.y);
  ctx.save();
  ctx.font = font;
  for (const { marker, y } of placed) {
    const style = MARKER_STYLES[marker.kind];
    ctx.strokeStyle = palette.color(style.color);
    ctx.lineWidth = style.width * ratio;
    ctx.setLineDash(style.dash.map((d) => d * ratio));
    const py = Math.round(y) + 0.5;
    ctx.beginPath();
    ctx.moveTo(bbox.left, py);
    ctx.lineTo(right, py);
    ctx.stroke();
  }
  ctx.setLineDash([]);
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  const tops = stackLabels(
    placed.map((p) => p.y),
    height,
    2 * ratio,
    bbox.top,
    bottom,
  );
  for (const [i, { marker }] of placed.entries()) {
    const top = tops[i];
    if (top == null) continue;
    const width = textWidth(ctx, font, marker.label) + padX * 2;
    const left = right - width - 2 * ratio;
    const color = palette.color(MARKER_STYLES[marker.kind].color);
    ctx.fillStyle = palette.surface;
    ctx.fillRect(left, top, width, height);
    ctx.strokeStyle = color;
    ctx.lineWidth = ratio;
    ctx.strokeRect(left + 0.5, top + 0.5, width - 1, height - 1);
    ctx.fillStyle = color;
    ctx.fillText(marker.label, left + padX, top + height / 2);
  }
  ctx.restore();
}

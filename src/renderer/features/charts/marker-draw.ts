// Draws the marker lines and their labels on a uPlot canvas (from its `draw` hook): lines across
// the plot, labels in the band kept free above it. Canvas pixels throughout.
import type uPlot from 'uplot';
import { MARKER_ROW_HEIGHT } from './chart-options.ts';
import type { Marker, MarkerKind } from './chart-spec.ts';
import type { ChartPalette } from './chart-theme.ts';
import { layoutMarkers } from './markers.ts';
import { textWidth } from './text-width.ts';

export interface MarkerStyle {
  color: string;
  dash: number[];
  width: number;
}

/** Solid for spot and flip; dashed, finer, for the expected moves. Colour tokens of app.css. */
export const MARKER_STYLES: Record<MarkerKind, { color: string; dash: number[]; width: number }> = {
  spot: { color: '--text', dash: [], width: 1.5 },
  flip: { color: '--warn', dash: [], width: 1.5 },
  sigma_1d: { color: '--accent', dash: [5, 3], width: 1 },
  sigma_1w: { color: '--muted', dash: [2, 3], width: 1 },
  asof: { color: '--accent', dash: [], width: 1 },
};

export function drawMarkers(
  u: uPlot,
  markers: readonly Marker[],
  palette: ChartPalette,
  fontFamily: string,
  rows: number,
): void {
  if (markers.length === 0) return;
  const ratio = window.devicePixelRatio || 1;
  const { ctx, bbox } = u;
  const font = `${Math.round(10 * ratio)}px ${fontFamily}`;
  ctx.save();
  ctx.font = font;
  const padX = 4 * ratio;
  const placed = layoutMarkers(markers, (v) => u.valToPos(v, 'x', true), {
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
  }
  ctx.restore();
}

// The term structure chart's data: ATM IV (percent) by days to expiry with the 25Δ risk reversal
// and butterfly (vol points), and the ATM IV of earlier snapshots as overlays. Each curve is drawn
// at its own days to expiry (yesterday's 10-day point is the expiration that had 10 days left
// then), so the curves share one x axis of the union of their days; a curve has no value (null,
// a gap the line spans) at another's days. Also the sentence that names the shape.
import type { TermPoint, TermStructureData } from '../../../../shared/api/market-structure.ts';
import { roundHalfAway } from '../../../../shared/figure-format.ts';
import type { Columns } from '../frame/chart-spec.ts';

export interface TermOverlay {
  key: string;
  /** "Yesterday, Mar 2 15:58 ET": names the series and its time. */
  label: string;
  points: readonly TermPoint[];
}

export interface TermView {
  /** [days, ATM IV %, risk reversal pts, butterfly pts, then one ATM IV % column per overlay]. */
  columns: Columns;
  /** The expiration at each x (days), for the tooltip: the shown curve's, else an overlay's. */
  expirations: ReadonlyMap<number, string>;
  overlays: readonly { key: string; label: string }[];
}

const finite = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/** Columns of the shown curve and its overlays; null when the shown curve has no ATM IV at all. */
export function termView(
  points: readonly TermPoint[],
  overlays: readonly TermOverlay[] = [],
): TermView | null {
  if (!points.some((p) => finite(p.atm_iv))) return null;
  const drawn = overlays.filter((o) => o.points.some((p) => finite(p.atm_iv)));
  const days = [
    ...new Set([...points, ...drawn.flatMap((o) => o.points)].map((p) => p.days).filter(finite)),
  ].sort((a, b) => a - b);
  const at = new Map(days.map((d, i) => [d, i]));
  const col = (from: readonly TermPoint[], pick: (p: TermPoint) => number | null): (number | null)[] => {
    const out: (number | null)[] = days.map(() => null);
    for (const p of from) {
      const i = at.get(p.days);
      const v = pick(p);
      if (i !== undefined && finite(v)) out[i] = v;
    }
    return out;
  };
  const atmPct = (p: TermPoint) => (finite(p.atm_iv) ? p.atm_iv * 100 : null);
  const expirations = new Map<number, string>();
  for (const p of [...drawn.flatMap((o) => o.points), ...points]) expirations.set(p.days, p.expiration);
  return {
    columns: [
      Float64Array.from(days),
      col(points, atmPct),
      col(points, (p) => p.risk_reversal_25d_pts),
      col(points, (p) => p.butterfly_25d_pts),
      ...drawn.map((o) => col(o.points, atmPct)),
    ],
    expirations,
    overlays: drawn.map(({ key, label }) => ({ key, label })),
  };
}

const pts = (v: number) => `${roundHalfAway(Math.abs(v), 1).toFixed(1)} pts`;

/**
 * The shape in one sentence, for the chart's title: "Contango: back month 2.1 pts above the front",
 * "Backwardation: front month 3.4 pts above the back", "Flat: back month within 0.3 pts of the
 * front", or why it is unknown.
 */
export function termShapeSentence(
  ts: Pick<TermStructureData, 'shape' | 'slope_pts'> | null | undefined,
): string {
  const slope = ts?.slope_pts;
  if (!ts || !finite(slope) || ts.shape === 'unknown')
    return 'Shape unknown: fewer than two expirations with an ATM IV';
  switch (ts.shape) {
    case 'contango':
      return `Contango: back month ${pts(slope)} above the front`;
    case 'backwardation':
      return `Backwardation: front month ${pts(slope)} above the back`;
    case 'flat':
      return `Flat: back month within ${pts(slope)} of the front`;
    default:
      return `${ts.shape}: back month ${slope >= 0 ? 'above' : 'below'} the front by ${pts(slope)}`;
  }
}

/** Days to expiry as the axis reads them: a decimal under ten days (0DTE is a fraction of one). */
export function formatDays(days: number): string {
  if (days === 0) return '0d';
  return days < 10 ? `${roundHalfAway(days, 1).toFixed(1)}d` : `${roundHalfAway(days, 0).toFixed(0)}d`;
}

// The backtest chart's data: one ticker's daily closes as uPlot columns (dates as seconds at UTC
// midnight, as the app's other daily charts), and one marker per session where the rule fired.
import type { BacktestFiring } from '../../../shared/bridge/backtest.ts';
import type { Columns, Marker } from '../charts/frame/chart-spec.ts';
import { dateToSeconds, marketDay } from '../charts/series/series-axes.ts';

/** Closes oldest first; points with a bad date or close are left out. */
export function closeColumns(points: readonly { date: string; close: number }[]): Columns {
  const good = points
    .map((p) => ({ x: dateToSeconds(p.date), y: p.close }))
    .filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y))
    .sort((a, b) => a.x - b.x);
  return [Float64Array.from(good, (p) => p.x), good.map((p) => p.y)];
}

const shortDay = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });

const ARROW = { up: '▲', down: '▼' } as const;

/**
 * A vertical marker on each New York session where `ticker` fired, labelled with the day
 * ("Mar 3"); several firings in one session share a marker ("Mar 3 ×2"). A firing with a
 * direction puts its arrow first ("▲ Mar 3", "▼ Mar 4"; "▲▼ Mar 5 ×2" when a session had both).
 */
export function firingMarkers(firings: readonly BacktestFiring[], ticker: string): Marker[] {
  const byDay = new Map<string, { n: number; up: boolean; down: boolean }>();
  for (const f of firings) {
    if (f.ticker !== ticker) continue;
    const day = marketDay(f.at);
    if (!day) continue;
    const entry = byDay.get(day) ?? { n: 0, up: false, down: false };
    entry.n += 1;
    if (f.direction === 'up') entry.up = true;
    if (f.direction === 'down') entry.down = true;
    byDay.set(day, entry);
  }
  return [...byDay.entries()]
    .map(([day, { n, up, down }]) => {
      const value = dateToSeconds(day);
      const arrows = `${up ? ARROW.up : ''}${down ? ARROW.down : ''}`;
      const text = `${arrows ? `${arrows} ` : ''}${shortDay.format(value * 1000)}`;
      return { key: `fired-${day}`, kind: 'asof' as const, value, label: n > 1 ? `${text} ×${n}` : text };
    })
    .sort((a, b) => a.value - b.value);
}

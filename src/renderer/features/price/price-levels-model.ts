// Price with its levels over time, as chart columns: every stored market-structure snapshot is a
// row (its spot and the levels it had), and a session with a stored close but no snapshot is a row
// at 16:00 (its close and its daily gamma flip). Levels are step lines: each holds until the next
// snapshot, as it was known then.
//
// x is New York wall-clock time written as if it were UTC, in seconds: the chart frame draws time
// axes in UTC, so a 09:30 open reads 09:30 on the axis and in the tooltip wherever the app runs.
import type {
  DailyClose,
  LevelsHistory,
  LevelsHistoryWindow,
} from '../../../shared/bridge/levels-history.ts';
import { figureName } from '../../../shared/figure-labels.ts';
import { epochToNy } from '../../../shared/market-calendar.ts';
import type { ChartSpec, Columns, SeriesSpec } from '../charts/frame/chart-spec.ts';

export const PRICE_WINDOWS: readonly { key: LevelsHistoryWindow; label: string }[] = [
  { key: '1d', label: 'Today' },
  { key: '5d', label: '5D' },
  { key: '1m', label: '1M' },
  { key: '6m', label: '6M' },
];

/** The columns after x, in order: API names of the key levels. */
export const LEVEL_KEYS = [
  'price',
  'gamma_flip',
  'call_wall',
  'put_wall',
  'plus_1sigma_1d',
  'minus_1sigma_1d',
] as const;
export type LevelKey = (typeof LEVEL_KEYS)[number];

const CLOSE_MINUTES = 16 * 60;

/** New York wall-clock seconds of an instant (see the header). */
export function wallSeconds(epochMs: number): number {
  const { date, minutes } = epochToNy(epochMs);
  return dateWallSeconds(date, minutes);
}

function dateWallSeconds(date: string, minutes: number): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / 1000 + Math.round(minutes * 60);
}

/** A session's close row sits at 16:00 of its date. */
export function closeSeconds(close: Pick<DailyClose, 'date'>): number {
  return dateWallSeconds(close.date, CLOSE_MINUTES);
}

export interface PriceLevelsRows {
  columns: Columns;
  /** x of the rows that are daily closes (the tooltip says "close" for them). */
  closeXs: number[];
}

type Row = [number, ...(number | null)[]];

/** Snapshot rows, plus a close row for each session without a snapshot; oldest first. */
export function priceLevelsRows(history: Pick<LevelsHistory, 'points' | 'closes'>): PriceLevelsRows {
  const rows: Row[] = [];
  const snapshotDays = new Set<string>();
  for (const p of history.points) {
    const ms = Date.parse(p.asof);
    if (!Number.isFinite(ms)) continue;
    snapshotDays.add(epochToNy(ms).date);
    rows.push([
      wallSeconds(ms),
      p.spot,
      p.gamma_flip,
      p.call_wall,
      p.put_wall,
      p.plus_1sigma_1d,
      p.minus_1sigma_1d,
    ]);
  }
  const closeXs: number[] = [];
  for (const c of history.closes) {
    if (snapshotDays.has(c.date)) continue;
    const x = closeSeconds(c);
    closeXs.push(x);
    rows.push([x, c.price, c.gex_flip, null, null, null, null]);
  }
  rows.sort((a, b) => a[0] - b[0]);
  const columns: Columns = [
    Float64Array.from(rows, (r) => r[0]),
    ...LEVEL_KEYS.map((_, i) => rows.map((r) => r[i + 1] ?? null)),
  ];
  return { columns, closeXs };
}

const dayTime = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const dayOnly = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** A row's time as the tooltip reads it: "Mon, Nov 24, 10:31 ET", or "Mon, Nov 24, 2026 close". */
export function formatRowTime(x: number, closeXs: ReadonlySet<number>): string {
  if (!Number.isFinite(x)) return '—';
  return closeXs.has(x) ? `${dayOnly.format(x * 1000)} close` : `${dayTime.format(x * 1000)} ET`;
}

/** Series colours and dashes follow the charts' level markers: flip amber, walls green/red, σ blue. */
export interface PriceFormats {
  /** A level in the tooltip, with its unit ("$663.60", or index points). */
  level: (v: number) => string;
  /** An axis tick, without the unit (the axis names it). */
  tick: (v: number) => string;
  /** "USD" or "index points". */
  unit: string;
}

export function priceLevelsSpec(formats: PriceFormats, closeXs: ReadonlySet<number>): ChartSpec {
  const formatLevel = formats.level;
  const name = (key: string, fallback: string) => figureName(key) ?? fallback;
  const series: SeriesSpec[] = [
    {
      key: 'price',
      label: name('price', 'Price'),
      color: '--text',
      kind: 'line',
      width: 2,
      format: formatLevel,
    },
    {
      key: 'gamma_flip',
      label: name('gex_flip', 'Gamma flip'),
      color: '--warn',
      kind: 'step',
      width: 2,
      format: formatLevel,
    },
    {
      key: 'call_wall',
      label: name('call_wall', 'Call wall'),
      color: '--pos',
      kind: 'step',
      width: 1.5,
      format: formatLevel,
    },
    {
      key: 'put_wall',
      label: name('put_wall', 'Put wall'),
      color: '--neg',
      kind: 'step',
      width: 1.5,
      format: formatLevel,
    },
    {
      key: 'plus_1sigma_1d',
      label: name('plus_1sigma_1d', '+1σ 1D'),
      color: '--accent',
      kind: 'step',
      width: 1,
      format: formatLevel,
    },
    {
      key: 'minus_1sigma_1d',
      label: name('minus_1sigma_1d', '−1σ 1D'),
      color: '--accent',
      kind: 'step',
      width: 1,
      format: formatLevel,
    },
  ];
  return {
    x: { kind: 'date', label: '', format: (x) => formatRowTime(x, closeXs) },
    series,
    axes: [{ scale: 'y', label: formats.unit, format: formats.tick, side: 'left' }],
    zoom: true,
    markerRows: 0,
  };
}

/** The series that have at least one value: what the chart really draws (tests and data attributes). */
export function drawnKeys(columns: Columns): LevelKey[] {
  return LEVEL_KEYS.filter((_, i) => {
    const col = columns[i + 1];
    if (!col) return false;
    for (let r = 0; r < col.length; r++)
      if (typeof col[r] === 'number' && Number.isFinite(col[r])) return true;
    return false;
  });
}

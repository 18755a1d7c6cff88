// Number formats the charts need beyond lib/format.ts: compact counts for gamma (shares per $1)
// and volume, and UTC calendar dates for daily series (a series date is a day, not an instant).
import { MISSING } from '../../../lib/format.ts';

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumSignificantDigits: 3 });
const small = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 3 });

/** 1.23M, 45.6K, 512, 0.0123; negatives with a true minus sign. */
export function formatCompact(value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return MISSING;
  const text = Math.abs(value) >= 1000 ? compact.format(value) : small.format(value);
  return text.replace('-', '−');
}

/** A count shown without its sign (mirrored put volume is stored negative). */
export function formatCount(value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return MISSING;
  return countFormat.format(Math.round(Math.abs(value)));
}

const utcDate = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});

/** A daily point's date (seconds at UTC midnight) as "Mar 2, 2026". */
export function formatDay(seconds: number | null | undefined): string {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return MISSING;
  return utcDate.format(seconds * 1000);
}

// Axis ticks call these on every redraw: formatters are built once, never per call.
const strikeFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });
const countFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Strikes read like prices but without trailing zeros: 172.5, 510, 0.5. */
export function formatStrike(value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return MISSING;
  return strikeFormat.format(value);
}

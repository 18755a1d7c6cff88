// Where a curve or option-volume answer came from. Curves the watcher does not poll (another
// expiration, the naive view) are fetched when asked for, so the UI must be able to tell "stored",
// "fetched just now", "the source could not be reached" and "nothing stored at that time" apart.
// A single-expiration gamma curve (a date) is a real-time pull the source serves in trading hours
// only; outside them the app answers from what it stored, and says so (the `closed_*` sources).
import { z } from 'zod';

export const CURVE_SOURCES = [
  /** From the store: the latest (still fresh), or the one at or before the chosen time. */
  'stored',
  /** Not stored (or stale), so fetched from the data source just now and stored. */
  'fetched',
  /** The fetch failed: the latest stored one, older than its schedule allows. */
  'stored_fallback',
  /** A history time was chosen and nothing of this kind was stored at or before it. */
  'none_at_time',
  /** Not stored, and the data source is unreachable: worth a retry. */
  'unreachable',
  /** The data source answered that it has no such curve (an unlisted expiration, say). */
  'unavailable',
  /** Market closed: the last real-time pull stored for this date, as of its time. */
  'closed_stored',
  /** Market closed: the cached curve of the bucket (nearest, first weekly, first monthly) of this date. */
  'closed_bucket',
  /** Market closed and this date was never pulled during trading hours: nothing to show until the open. */
  'closed_never',
] as const;
export const curveSourceSchema = z.enum(CURVE_SOURCES);
export type CurveSource = z.infer<typeof curveSourceSchema>;

export const curveOriginSchema = z.object({
  source: curveSourceSchema,
  /** Why the fetch failed, when it did; null otherwise. */
  message: z.string().nullable(),
  /** `closed_bucket`: the bucket whose cached curve stands in for the date. */
  bucket: z.enum(['nearest', 'first_weekly', 'first_monthly']).optional(),
  /** `closed_*`: when the market opens next (ISO instant), when a real-time pull is possible again. */
  nextOpen: z.iso.datetime({ offset: true }).optional(),
  /** Option volume over all expirations: how many expirations were summed, and of how many listed. */
  summed: z.object({ included: z.number().int().min(0), listed: z.number().int().min(0) }).optional(),
});
export type CurveOrigin = z.infer<typeof curveOriginSchema>;

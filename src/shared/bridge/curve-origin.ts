// Where a curve or option-volume answer came from. Curves the watcher does not poll (another
// expiration, the naive view) are fetched when asked for, so the UI must be able to tell "stored",
// "fetched just now", "the source could not be reached" and "nothing stored at that time" apart.
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
] as const;
export const curveSourceSchema = z.enum(CURVE_SOURCES);
export type CurveSource = z.infer<typeof curveSourceSchema>;

export const curveOriginSchema = z.object({
  source: curveSourceSchema,
  /** Why the fetch failed, when it did; null otherwise. */
  message: z.string().nullable(),
});
export type CurveOrigin = z.infer<typeof curveOriginSchema>;

// Building blocks of the bridge contract: identifiers, tickers, instants. Every schema here is what
// the main side checks at its trust boundary, so each one rejects what the UI must never send.
import { z } from 'zod';

/** Database row ids (SQLite integer primary keys). */
export const idSchema = z.number().int().positive();
export type Id = z.infer<typeof idSchema>;

/** A ticker symbol: the one rule of src/shared/ticker-symbol.ts (canonical, `^VIX` → `VIX`). */
export { tickerSchema, type Ticker } from '../ticker-symbol.ts';

/** An instant as ISO-8601 with a UTC designator or offset (what `meta.asof` carries). */
export const isoTimeSchema = z.iso.datetime({ offset: true });
export type IsoTime = z.infer<typeof isoTimeSchema>;

/** A method that takes nothing: `undefined` from the preload, `{}` from an HTTP body. */
export const noInputSchema = z.object({}).strict().optional();

/**
 * Characters a name may not hold: control characters (NUL, tab, newline, escape…), line and
 * paragraph separators, the bidirectional embeddings, overrides and isolates that make text
 * display in another order than it is stored (U+202E "right-to-left override" shows
 * "Tech\u202Egnp.exe" as "Techexe.png"), and unpaired surrogates. A name field never produces
 * them; they come from a crafted call, and once stored they would garble every list, log line
 * and notification showing the name. The plain direction marks (U+200E, U+200F) stay allowed:
 * right-to-left text pasted from elsewhere carries them.
 */
export const HIDDEN_NAME_CHARACTERS = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]|\p{Cs}/u;

export const HIDDEN_NAME_CHARACTERS_MESSAGE =
  'A name cannot contain control characters or text-direction controls';

/** True when the name holds none of HIDDEN_NAME_CHARACTERS: the refinement every name schema applies. */
export function isVisibleName(name: string): boolean {
  return !HIDDEN_NAME_CHARACTERS.test(name);
}

/** The longest name of a watchlist or a rule, one limit for the bridge, the store and the MCP tools. */
export const NAME_MAX_LENGTH = 80;

/** A short free-text name (watchlists, rules). */
export const nameSchema = z
  .string()
  .trim()
  .min(1, 'a name is required')
  .max(NAME_MAX_LENGTH, `a name is at most ${NAME_MAX_LENGTH} characters`)
  .refine(isVisibleName, HIDDEN_NAME_CHARACTERS_MESSAGE);

/** `HH:MM`, 24-hour, New York time unless stated. */
export const clockTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected HH:MM (24-hour)');

/** Lookback windows for series and exports, as the API's `window` parameter spells them. */
export const windowSchema = z.string().regex(/^\d{1,4}[dwmy]$/, 'expected a window like 30d, 26w, 6m or 2y');

/** A downloadable file produced on the main side; the renderer saves it through a download link. */
export const exportFileSchema = z.object({
  name: z.string().min(1),
  mime: z.string().min(1),
  content: z.string(),
});
export type ExportFile = z.infer<typeof exportFileSchema>;

export const deletedSchema = z.object({ id: idSchema });

// Echoing what a caller sent (a path, a parameter value, a ticker, a bridge method name) back in
// an error message: never more than a short prefix, with the characters that could hide or garble
// text shown as "?", so a 15 KB URL, a 5,000-character method name or a crafted string cannot
// blow up a response, a log line or a toast. Two policies, one length:
// - clipForApi (the HTTP API's errors): only printable ASCII survives, cut by UTF-16 units;
// - clipForBridge (the bridge's errors): only control and text-direction characters are replaced,
//   cut by code points, so a non-ASCII name stays readable.
import { HIDDEN_NAME_CHARACTERS } from './bridge/common.ts';

/** How much of a caller's input an error message repeats. */
export const ECHO_MAX_CHARS = 80;

/** The printable-ASCII prefix of `raw`, at most ECHO_MAX_CHARS characters, with "…" when it was cut. */
export function clipForApi(raw: string): string {
  const head = raw.slice(0, ECHO_MAX_CHARS + 1);
  const printable = head.replace(/[^\x20-\x7e]/g, '?');
  return raw.length > ECHO_MAX_CHARS ? `${printable.slice(0, ECHO_MAX_CHARS)}…` : printable;
}

const HIDDEN = new RegExp(HIDDEN_NAME_CHARACTERS.source, 'gu');

/**
 * At most `max` characters (code points) of `raw`, hidden and control characters shown as "?",
 * with "…" when it was cut.
 */
export function clipForBridge(raw: string, max = ECHO_MAX_CHARS): string {
  const chars = Array.from(raw.slice(0, 2 * max + 2)).slice(0, max + 1);
  const head = chars.slice(0, max).join('').replace(HIDDEN, '?');
  return chars.length > max ? `${head}…` : head;
}

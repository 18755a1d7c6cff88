// Repeating what a caller sent (a method name, a path) in an error message: never more than a
// short prefix, with control and text-direction characters shown as "?", so a 5,000-character
// method name or a crafted string cannot blow up a response, a log line or a toast.
import { HIDDEN_NAME_CHARACTERS } from './common.ts';

/** How much of a caller's input an error message repeats. */
export const ECHO_MAX_CHARS = 80;

const HIDDEN = new RegExp(HIDDEN_NAME_CHARACTERS.source, 'gu');

/** At most ECHO_MAX_CHARS characters (code points) of `raw`, with "…" when it was cut. */
export function clipEcho(raw: string, max = ECHO_MAX_CHARS): string {
  const chars = Array.from(raw.slice(0, 2 * max + 2)).slice(0, max + 1);
  const head = chars.slice(0, max).join('').replace(HIDDEN, '?');
  return chars.length > max ? `${head}…` : head;
}

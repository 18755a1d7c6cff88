// Echoing what a caller sent (a path, a parameter value, a ticker) back in an error message: never
// more than a short prefix, and only printable ASCII, so a 15 KB URL or a value full of control
// characters cannot blow up a response or a log line.

/** How much of a caller's input an error message repeats. */
export const ECHO_MAX_CHARS = 80;

/** The printable prefix of `raw`, at most ECHO_MAX_CHARS characters, with "…" when it was cut. */
export function clip(raw: string): string {
  const head = raw.slice(0, ECHO_MAX_CHARS + 1);
  const printable = head.replace(/[^\x20-\x7e]/g, '?');
  return raw.length > ECHO_MAX_CHARS ? `${printable.slice(0, ECHO_MAX_CHARS)}…` : printable;
}

// How much of a file the importers will read. A Cboe chain of the whole SPX complex is a few
// megabytes and its lines a few hundred characters; anything far beyond that is not a chain file,
// and reading it whole (or building a 60 MB "field") would cost seconds and gigabytes for nothing.

/** Larger files are refused, counted while reading (a file may grow after its size was taken). */
export const MAX_CHAIN_FILE_BYTES = 64 * 1024 * 1024;

/** Longer CSV lines (records) are refused at once; a Cboe line is about 200 characters. */
export const MAX_CSV_LINE_CHARS = 64 * 1024;

/** The Cboe header comes after a two- or three-line preamble; this many lines are searched for it. */
export const MAX_PREAMBLE_LINES = 50;

export interface ReadLimits {
  maxBytes: number;
  maxLineChars: number;
}

export const DEFAULT_READ_LIMITS: ReadLimits = {
  maxBytes: MAX_CHAIN_FILE_BYTES,
  maxLineChars: MAX_CSV_LINE_CHARS,
};

const grouped = (n: number): string => n.toLocaleString('en-US');

/** "64 MB" for the file limit, in the words the messages use. */
export function bytesText(n: number): string {
  return n % (1024 * 1024) === 0 ? `${n / (1024 * 1024)} MB` : `${grouped(n)} bytes`;
}

export function tooLargeProblem(maxBytes: number, size?: number): string {
  return size === undefined
    ? `larger than the ${bytesText(maxBytes)} limit for a chain file`
    : `${grouped(size)} bytes is larger than the ${bytesText(maxBytes)} limit for a chain file`;
}

export function longLineProblem(maxLineChars: number): string {
  return `longer than ${grouped(maxLineChars)} characters; not a chain file (a Cboe chain line is a few hundred)`;
}

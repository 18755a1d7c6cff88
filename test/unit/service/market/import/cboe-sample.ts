// The real Cboe sample, read from ../shared (never copied into the repository), and an
// independent, naive reading of it that the importer's results are checked against.
import { readFileSync } from 'node:fs';

export const SAMPLE_PATH = new URL(
  '../../../../../../shared/fixtures/cboe/tsla_quotedata.csv',
  import.meta.url,
).pathname;

export function sampleText(): string {
  return readFileSync(SAMPLE_PATH, 'utf8');
}

export interface NaiveRow {
  line: number;
  fields: string[];
}

/** Data rows split on commas (the sample has no quoted commas after its preamble). */
export function naiveRows(text: string): NaiveRow[] {
  const lines = text.split(/\r?\n/);
  const header = lines.findIndex((l) => l.startsWith('Expiration Date,'));
  return lines
    .map((l, i) => ({ line: i + 1, fields: l.split(',') }))
    .slice(header + 1)
    .filter((r) => r.fields.length > 1);
}

/** Replaces the line with 1-based number `line`. */
export function replaceLine(text: string, line: number, replacement: (old: string) => string): string {
  const lines = text.split('\n');
  lines[line - 1] = replacement(lines[line - 1] as string);
  return lines.join('\n');
}

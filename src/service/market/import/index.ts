// Chain files in, OptionChains out. The format is recognised from the content (JSON starts with a
// brace), with the file name as a hint; every failure is a ChainImportError naming the file.
// Files are read through one open handle with their limits (limits.ts) enforced while reading.
import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { importCboeCsv } from './cboe-csv.ts';
import { importCboeJson } from './cboe-json.ts';
import { ChainImportError } from './errors.ts';
import type { ChainFormat, ChainImport } from './chain-import.ts';
import { DEFAULT_READ_LIMITS, MAX_PREAMBLE_LINES, type ReadLimits } from './limits.ts';
import { OPEN_FOR_READING, readChainStream, readChainText } from './read-limited.ts';
import { messageOf } from '../../../shared/message-of.ts';

export { ChainImportError } from './errors.ts';
export type { ChainFormat, ChainImport } from './chain-import.ts';
export { MAX_CHAIN_FILE_BYTES, MAX_CSV_LINE_CHARS, type ReadLimits } from './limits.ts';
export { OPEN_FOR_READING, readChainStream, readChainText, readChainTextSync } from './read-limited.ts';

export function detectFormat(text: string, nameHint = ''): ChainFormat {
  const start = /^\uFEFF?\s*(.)/.exec(text)?.[1];
  if (start === '{' || start === '[') return 'cboe_json';
  if (start === undefined && /\.json$/i.test(nameHint)) return 'cboe_json';
  return 'cboe_csv';
}

/**
 * The format the content shows, with no name to go by: JSON when it starts with `{` or `[`, Cboe
 * CSV when one of its first lines is the `Expiration Date,Calls,...` header, else null.
 */
export function sniffChainFormat(text: string): ChainFormat | null {
  const start = /^\uFEFF?\s*(.)/.exec(text)?.[1];
  if (start === '{' || start === '[') return 'cboe_json';
  const lines = text.split('\n', MAX_PREAMBLE_LINES);
  return lines.some((l) => /^\uFEFF?\s*"?\s*expiration\s+date\s*"?\s*(,|\r?$)/i.test(l)) ? 'cboe_csv' : null;
}

/** Imports a chain from text; `nameHint` (usually the file name) is used in messages and detection. */
export function importChainText(
  text: string,
  nameHint = '',
  limits: Pick<ReadLimits, 'maxLineChars'> = DEFAULT_READ_LIMITS,
): ChainImport {
  try {
    if (!/\S/.test(text)) throw new ChainImportError('file', 'the file is empty');
    return detectFormat(text, nameHint) === 'cboe_json'
      ? importCboeJson(text)
      : importCboeCsv(text, limits.maxLineChars);
  } catch (error) {
    if (error instanceof ChainImportError) throw nameHint ? error.inFile(nameHint) : error;
    throw error;
  }
}

export async function importChainFile(
  path: string,
  limits: ReadLimits = DEFAULT_READ_LIMITS,
): Promise<ChainImport> {
  const name = basename(path);
  const cannotRead = (error: unknown): ChainImportError =>
    new ChainImportError('file', `cannot read: ${messageOf(error)}`, name);
  let handle;
  try {
    handle = await open(path, OPEN_FOR_READING);
  } catch (error) {
    throw cannotRead(error);
  }
  let text: string;
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new ChainImportError('file', 'not a regular file');
    text = await readChainText(handle, info.size, limits);
  } catch (error) {
    throw error instanceof ChainImportError ? error.inFile(name) : cannotRead(error);
  } finally {
    await handle.close();
  }
  return importChainText(text, name, limits);
}

/**
 * Imports a chain from a stream with no file name (`gammawatch analyze -` reads stdin): the
 * format is told from the content alone, and content that is neither format is refused as such.
 */
export async function importChainStream(
  chunks: AsyncIterable<Buffer | string>,
  name = 'stdin',
  limits: ReadLimits = DEFAULT_READ_LIMITS,
): Promise<ChainImport> {
  let text: string;
  try {
    text = await readChainStream(chunks, limits);
  } catch (error) {
    throw error instanceof ChainImportError
      ? error.inFile(name)
      : new ChainImportError('file', `cannot read: ${messageOf(error)}`, name);
  }
  if (!/\S/.test(text)) throw new ChainImportError('input', 'nothing to read: it is empty', name);
  if (sniffChainFormat(text) === null)
    throw new ChainImportError(
      'content',
      "cannot tell the format: neither Cboe JSON (starting with '{' or '[') nor a Cboe quotedata CSV " +
        `(a line starting with 'Expiration Date,Calls,...' in the first ${MAX_PREAMBLE_LINES} lines)`,
      name,
    );
  return importChainText(text, name, limits);
}

// Chain files in, OptionChains out. The format is recognised from the content (JSON starts with a
// brace), with the file name as a hint; every failure is a ChainImportError naming the file.
// Files are read through one open handle with their limits (limits.ts) enforced while reading.
import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { importCboeCsv } from './cboe-csv.ts';
import { importCboeJson } from './cboe-json.ts';
import { ChainImportError } from './errors.ts';
import type { ChainFormat, ChainImport } from './chain-import.ts';
import { DEFAULT_READ_LIMITS, type ReadLimits } from './limits.ts';
import { OPEN_FOR_READING, readChainText } from './read-limited.ts';
import { messageOf } from '../../../shared/message-of.ts';

export { ChainImportError } from './errors.ts';
export type { ChainFormat, ChainImport } from './chain-import.ts';
export { MAX_CHAIN_FILE_BYTES, MAX_CSV_LINE_CHARS, type ReadLimits } from './limits.ts';
export { OPEN_FOR_READING, readChainText, readChainTextSync } from './read-limited.ts';

export function detectFormat(text: string, nameHint = ''): ChainFormat {
  const start = /^\uFEFF?\s*(.)/.exec(text)?.[1];
  if (start === '{' || start === '[') return 'cboe_json';
  if (start === undefined && /\.json$/i.test(nameHint)) return 'cboe_json';
  return 'cboe_csv';
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

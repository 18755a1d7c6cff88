// Chain files in, OptionChains out. The format is recognised from the content (JSON starts with a
// brace), with the file name as a hint; every failure is a ChainImportError naming the file.
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { importCboeCsv } from './cboe-csv.ts';
import { importCboeJson } from './cboe-json.ts';
import { ChainImportError } from './errors.ts';
import type { ChainFormat, ChainImport } from './chain-import.ts';

export { ChainImportError } from './errors.ts';
export type { ChainFormat, ChainImport } from './chain-import.ts';

/** Larger files are refused: a Cboe chain of the whole SPX complex is a few megabytes. */
export const MAX_CHAIN_FILE_BYTES = 64 * 1024 * 1024;

export function detectFormat(text: string, nameHint = ''): ChainFormat {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('{') || start.startsWith('[')) return 'cboe_json';
  if (start.length === 0 && /\.json$/i.test(nameHint)) return 'cboe_json';
  return 'cboe_csv';
}

/** Imports a chain from text; `nameHint` (usually the file name) is used in messages and detection. */
export function importChainText(text: string, nameHint = ''): ChainImport {
  try {
    if (text.trim().length === 0) throw new ChainImportError('file', 'the file is empty');
    return detectFormat(text, nameHint) === 'cboe_json' ? importCboeJson(text) : importCboeCsv(text);
  } catch (error) {
    if (error instanceof ChainImportError) throw nameHint ? error.inFile(nameHint) : error;
    throw error;
  }
}

export async function importChainFile(path: string): Promise<ChainImport> {
  const name = basename(path);
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new ChainImportError('file', 'not a regular file', name);
    size = info.size;
  } catch (error) {
    if (error instanceof ChainImportError) throw error;
    throw new ChainImportError(
      'file',
      `cannot read: ${error instanceof Error ? error.message : String(error)}`,
      name,
    );
  }
  if (size > MAX_CHAIN_FILE_BYTES) {
    throw new ChainImportError(
      'file',
      `${size} bytes is larger than the ${MAX_CHAIN_FILE_BYTES}-byte limit`,
      name,
    );
  }
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new ChainImportError(
      'file',
      `cannot read: ${error instanceof Error ? error.message : String(error)}`,
      name,
    );
  }
  return importChainText(text, name);
}

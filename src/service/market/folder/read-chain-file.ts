// Reading one chain file for the index: its identity (size, mtime) and its parse, taken from the
// same open handle so that a file replaced meanwhile cannot pair one version's identity with
// another's content.
import { open } from 'node:fs/promises';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ChainImportError, importChainText, MAX_CHAIN_FILE_BYTES } from '../import/index.ts';
import type { ChainImport } from '../import/index.ts';
import type { FileIdentity, IndexRow } from './chain-index.ts';
import { snapshotFigures } from './daily-figures.ts';
import { messageOf } from '../../../shared/message-of.ts';

export interface ReadResult {
  row: IndexRow;
  /** The parsed chain, when the file could be read (handed to the cache). */
  parsed: ChainImport | null;
}

/** The problem text of a failed import, as the folder lists it. */
export function importProblem(error: unknown): string {
  return error instanceof ChainImportError ? `${error.location}: ${error.problem}` : messageOf(error);
}

function tooLarge(size: number): string {
  return `file: ${size} bytes is larger than the ${MAX_CHAIN_FILE_BYTES}-byte limit`;
}

export function rowOf(identity: FileIdentity, parsed: ChainImport): IndexRow {
  return {
    kind: 'chain',
    ...identity,
    ticker: parsed.chain.ticker,
    statedName: parsed.name,
    ...snapshotFigures(parsed.chain),
  };
}

/** Null when the file is gone (or is no longer a regular file). */
export async function readChainFile(dir: string, name: string): Promise<ReadResult | null> {
  let handle;
  try {
    handle = await open(join(dir, name), 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    const identity = { name, size: -1, mtimeMs: -1 };
    return {
      row: { kind: 'failure', ...identity, problem: `file: cannot read: ${messageOf(error)}` },
      parsed: null,
    };
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) return null;
    const identity: FileIdentity = { name, size: info.size, mtimeMs: info.mtimeMs };
    if (info.size > MAX_CHAIN_FILE_BYTES) {
      return { row: { kind: 'failure', ...identity, problem: tooLarge(info.size) }, parsed: null };
    }
    const text = await handle.readFile('utf8');
    try {
      const parsed = importChainText(text, name);
      return { row: rowOf(identity, parsed), parsed };
    } catch (error) {
      return { row: { kind: 'failure', ...identity, problem: importProblem(error) }, parsed: null };
    }
  } finally {
    await handle.close();
  }
}

/** The synchronous read behind `chain()` on a cache miss (the source interface is synchronous). */
export function readChainFileSync(
  dir: string,
  name: string,
): { identity: FileIdentity; parsed: ChainImport } {
  const path = join(dir, name);
  const info = statSync(path);
  if (info.size > MAX_CHAIN_FILE_BYTES) throw new Error(tooLarge(info.size));
  const parsed = importChainText(readFileSync(path, 'utf8'), name);
  return { identity: { name, size: info.size, mtimeMs: info.mtimeMs }, parsed };
}

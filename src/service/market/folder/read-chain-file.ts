// Reading one chain file for the index: its identity (size, mtime) and its parse, taken from the
// same open handle so that a file replaced meanwhile cannot pair one version's identity with
// another's content. The import limits are enforced on the bytes read, not on the size `stat`
// gave: a file grown since is cut off at the limit, and a junk line is refused at its first chunk.
import { open } from 'node:fs/promises';
import { closeSync, fstatSync, openSync } from 'node:fs';
import { join } from 'node:path';
import {
  ChainImportError,
  importChainText,
  OPEN_FOR_READING,
  readChainText,
  readChainTextSync,
} from '../import/index.ts';
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

export function rowOf(identity: FileIdentity, parsed: ChainImport): IndexRow {
  return {
    kind: 'chain',
    ...identity,
    ticker: parsed.chain.ticker,
    statedName: parsed.name,
    ...snapshotFigures(parsed.chain),
    expirations: parsed.chain.expirations.length,
    lastExpiration: parsed.chain.expirations[parsed.chain.expirations.length - 1]?.date ?? null,
    firstExpiration: parsed.chain.expirations[0]?.date ?? null,
  };
}

/** Null when the file is gone (or is no longer a regular file). */
export async function readChainFile(dir: string, name: string): Promise<ReadResult | null> {
  let handle;
  try {
    handle = await open(join(dir, name), OPEN_FOR_READING);
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
    try {
      const text = await readChainText(handle, info.size);
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
  const fd = openSync(join(dir, name), OPEN_FOR_READING);
  try {
    const info = fstatSync(fd);
    const parsed = importChainText(readChainTextSync(fd, info.size), name);
    return { identity: { name, size: info.size, mtimeMs: info.mtimeMs }, parsed };
  } finally {
    closeSync(fd);
  }
}

// A ticker's revision in a chain folder: a short hash of the identities (name, size, mtime) of
// everything its analyses read. Equal folders give equal revisions, in any process.
import { createHash } from 'node:crypto';
import type { FileIdentity } from './chain-index.ts';

export function folderRevision(chains: readonly FileIdentity[], history: string, earnings: string): string {
  const hash = createHash('sha256');
  for (const c of chains) hash.update(`${c.name}|${c.size}|${c.mtimeMs}\n`);
  hash.update(`h:${history}\ne:${earnings}`);
  return hash.digest('base64url').slice(0, 16);
}

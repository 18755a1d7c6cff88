// The built UI must match the sources: `npm start` builds it when out/ is missing or older than
// any source it is made from, so a fresh checkout (or an edit) never serves a stale UI.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '../../..');
export const RENDERER_DIR = join(REPO_ROOT, 'out/renderer');

/** What the build reads: a newer file here means the output is stale. */
const SOURCES = [
  'src/renderer',
  'src/shared',
  'electron',
  'electron.vite.config.ts',
  'svelte.config.js',
  'package.json',
];
/** What the build writes: all must exist. */
const OUTPUTS = ['out/renderer/index.html', 'out/main/main.js', 'out/preload/preload.cjs'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  // Files only: a folder's own time moves with editors' temporary files.
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Why a build is needed, or null when the output is current. */
export function staleReason(root = REPO_ROOT): string | null {
  const missing = OUTPUTS.find((out) => !existsSync(join(root, out)));
  if (missing) return `${missing} is missing`;
  const built = Math.min(...OUTPUTS.map((out) => statSync(join(root, out)).mtimeMs));
  const newest = Math.max(...SOURCES.map((src) => newestMtime(join(root, src))));
  return newest > built ? 'sources changed since the last build' : null;
}

/** Runs `electron-vite build` when needed; resolves once the output is current. */
export async function ensureBuilt(log: (line: string) => void, root = REPO_ROOT): Promise<void> {
  const reason = staleReason(root);
  if (!reason) return;
  log(`building the UI (${reason})…`);
  // The package's own script, run by this Node: no shell, same on every platform.
  const bin = join(root, 'node_modules/electron-vite/bin/electron-vite.js');
  await new Promise<void>((resolveBuild, reject) => {
    const child = spawn(process.execPath, [bin, 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolveBuild()
        : reject(new Error(`UI build failed (exit ${code}): ${stderr.trim().slice(-800)}`)),
    );
  });
}

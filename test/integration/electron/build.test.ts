// `electron-vite build` must produce the three bundles Electron loads: an ESM main process that leaves the
// native better-sqlite3 module to Node, a CommonJS preload (so the sandbox can stay on) that exposes only the
// bridge, and the renderer with its strict CSP.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = new URL('../../../', import.meta.url).pathname;
const out = (path: string) => join(root, 'out', path);

beforeAll(async () => {
  await run(join(root, 'node_modules/.bin/electron-vite'), ['build'], { cwd: root, timeout: 240_000 });
}, 300_000);

describe('electron-vite build', () => {
  it('emits the main process as ESM with better-sqlite3 left external', () => {
    const main = readFileSync(out('main/main.js'), 'utf8');
    expect(main).toMatch(/from ["']electron["']/);
    expect(main).toMatch(/["']better-sqlite3["']/);
    expect(main).not.toContain('sqlite3_open'); // the native binding is not inlined
  });

  it('emits a CommonJS preload that exposes the bridge through contextBridge and nothing else', () => {
    const preload = readFileSync(out('preload/preload.cjs'), 'utf8');
    expect(preload).toMatch(/require\(["']electron["']\)/);
    expect(preload).not.toMatch(/^\s*import\s/m);
    expect(preload).toContain('exposeInMainWorld("gammawatch"');
    expect((preload.match(/exposeInMainWorld/g) ?? []).length).toBe(1);
    expect(preload).not.toMatch(/require\(["'](fs|child_process|node:)/);
  });

  it('emits the renderer with its content security policy', () => {
    expect(existsSync(out('renderer/index.html'))).toBe(true);
    expect(readFileSync(out('renderer/index.html'), 'utf8')).toContain("default-src 'none'");
  });
});

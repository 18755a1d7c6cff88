import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasDisplay } from '../../../../src/host/headless/electron-runtime.ts';
import { staleReason } from '../../../../src/host/headless/renderer-build.ts';
import { resolveStatic } from '../../../../src/host/headless/static-files.ts';

function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'gw-build-'));
  for (const dir of [
    'src/renderer',
    'src/shared',
    'electron',
    'out/renderer/assets',
    'out/main',
    'out/preload',
  ])
    mkdirSync(join(root, dir), { recursive: true });
  for (const file of [
    'src/renderer/app.svelte',
    'package.json',
    'out/renderer/index.html',
    'out/main/main.js',
    'out/preload/preload.cjs',
  ])
    writeFileSync(join(root, file), 'x');
  return root;
}

const at = (path: string, seconds: number) => utimesSync(path, seconds, seconds);

describe('staleReason', () => {
  it('is null when the output is newer than every source', () => {
    const root = project();
    at(join(root, 'src/renderer/app.svelte'), 1000);
    at(join(root, 'package.json'), 1000);
    for (const out of ['out/renderer/index.html', 'out/main/main.js', 'out/preload/preload.cjs'])
      at(join(root, out), 2000);
    expect(staleReason(root)).toBeNull();
  });

  it('names a missing output', () => {
    const root = project();
    expect(staleReason(join(root, 'nowhere'))).toMatch(/missing/);
  });

  it('notices a source edited after the build', () => {
    const root = project();
    for (const out of ['out/renderer/index.html', 'out/main/main.js', 'out/preload/preload.cjs'])
      at(join(root, out), 2000);
    at(join(root, 'package.json'), 1000);
    at(join(root, 'src/renderer/app.svelte'), 3000);
    expect(staleReason(root)).toMatch(/changed/);
  });
});

describe('resolveStatic', () => {
  const root = project();
  writeFileSync(join(root, 'out/renderer/assets/app-1.js'), 'js');
  writeFileSync(join(root, 'out/secret.txt'), 'secret');
  const dir = join(root, 'out/renderer');

  it.each([
    ['/', 'text/html; charset=utf-8', false],
    ['/assets/app-1.js', 'text/javascript; charset=utf-8', true],
  ])('serves %s', async (path, type, immutable) => {
    const file = await resolveStatic(dir, path);
    expect(file).toMatchObject({ contentType: type, immutable });
  });

  it.each([
    ['/../secret.txt'],
    ['/%2e%2e/secret.txt'],
    ['/assets/%2e%2e/%2e%2e/secret.txt'],
    ['/assets'],
    ['/%E0%A4%A'],
    ['/a%00b'],
  ])('refuses %s', async (path) => {
    expect(await resolveStatic(dir, path)).toBeNull();
  });
});

describe('hasDisplay', () => {
  it.each<[NodeJS.ProcessEnv, NodeJS.Platform, boolean]>([
    [{}, 'darwin', true],
    [{}, 'win32', true],
    [{}, 'linux', false],
    [{ DISPLAY: ':0' }, 'linux', true],
    [{ WAYLAND_DISPLAY: 'wayland-0' }, 'linux', true],
    [{ DISPLAY: '' }, 'linux', false],
  ])('%o on %s → %s', (env, platform, expected) => {
    expect(hasDisplay(env, platform)).toBe(expected);
  });
});

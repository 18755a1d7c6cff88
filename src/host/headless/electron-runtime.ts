// Whether the Electron window can run here: the runtime is installed (its binary downloaded, which
// `npm ci` no longer does by itself) and there is a display to show it on. Never requires the
// `electron` module: that would try to download the binary.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export type ElectronAvailability = { ok: true; binary: string } | { ok: false; reason: string };

export function electronAvailability(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): ElectronAvailability {
  let packageDir: string;
  try {
    packageDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return { ok: false, reason: 'the electron package is not installed' };
  }
  const pathFile = join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) return { ok: false, reason: 'the Electron binary has not been downloaded' };
  const binary = join(
    env.ELECTRON_OVERRIDE_DIST_PATH ?? join(packageDir, 'dist'),
    readFileSync(pathFile, 'utf8').trim(),
  );
  if (!existsSync(binary)) return { ok: false, reason: `the Electron binary is missing (${binary})` };
  if (!hasDisplay(env, platform))
    return { ok: false, reason: 'no display (DISPLAY / WAYLAND_DISPLAY unset)' };
  return { ok: true, binary };
}

export function hasDisplay(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): boolean {
  if (platform === 'darwin' || platform === 'win32') return true;
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

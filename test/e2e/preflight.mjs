#!/usr/bin/env node
// Makes sure the end-to-end tests have what they need from the system: Debian's Chromium (Playwright's
// own browser download does not work offline), Xvfb, D-Bus and a notification daemon (dunst) so desktop
// notifications can be observed. As root on Debian it installs what is missing; otherwise it says how.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const wanted = [
  ['chromium', '/usr/bin/chromium'],
  ['xvfb', '/usr/bin/xvfb-run'],
  ['dbus', '/usr/bin/dbus-run-session'],
  ['dunst', '/usr/bin/dunst'],
  ['libnotify-bin', '/usr/bin/notify-send'],
];
const missing = wanted.filter(([, path]) => !existsSync(path)).map(([pkg]) => pkg);
if (missing.length === 0) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
if (!isRoot || !hasApt) {
  console.error(
    `e2e: missing system packages: ${missing.join(', ')}.\n` +
      `Install them (Debian/Ubuntu: sudo apt-get install ${missing.join(' ')}) and run the tests again.`,
  );
  process.exit(1);
}
console.log(`e2e: installing Debian packages: ${missing.join(' ')}`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
execFileSync(
  'apt-get',
  ['install', '-y', '-qq', '--no-install-recommends', ...missing, 'fonts-dejavu-core'],
  {
    stdio: 'inherit',
    env,
  },
);

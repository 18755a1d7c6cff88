#!/usr/bin/env node
// Makes sure the tests have what they need from the system. As root on Debian it installs what is
// missing; otherwise it says how.
//   (no argument)  the end-to-end tests: Debian's Chromium (Playwright's own browser download does
//                  not work offline), Xvfb, D-Bus and a notification daemon (dunst) so desktop
//                  notifications can be observed. Missing ones that cannot be installed fail.
//   --deploy       the deployment test (test/integration/deploy): nginx, as Debian's nginx-light. When
//                  it cannot be installed this only warns: that test skips with a message saying so.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const deploy = process.argv.includes('--deploy');
const group = deploy ? 'deploy' : 'e2e';
const wanted = deploy
  ? [['nginx-light', '/usr/sbin/nginx']]
  : [
      ['chromium', '/usr/bin/chromium'],
      ['xvfb', '/usr/bin/xvfb-run'],
      ['dbus', '/usr/bin/dbus-run-session'],
      ['dunst', '/usr/bin/dunst'],
      ['libnotify-bin', '/usr/bin/notify-send'],
    ];
const extras = deploy ? [] : ['fonts-dejavu-core'];
const missing = wanted.filter(([, path]) => !existsSync(path)).map(([pkg]) => pkg);
if (missing.length === 0) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
if (!isRoot || !hasApt) {
  console.error(
    `${group}: missing system packages: ${missing.join(', ')}.\n` +
      `Install them (Debian/Ubuntu: sudo apt-get install ${missing.join(' ')}) and run the tests again.` +
      (deploy ? '\nUntil then the nginx deployment test is skipped.' : ''),
  );
  process.exit(deploy ? 0 : 1);
}
console.log(`${group}: installing Debian packages: ${missing.join(' ')}`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing, ...extras], {
  stdio: 'inherit',
  env,
});

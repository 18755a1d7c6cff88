// The app on a desktop of its own (Xvfb, a private session bus, dunst: desktop-session.ts), so its
// libnotify channel reaches a real notification daemon; what it received is read back from
// `dunstctl history`. For the specs that check desktop notifications.
import { test as appTest } from '../fixtures.ts';
import {
  DESKTOP_PACKAGES,
  missingDesktopBinaries,
  startDesktopSession,
  type DesktopSession,
} from './desktop-session.ts';

export const desktopTest = appTest.extend<object, { desktop: DesktopSession }>({
  desktop: [
    // Playwright reads a fixture's dependencies from this pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const session = await startDesktopSession();
      await use(session);
      await session.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  // The app gets the desktop's DISPLAY and session bus, as it would inside a desktop session.
  appEnv: [async ({ desktop }, use) => use(desktop.appEnv), { scope: 'worker' }],
});

const missing = process.platform === 'linux' ? missingDesktopBinaries() : ['Linux'];
/** [skip, why]: for test.skip at the top of a spec (dunst and the rest must be installed). */
export const withoutDesktop: [boolean, string] = [
  missing.length > 0,
  `needs ${missing.join(', ')} (Debian: apt install ${DESKTOP_PACKAGES}; test/e2e/preflight.mjs installs them)`,
];

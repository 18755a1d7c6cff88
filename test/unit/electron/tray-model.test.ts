import { describe, expect, it } from 'vitest';
import { trayMenu, trayTooltip, unreadBadge, type TrayStatus } from '../../../electron/logic/tray-model.ts';

const base: TrayStatus = {
  paused: false,
  marketOpen: true,
  lastRunAt: 1_000_000,
  lastRunErrors: 0,
  unreadAlerts: 0,
  simulated: true,
  windowVisible: false,
};

describe('trayTooltip', () => {
  it.each([
    [{}, 1_000_000 + 30_000, 'Gammawatch — watching, last poll just now · simulated data'],
    [{ paused: true }, 1_000_000 + 5 * 60_000, 'Gammawatch — paused, last poll 5 min ago · simulated data'],
    [
      { marketOpen: false, simulated: false },
      1_000_000 + 3 * 3600_000,
      'Gammawatch — market closed, last poll 3 h ago',
    ],
    [{ lastRunAt: null, simulated: false }, 0, 'Gammawatch — watching, no poll yet'],
    [
      { lastRunErrors: 2, unreadAlerts: 1, simulated: false },
      1_000_000,
      'Gammawatch — watching, last poll just now, 2 errors · 1 unread alert',
    ],
  ])('%j', (patch, now, text) => {
    expect(trayTooltip({ ...base, ...patch }, now)).toBe(text);
  });
});

describe('trayMenu', () => {
  it('offers pause while polling and resume while paused', () => {
    expect(trayMenu(base, false).map((i) => i.action)).toContain('pause');
    const paused = trayMenu({ ...base, paused: true }, false);
    expect(paused.map((i) => i.action)).toContain('resume');
    expect(paused.find((i) => i.action === 'refresh')?.enabled).toBe(false);
  });

  it('shows the unread count on Open and the login item state', () => {
    const items = trayMenu({ ...base, unreadAlerts: 150 }, true);
    expect(items[0]?.label).toBe('Open Gammawatch (99+ unread)');
    expect(items.find((i) => i.action === 'launchAtLogin')?.checked).toBe(true);
    expect(items.at(-1)?.action).toBe('quit');
  });
});

describe('unreadBadge', () => {
  it.each([
    [0, ''],
    [-1, ''],
    [7, '7'],
    [100, '99+'],
  ])('%i → %s', (n, badge) => {
    expect(unreadBadge(n)).toBe(badge);
  });
});

// What the tray shows: a tooltip with the watcher's status and the menu's items. Electron's Tray and
// Menu are built from this model in tray.ts; the model itself is pure and tested.

export interface TrayStatus {
  paused: boolean;
  marketOpen: boolean;
  /** Epoch ms of the last finished poll run, or null before the first. */
  lastRunAt: number | null;
  /** Errors in the last poll run. */
  lastRunErrors: number;
  unreadAlerts: number;
  simulated: boolean;
  windowVisible: boolean;
}

export type TrayAction = 'open' | 'pause' | 'resume' | 'refresh' | 'launchAtLogin' | 'quit';

export interface TrayItem {
  action: TrayAction | null;
  label: string;
  enabled: boolean;
  checked?: boolean;
}

function ago(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `${hours} h ago` : `${Math.round(hours / 24)} d ago`;
}

export function trayTooltip(status: TrayStatus, now: number): string {
  const state = status.paused ? 'paused' : status.marketOpen ? 'watching' : 'market closed';
  const last = status.lastRunAt === null ? 'no poll yet' : `last poll ${ago(now - status.lastRunAt)}`;
  const errors =
    status.lastRunErrors > 0 ? `, ${status.lastRunErrors} error${status.lastRunErrors === 1 ? '' : 's'}` : '';
  const unread =
    status.unreadAlerts > 0
      ? ` · ${status.unreadAlerts} unread alert${status.unreadAlerts === 1 ? '' : 's'}`
      : '';
  const sim = status.simulated ? ' · simulated data' : '';
  return `Gammawatch — ${state}, ${last}${errors}${unread}${sim}`;
}

export function trayMenu(status: TrayStatus, launchAtLogin: boolean): TrayItem[] {
  const unread =
    status.unreadAlerts > 0 ? ` (${status.unreadAlerts > 99 ? '99+' : status.unreadAlerts} unread)` : '';
  return [
    { action: 'open', label: `Open Gammawatch${unread}`, enabled: true },
    { action: null, label: status.paused ? 'Polling paused' : 'Polling active', enabled: false },
    status.paused
      ? { action: 'resume', label: 'Resume polling', enabled: true }
      : { action: 'pause', label: 'Pause polling', enabled: true },
    { action: 'refresh', label: 'Refresh now', enabled: !status.paused },
    { action: 'launchAtLogin', label: 'Launch at login', enabled: true, checked: launchAtLogin },
    { action: 'quit', label: 'Quit Gammawatch', enabled: true },
  ];
}

/** The badge text for the dock / tray title: empty when nothing is unread. */
export function unreadBadge(unread: number): string {
  return unread <= 0 ? '' : unread > 99 ? '99+' : String(unread);
}

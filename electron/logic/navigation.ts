// Navigation policy (Electron security checklist items 12-14): the window only ever shows the app's own
// renderer; every other navigation and every new window is refused; external links leave through
// shell.openExternal only when they pass this allow-list.

/** Hosts the app links to: documentation and charting platforms the levels export targets. */
export const EXTERNAL_ALLOW_LIST: readonly string[] = [
  'www.tradingview.com',
  'tradingview.com',
  'www.cboe.com',
  'www.nyse.com',
  'github.com',
];

/** Whether a URL may be opened in the user's browser. Only https, only allow-listed hosts, no credentials. */
export function isAllowedExternalUrl(
  raw: string,
  allowList: readonly string[] = EXTERNAL_ALLOW_LIST,
): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:') return false;
  if (url.username !== '' || url.password !== '') return false;
  return allowList.includes(url.hostname.toLowerCase());
}

/**
 * Whether an in-window navigation stays inside the app: the packaged renderer's index.html (file:) or, in
 * development, the electron-vite dev server's origin.
 */
export function isAppNavigation(raw: string, appEntry: string): boolean {
  let url: URL;
  let entry: URL;
  try {
    url = new URL(raw);
    entry = new URL(appEntry);
  } catch {
    return false;
  }
  if (entry.protocol === 'file:') return url.protocol === 'file:' && url.pathname === entry.pathname;
  return url.origin === entry.origin;
}

// The main window: sandboxed, context-isolated, no Node; size and position remembered in a small
// JSON file beside the database. Closing the window hides it — the watcher keeps running in the tray.
import { BrowserWindow, screen } from 'electron';
import fs from 'node:fs';
import { guardContents } from './security.ts';
import {
  DEFAULT_WINDOW_STATE,
  MIN_HEIGHT,
  MIN_WIDTH,
  parseWindowState,
  restoreBounds,
  type WindowState,
} from './logic/window-state.ts';

export interface MainWindowOptions {
  /** file:// URL of out/renderer/index.html, or the dev server's URL. */
  entry: string;
  preload: string;
  stateFile: string;
  /** Whether quitting is under way (then close really closes). */
  isQuitting: () => boolean;
}

function readState(file: string): WindowState {
  try {
    return parseWindowState(JSON.parse(fs.readFileSync(file, 'utf8')));
  } catch {
    return DEFAULT_WINDOW_STATE;
  }
}

function saveState(window: BrowserWindow, file: string): void {
  const b = window.getNormalBounds();
  const state: WindowState = {
    x: b.x,
    y: b.y,
    width: b.width,
    height: b.height,
    maximized: window.isMaximized(),
  };
  try {
    fs.writeFileSync(file, JSON.stringify(state));
  } catch {
    // A read-only or full disk costs the remembered position, nothing else.
  }
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const bounds = restoreBounds(
    readState(options.stateFile),
    screen.getAllDisplays().map((d) => d.workArea),
  );
  const window = new BrowserWindow({
    x: bounds.x,
    y: bounds.y,
    width: bounds.width,
    height: bounds.height,
    minWidth: MIN_WIDTH,
    minHeight: MIN_HEIGHT,
    show: false,
    title: 'Gammawatch',
    backgroundColor: '#0f1216',
    webPreferences: {
      // Reviewed (electronegativity PRELOAD_JS_CHECK): sandboxed, exposes only the typed bridge.
      preload: options.preload, // eng-disable PRELOAD_JS_CHECK
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      spellcheck: false,
      // Middle-click would open links in new windows, bypassing the will-navigate guard.
      disableBlinkFeatures: 'Auxclick',
    },
  });
  guardContents(window.webContents, options.entry);
  if (bounds.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());
  window.on('close', (event) => {
    saveState(window, options.stateFile);
    if (!options.isQuitting()) {
      event.preventDefault();
      window.hide();
    }
  });
  void window.loadURL(options.entry);
  return window;
}

/** Shows the window (restoring it from the tray or minimised) and optionally navigates to a route. */
export function revealWindow(window: BrowserWindow, hash?: string): void {
  if (hash !== undefined) {
    const url = new URL(window.webContents.getURL());
    url.hash = hash;
    void window.loadURL(url.toString());
  }
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}

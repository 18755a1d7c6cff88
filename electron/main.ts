// Electron main process. Thin by design: lifecycle, window, tray, notifications and wiring. The core
// (store, poller, alerts) is src/core/app/create-app.ts and runs for the app's whole life: closing
// the window hides it and polling goes on; only Quit (tray, menu, or the OS) stops it, after work
// in flight.
import { app as electronApp, BrowserWindow, dialog, ipcMain, session } from 'electron';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createApp, createBridgeHandlers, type App } from '../src/core/index.ts';
import type { BridgeHandlers } from '../src/shared/bridge/contract.ts';
import { alertRoute } from './logic/alert-route.ts';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from './logic/channels.ts';
import { createInvokeRouter } from './logic/ipc-router.ts';
import { desktopLaunch } from './logic/launch.ts';
import { moveLegacyData } from './logic/legacy-data.ts';
import type { TrayAction, TrayStatus } from './logic/tray-model.ts';
import { installAppMenu } from './menu.ts';
import { electronNotifier } from './notifier.ts';
import { safeStorageSecrets } from './secrets.ts';
import { hardenSession } from './security.ts';
import { createTray, type TrayController } from './tray.ts';
import { createMainWindow, revealWindow } from './window.ts';

const here = import.meta.dirname;
const rendererEntry =
  process.env['ELECTRON_RENDERER_URL'] ?? pathToFileURL(path.join(here, '../renderer/index.html')).href;
const preload = path.join(here, '../preload/preload.cjs');

let core: App | null = null;
let window: BrowserWindow | null = null;
let tray: TrayController | null = null;
let handlers: BridgeHandlers | null = null;
let quitting = false;

if (!electronApp.requestSingleInstanceLock()) {
  // A second launch only wakes the first one (below) and leaves.
  electronApp.quit();
} else {
  electronApp.on('second-instance', () => showWindow());
  electronApp.on('before-quit', (event) => {
    if (quitting || core === null) return;
    // Wait for work in flight before the process goes away.
    event.preventDefault();
    quitting = true;
    const running = core;
    core = null;
    void running.stop().finally(() => electronApp.quit());
  });
  electronApp.on('window-all-closed', () => {
    // Stay resident in the tray: the watcher keeps polling with no window open.
  });
  electronApp.on('activate', () => showWindow());
  void electronApp.whenReady().then(start);
}

function showWindow(hash?: string): void {
  if (window === null || window.isDestroyed()) {
    window = createMainWindow({
      entry: rendererEntry,
      preload,
      stateFile: path.join(electronApp.getPath('userData'), 'window-state.json'),
      isQuitting: () => quitting,
    });
  }
  revealWindow(window, hash);
}

async function start(): Promise<void> {
  hardenSession(session.defaultSession);
  // One data folder for every entry point (--data-dir, $GAMMAWATCH_HOME, ~/.gammawatch), so the
  // assistants' MCP server and the command line read what the desktop app stores.
  const launch = desktopLaunch(process.argv, process.env);
  if (!launch.ok) {
    // Said, not thrown: a rejection here left a process with no window, no tray and no word.
    process.stderr.write(`gammawatch: ${launch.message}\n`);
    dialog.showErrorBox('Gammawatch cannot start', launch.message);
    electronApp.exit(2);
    return;
  }
  const { dataDir } = launch;
  const moved = moveLegacyData(electronApp.getPath('userData'), dataDir);
  core = await createApp({
    dataDir,
    desktopNotifier: electronNotifier((tag) => openAlert(Number(tag))),
    // GAMMAWATCH_API_KEY / GAMMAWATCH_TRADIER_TOKEN still win over these (createApp's env overrides).
    secrets: safeStorageSecrets(dataDir),
    // `gammawatch start --verbose` (or the app run with --verbose): the rotating log file.
    ...(launch.logFile !== undefined ? { logFile: launch.logFile } : {}),
    // `gammawatch start --clock/--seed`: this run's simulator, as headless mode gets it.
    ...(launch.dataSource !== undefined ? { dataSource: launch.dataSource } : {}),
  });
  if (moved.kind === 'moved')
    core.log(`data moved from Electron's userData to ${dataDir}: ${moved.entries.join(', ')}`);
  if (moved.kind === 'kept') core.log(moved.reason);
  handlers = createBridgeHandlers(core);
  const route = createInvokeRouter(handlers, rendererEntry, {
    // Through the app's log, which keeps stored secrets out of the line (the stack included).
    onUnexpectedError: (method, error) =>
      core?.log(
        `bridge ${method}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      ),
  });
  ipcMain.handle(INVOKE_CHANNEL, (event, method: unknown, input: unknown) =>
    route(event.senderFrame?.url ?? '', method, input),
  );
  core.events.subscribe((message) => {
    for (const w of BrowserWindow.getAllWindows())
      if (!w.isDestroyed()) w.webContents.send(EVENT_CHANNEL, message);
    if (message.event === 'alert:new' || message.event === 'poll:status' || message.event === 'app:changed')
      refreshTray();
  });

  tray = createTray(onTrayAction);
  installAppMenu({
    refreshNow: () => void core?.refreshNow(),
    togglePause: () => onTrayAction(core?.poller.paused ? 'resume' : 'pause'),
    openSettings: () => showWindow('#/settings'),
  });
  core.start();
  refreshTray();
  showWindow();
}

function openAlert(id: number): void {
  const target = core?.alertTarget(id) ?? null;
  showWindow(
    target
      ? alertRoute({ ticker: target.ticker, asof: new Date(target.asof).toISOString() })
      : '#/alerts/history',
  );
}

function onTrayAction(action: TrayAction): void {
  switch (action) {
    case 'open':
      showWindow();
      break;
    case 'pause':
      core?.poller.pause();
      break;
    case 'resume':
      core?.poller.resume();
      break;
    case 'refresh':
      void core?.refreshNow();
      break;
    case 'launchAtLogin':
      electronApp.setLoginItemSettings({ openAtLogin: !electronApp.getLoginItemSettings().openAtLogin });
      break;
    case 'quit':
      electronApp.quit();
      return;
  }
  refreshTray();
}

function refreshTray(): void {
  if (core === null || tray === null || handlers === null) return;
  const running = core;
  const trayNow = tray;
  void handlers['poll:status'](undefined).then((poll) => {
    const info = running.info();
    const unread = running.unreadAlertCount();
    const lastRun = poll.recentRuns[0] ?? null;
    const status: TrayStatus = {
      paused: poll.paused,
      marketOpen: info.market.open,
      lastRunAt: lastRun?.finishedAt ? Date.parse(lastRun.finishedAt) : null,
      lastRunErrors: lastRun?.errors ?? 0,
      unreadAlerts: unread,
      simulated: info.simulated,
      windowVisible: window?.isVisible() ?? false,
    };
    trayNow.update(status, electronApp.getLoginItemSettings().openAtLogin);
    electronApp.setBadgeCount(unread);
  });
}

// The standard application menu, with the roles each platform expects, plus Refresh Now (⌘/Ctrl+R
// refreshes the data, not the page) and Pause Polling.
import { Menu, type MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  refreshNow(): void;
  togglePause(): void;
  openSettings(): void;
}

export function installAppMenu(actions: MenuActions): void {
  const isMac = process.platform === 'darwin';
  const template: MenuItemConstructorOptions[] = [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        { label: 'Settings…', accelerator: 'CmdOrCtrl+,', click: actions.openSettings },
        { type: 'separator' },
        isMac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: 'Data',
      submenu: [
        { label: 'Refresh Now', accelerator: 'CmdOrCtrl+R', click: actions.refreshNow },
        { label: 'Pause / Resume Polling', accelerator: 'CmdOrCtrl+Shift+P', click: actions.togglePause },
      ],
    },
    {
      label: 'View',
      submenu: [
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}

// The tray icon: status in the tooltip, unread count in the title (macOS) and menu, and the actions
// that matter while the window is closed: open, pause/resume, refresh now, launch at login, quit.
import { Menu, nativeImage, Tray } from 'electron';
import { trayMenu, trayTooltip, unreadBadge, type TrayAction, type TrayStatus } from './logic/tray-model.ts';

// A 16×16 template glyph (a rising curve), embedded so the app ships no loose image files.
const ICON_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAO0lEQVR4nGNgGPbgPxQPjAH/cbDpZwBFAJuNJLmCYgMoAvhsIugKQvGOVf4/GibWErh6ELGATEx5wAIAHawkpZR+jjEAAAAASUVORK5CYII=';

export interface TrayController {
  update(status: TrayStatus, launchAtLogin: boolean): void;
  destroy(): void;
}

export function createTray(onAction: (action: TrayAction) => void): TrayController {
  const icon = nativeImage.createFromDataURL(`data:image/png;base64,${ICON_PNG_BASE64}`);
  icon.setTemplateImage(true);
  const tray = new Tray(icon);
  tray.on('click', () => onAction('open'));
  return {
    update(status, launchAtLogin) {
      tray.setToolTip(trayTooltip(status, Date.now()));
      if (process.platform === 'darwin') tray.setTitle(unreadBadge(status.unreadAlerts));
      tray.setContextMenu(
        Menu.buildFromTemplate(
          trayMenu(status, launchAtLogin).map((item) =>
            item.action === null
              ? { label: item.label, enabled: false }
              : item.checked === undefined
                ? {
                    label: item.label,
                    enabled: item.enabled,
                    click: () => onAction(item.action as TrayAction),
                  }
                : {
                    label: item.label,
                    type: 'checkbox' as const,
                    checked: item.checked,
                    click: () => onAction(item.action as TrayAction),
                  },
          ),
        ),
      );
    },
    destroy: () => tray.destroy(),
  };
}

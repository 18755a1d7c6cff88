// Window size and position, remembered across launches. Pure so it can be tested without Electron:
// main.ts feeds it the saved state and the displays' work areas and gets back bounds that are
// guaranteed to be visible (a monitor that was unplugged must not leave the window off-screen).
import { z } from 'zod';

export const WindowStateSchema = z.object({
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  width: z.number().int().min(400).max(20_000),
  height: z.number().int().min(300).max(20_000),
  maximized: z.boolean().default(false),
});
export type WindowState = z.infer<typeof WindowStateSchema>;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const DEFAULT_WINDOW_STATE: WindowState = { width: 1280, height: 820, maximized: false };
export const MIN_WIDTH = 900;
export const MIN_HEIGHT = 600;
/** How much of the window's title bar must overlap a display for the position to be kept. */
const MIN_VISIBLE = 64;

/** Parses a stored state; anything unreadable falls back to the default (a bad file never blocks start-up). */
export function parseWindowState(raw: unknown): WindowState {
  const parsed = WindowStateSchema.safeParse(raw);
  return parsed.success ? parsed.data : DEFAULT_WINDOW_STATE;
}

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  return {
    width: Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)),
    height: Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)),
  };
}

/**
 * Bounds to open the window with: the saved size clamped to the largest work area, the saved position
 * when its top strip is visible on some display, otherwise centred on the primary display.
 */
export function restoreBounds(saved: WindowState, workAreas: readonly Rect[]): Rect & { maximized: boolean } {
  const primary = workAreas[0] ?? { x: 0, y: 0, width: 1920, height: 1080 };
  const largest = workAreas.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a), primary);
  const width = Math.max(MIN_WIDTH, Math.min(saved.width, largest.width));
  const height = Math.max(MIN_HEIGHT, Math.min(saved.height, largest.height));
  if (saved.x !== undefined && saved.y !== undefined) {
    const titleBar: Rect = { x: saved.x, y: saved.y, width, height: 32 };
    const visible = workAreas.some((area) => {
      const o = overlap(titleBar, area);
      return o.width >= MIN_VISIBLE && o.height > 0;
    });
    if (visible) return { x: saved.x, y: saved.y, width, height, maximized: saved.maximized };
  }
  return {
    x: Math.round(primary.x + (primary.width - width) / 2),
    y: Math.round(primary.y + (primary.height - height) / 2),
    width,
    height,
    maximized: saved.maximized,
  };
}

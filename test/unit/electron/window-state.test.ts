import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WINDOW_STATE,
  MIN_HEIGHT,
  MIN_WIDTH,
  parseWindowState,
  restoreBounds,
  type Rect,
} from '../../../electron/logic/window-state.ts';

const laptop: Rect = { x: 0, y: 0, width: 1440, height: 900 };
const external: Rect = { x: 1440, y: 0, width: 2560, height: 1440 };

describe('parseWindowState', () => {
  it.each([
    ['null', null],
    ['a string', 'garbage'],
    ['negative size', { width: -5, height: 10 }],
    ['missing height', { width: 1000 }],
  ])('falls back to the default for %s', (_name, raw) => {
    expect(parseWindowState(raw)).toEqual(DEFAULT_WINDOW_STATE);
  });

  it('keeps a valid state', () => {
    expect(parseWindowState({ x: 10, y: 20, width: 1000, height: 700, maximized: true })).toEqual({
      x: 10,
      y: 20,
      width: 1000,
      height: 700,
      maximized: true,
    });
  });
});

describe('restoreBounds', () => {
  it('keeps a position that is visible on a display', () => {
    const b = restoreBounds({ x: 1600, y: 100, width: 1200, height: 800, maximized: false }, [
      laptop,
      external,
    ]);
    expect(b).toMatchObject({ x: 1600, y: 100, width: 1200, height: 800 });
  });

  it('centres on the primary display when the saved monitor is gone', () => {
    const b = restoreBounds({ x: 3000, y: 100, width: 1200, height: 800, maximized: false }, [laptop]);
    expect(b).toEqual({ x: 120, y: 50, width: 1200, height: 800, maximized: false });
  });

  it('clamps a size larger than every display and never below the minimum', () => {
    expect(restoreBounds({ width: 9000, height: 9000, maximized: false }, [laptop])).toMatchObject({
      width: 1440,
      height: 900,
    });
    expect(restoreBounds({ width: 400, height: 300, maximized: false }, [laptop])).toMatchObject({
      width: MIN_WIDTH,
      height: MIN_HEIGHT,
    });
  });

  it('rejects a position whose title bar is only a sliver on screen', () => {
    const b = restoreBounds({ x: 1440 - 20, y: 10, width: 1000, height: 700, maximized: false }, [laptop]);
    expect(b.x).toBe(220);
  });

  it('remembers maximised', () => {
    expect(restoreBounds({ width: 1000, height: 700, maximized: true }, [laptop]).maximized).toBe(true);
  });
});

// app:changed is emitted when what the header shows changes, once per burst, and not for the
// market's clock ticking on.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InfoChanges } from '../../../../src/core/source/info-changes.ts';
import type { AppInfo } from '../../../../src/shared/bridge/app-info.ts';

function info(badge: string, now = '2026-09-14T16:00:00.000Z'): AppInfo {
  return {
    version: '1.0.0',
    dataSource: {
      kind: 'chains',
      label: 'Chain folder',
      baseUrl: null,
      badge,
      problems: [],
      problemCount: 0,
    },
    simulated: false,
    clock: 'data',
    now,
    market: {
      open: false,
      sessionOpen: '2026-09-15T13:30:00.000Z',
      sessionClose: '2026-09-15T20:00:00.000Z',
      earlyClose: false,
    },
    firstRun: false,
    dataDir: '/tmp/x',
    logFile: null,
  };
}

describe('InfoChanges', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('emits a change of badge once, not a change of the market clock', () => {
    let current = info('Chain folder: no files yet');
    const emitted: AppInfo[] = [];
    const changes = new InfoChanges({
      info: () => current,
      emit: (i) => emitted.push(i),
      log: () => undefined,
    });
    changes.start(5000);
    current = info('Chain folder: no files yet', '2026-09-14T16:05:00.000Z');
    vi.advanceTimersByTime(5000);
    expect(emitted).toEqual([]);
    current = info('Chain files as of Sep 14 16:31 ET');
    for (let i = 0; i < 10; i++) changes.schedule();
    vi.advanceTimersByTime(250);
    expect(emitted.map((e) => e.dataSource.badge)).toEqual(['Chain files as of Sep 14 16:31 ET']);
    vi.advanceTimersByTime(20_000);
    expect(emitted).toHaveLength(1);
    changes.check(true);
    expect(emitted).toHaveLength(2);
    changes.stop();
    current = info('Chain folder: no files yet');
    changes.check(true);
    vi.advanceTimersByTime(20_000);
    expect(emitted).toHaveLength(2);
  });

  it('logs a failing info instead of throwing', () => {
    const lines: string[] = [];
    const changes = new InfoChanges({
      info: () => {
        throw new Error('store closed');
      },
      emit: () => undefined,
      log: (line) => lines.push(line),
    });
    expect(() => changes.check(true)).not.toThrow();
    expect(lines).toEqual(['app info: store closed']);
  });
});

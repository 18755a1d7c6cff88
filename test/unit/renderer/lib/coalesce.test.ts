import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalesce } from '../../../../src/renderer/lib/coalesce.ts';

describe('coalesce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a burst of schedules calls once, after the delay', () => {
    const fn = vi.fn();
    const c = coalesce(fn, 150);
    for (let i = 0; i < 40; i++) c.schedule();
    vi.advanceTimersByTime(149);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    // A later burst is another call.
    c.schedule();
    vi.advanceTimersByTime(150);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('cancel drops the pending call', () => {
    const fn = vi.fn();
    const c = coalesce(fn);
    c.schedule();
    c.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).not.toHaveBeenCalled();
  });
});

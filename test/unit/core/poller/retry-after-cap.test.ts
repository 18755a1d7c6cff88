// A server's Retry-After is followed only so far: a 429 with `Retry-After: 86400` once held every
// job of the watcher for a day (the queue's global gate), and `watch --once` hung with it. The
// queue caps a stated wait (5 min by default) and says so; a task with `maxWaitMs` fails instead
// of being held back longer than that.
import { describe, expect, it } from 'vitest';
import { ManualTimers } from '../../../../src/core/lib/timers.ts';
import { formatWait, rateLimitText } from '../../../../src/core/poller/wait-text.ts';
import {
  DEFAULT_MAX_STATED_WAIT_MS,
  WaitTooLongError,
  WorkQueue,
  type FailureAdvice,
  type QueueTask,
} from '../../../../src/core/poller/work-queue.ts';

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

const HOUR = 3_600_000;

class Refusal extends Error {
  constructor(readonly advice: FailureAdvice) {
    super('rate limited (HTTP 429)');
  }
}

/**
 * A queue whose tasks answer 429 (with `retryAfterMs`, a global gate) until `open()` is called.
 * No jitter, no backoff of its own: every wait seen is the server's.
 */
function setup(retryAfterMs: number, options: ConstructorParameters<typeof WorkQueue>[0] = {}) {
  const timers = new ManualTimers(1_000_000);
  let limited = true;
  const calls: string[] = [];
  const notes: string[] = [];
  const queue = new WorkQueue({
    timers,
    random: () => 0,
    backoffBaseMs: 0,
    maxAttempts: 3,
    classify: (error) => (error instanceof Refusal ? error.advice : { retry: false }),
    ...options,
  });
  const task = (key: string, extra: Partial<QueueTask<string>> = {}): QueueTask<string> => ({
    key,
    endpoint: key.split(':')[0] as string,
    onNote: (note) => notes.push(`${key}: ${note}`),
    run: async () => {
      calls.push(key);
      if (limited) throw new Refusal({ retry: true, retryAfterMs, gate: 'all' });
      return key.toUpperCase();
    },
    ...extra,
  });
  return { timers, queue, calls, notes, task, open: () => (limited = false) };
}

describe('formatWait / rateLimitText', () => {
  it.each([
    [86_400_000, '24 h'],
    [1.5 * HOUR, '1.5 h'],
    [300_000, '5 min'],
    [90_000, '1.5 min'],
    [30_000, '30 s'],
    [1_200, '2 s'],
  ])('%d ms reads as %s', (ms, text) => expect(formatWait(ms)).toBe(text));

  it('names the cap only when the wait was cut', () => {
    expect(rateLimitText(86_400_000, 300_000)).toBe(
      'rate limited: the server asked to wait 24 h; waiting 5 min',
    );
    expect(rateLimitText(20_000, 20_000)).toBe('rate limited: the server asked to wait 20 s');
  });
});

describe('a scheduled task and a long Retry-After', () => {
  it.each([
    // stated, cap option, the wait taken, the note
    [86_400_000, undefined, 300_000, 'rate limited: the server asked to wait 24 h; waiting 5 min'],
    [1.5 * HOUR, undefined, 300_000, 'rate limited: the server asked to wait 1.5 h; waiting 5 min'],
    [86_400_000, 60_000, 60_000, 'rate limited: the server asked to wait 24 h; waiting 1 min'],
    [120_000, undefined, 120_000, null],
  ])('Retry-After %d ms (cap %s): waits %d ms, noted as %j', async (stated, cap, wait, note) => {
    const s = setup(stated, cap === undefined ? {} : { maxStatedWaitMs: cap });
    const first = s.queue.enqueue(s.task('signals:SPY'));
    const other = s.queue.enqueue(s.task('top_setups:all'));
    await flush();
    s.open();
    // The global gate holds for the capped wait, not for the day the server asked.
    expect(s.queue.stats().gatedUntil).toBe(1_000_000 + wait);
    s.timers.advance(wait - 1);
    await flush();
    const callsBefore = s.calls.length;
    s.timers.advance(1);
    await flush();
    expect(s.calls.length).toBeGreaterThan(callsBefore);
    expect(await Promise.all([first, other])).toEqual(['SIGNALS:SPY', 'TOP_SETUPS:ALL']);
    expect(s.notes.filter((n) => n.startsWith('signals:SPY'))).toEqual(
      note === null ? [] : [`signals:SPY: ${note}`],
    );
  });

  it('caps at 5 minutes by default', () => {
    expect(DEFAULT_MAX_STATED_WAIT_MS).toBe(300_000);
  });
});

describe('a task with maxWaitMs (watch --once)', () => {
  it('fails at once, with the reason, when the server asks for more than it waits', async () => {
    const s = setup(86_400_000);
    const limitedTask = s.queue.enqueue(s.task('signals:SPY', { maxWaitMs: 30_000 }));
    const queuedBehind = s.queue.enqueue(s.task('signals:QQQ', { maxWaitMs: 30_000 }));
    const patient = s.queue.enqueue(s.task('signals:IWM'));
    // The first two ran and were refused; the third ran too (concurrency 4).
    await flush();
    for (const p of [limitedTask, queuedBehind]) {
      const error = await p.then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(WaitTooLongError);
      expect((error as WaitTooLongError).message).toBe(
        'rate limited: the server asked to wait 24 h; not waiting longer than 30 s',
      );
      expect((error as WaitTooLongError).rateLimited).toBe(true);
      expect((error as WaitTooLongError).cause).toBeInstanceOf(Refusal);
    }
    // No time has passed: it gave up without waiting. A task without a limit still waits (capped).
    expect(s.timers.now()).toBe(1_000_000);
    expect(s.notes).toEqual(['signals:IWM: rate limited: the server asked to wait 24 h; waiting 5 min']);
    s.open();
    s.timers.advance(300_000);
    expect(await patient).toBe('SIGNALS:IWM');
  });

  it('fails a task queued behind the gate too, without running it', async () => {
    const s = setup(86_400_000, { concurrency: 1 });
    const first = s.queue.enqueue(s.task('signals:SPY', { maxWaitMs: 30_000 }));
    const second = s.queue.enqueue(s.task('market_structure:SPY', { maxWaitMs: 30_000 }));
    await expect(first).rejects.toBeInstanceOf(WaitTooLongError);
    await expect(second).rejects.toThrow(/server asked to wait 24 h; not waiting longer than 30 s/);
    expect(s.calls).toEqual(['signals:SPY']);
    await s.queue.onIdle();
  });

  it('waits out a Retry-After within its limit', async () => {
    const s = setup(20_000);
    const p = s.queue.enqueue(s.task('signals:SPY', { maxWaitMs: 30_000 }));
    await flush();
    s.open();
    s.timers.advance(20_000);
    expect(await p).toBe('SIGNALS:SPY');
    expect(s.calls).toEqual(['signals:SPY', 'signals:SPY']);
  });

  it('gives up on a long failure backoff the same way, naming it', async () => {
    const timers = new ManualTimers(0);
    const queue = new WorkQueue({
      timers,
      random: () => 1,
      backoffBaseMs: 60_000,
      classify: () => ({ retry: true }),
    });
    const p = queue.enqueue({
      key: 'signals:SPY',
      endpoint: 'signals',
      maxWaitMs: 30_000,
      run: () => Promise.reject(new Error('HTTP 502')),
    });
    await expect(p).rejects.toThrow(
      'signals is backing off after failures for 1 min; not waiting longer than 30 s',
    );
  });
});

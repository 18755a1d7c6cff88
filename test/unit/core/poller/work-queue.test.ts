import { describe, expect, it } from 'vitest';
import { ManualTimers } from '../../../../src/core/lib/timers.ts';
import { QueueClosedError, WorkQueue, type FailureAdvice } from '../../../../src/core/poller/work-queue.ts';

/** A task whose completion the test controls. */
function deferred<T = string>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets settled promise callbacks run. */
const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

function setup(options: ConstructorParameters<typeof WorkQueue>[0] = {}) {
  const timers = new ManualTimers(1_000_000);
  const queue = new WorkQueue({ timers, random: () => 0.5, ...options });
  const started: string[] = [];
  const gates = new Map<string, ReturnType<typeof deferred<string>>>();
  const task = (key: string, endpoint = 'signals', urgent = false) => ({
    key,
    endpoint,
    urgent,
    run: () => {
      started.push(key);
      const d = deferred();
      gates.set(key, d);
      return d.promise;
    },
  });
  return { timers, queue, started, gates, task };
}

describe('WorkQueue', () => {
  it('runs at most `concurrency` tasks at once, in order', async () => {
    const { queue, started, gates, task } = setup({ concurrency: 2 });
    const results = ['a', 'b', 'c'].map((k) => queue.enqueue(task(k)));
    expect(started).toEqual(['a', 'b']);
    expect(queue.stats()).toMatchObject({ queued: 1, running: 2 });
    gates.get('a')?.resolve('A');
    await flush();
    expect(started).toEqual(['a', 'b', 'c']);
    gates.get('b')?.resolve('B');
    gates.get('c')?.resolve('C');
    expect(await Promise.all(results)).toEqual(['A', 'B', 'C']);
    await queue.onIdle();
  });

  it('identical work queued twice is one task', async () => {
    const { queue, started, gates, task } = setup({ concurrency: 1 });
    const first = queue.enqueue(task('a'));
    const again = queue.enqueue(task('a'));
    expect(again).toBe(first);
    gates.get('a')?.resolve('A');
    expect(await again).toBe('A');
    expect(started).toEqual(['a']);
  });

  it('urgent work jumps the queue and skips jitter', async () => {
    const { queue, started, timers, gates, task } = setup({ concurrency: 1, jitterMs: 1000 });
    void queue.enqueue(task('routine-1'));
    void queue.enqueue(task('routine-2'));
    expect(started).toEqual([]); // both wait for their jitter (500 ms with random 0.5)
    void queue.enqueue(task('now', 'signals', true));
    expect(started).toEqual(['now']);
    gates.get('now')?.resolve('x');
    await flush();
    expect(started).toEqual(['now']);
    timers.advance(500);
    expect(started).toEqual(['now', 'routine-1']);
  });

  it('refresh-now joining queued routine work makes it urgent', async () => {
    const { queue, started, task } = setup({ concurrency: 1, jitterMs: 1000 });
    const routine = queue.enqueue(task('a'));
    const urgent = queue.enqueue(task('a', 'signals', true));
    expect(urgent).toBe(routine);
    expect(started).toEqual(['a']);
  });

  it('backs off an endpoint after a failure and retries within maxAttempts', async () => {
    const { queue, started, timers, gates, task } = setup({
      concurrency: 4,
      maxAttempts: 2,
      backoffBaseMs: 1000,
    });
    const result = queue.enqueue(task('a', 'signals'));
    void queue.enqueue(task('other', 'income'));
    gates.get('a')?.reject(new Error('boom'));
    await flush();
    // Retry waits for backoff: base 1000 × (0.5 + 0.5 × 0.5) = 750 ms.
    expect(started).toEqual(['a', 'other']);
    expect(Object.keys(queue.stats().backoff)).toEqual(['signals']);
    void queue.enqueue(task('b', 'signals'));
    expect(started).toEqual(['a', 'other']); // same endpoint held back
    timers.advance(749);
    expect(started).toEqual(['a', 'other']);
    timers.advance(1);
    expect(started).toEqual(['a', 'other', 'a', 'b']);
    gates.get('a')?.reject(new Error('boom again'));
    await expect(result).rejects.toThrow('boom again');
  });

  it('does not retry what the classifier says is final', async () => {
    const classify = (): FailureAdvice => ({ retry: false });
    const { queue, started, gates, task } = setup({ maxAttempts: 5, classify });
    const result = queue.enqueue(task('a'));
    gates.get('a')?.reject(new Error('unknown ticker'));
    await expect(result).rejects.toThrow('unknown ticker');
    expect(started).toEqual(['a']);
  });

  it('a definite answer (no backoff advised) does not hold back the endpoint', async () => {
    const classify = (): FailureAdvice => ({ retry: false, backoff: false });
    const { queue, started, gates, task } = setup({ concurrency: 1, classify, backoffBaseMs: 1000 });
    const missing = queue.enqueue(task('signals:QQQ', 'signals'));
    void queue.enqueue(task('signals:SPY', 'signals'));
    gates.get('signals:QQQ')?.reject(new Error('unknown ticker'));
    await expect(missing).rejects.toThrow('unknown ticker');
    await flush();
    expect(started).toEqual(['signals:QQQ', 'signals:SPY']);
    expect(queue.stats().backoff).toEqual({});
  });

  it('a 429 with Retry-After gates every endpoint until then', async () => {
    const classify = (): FailureAdvice => ({ retry: true, retryAfterMs: 5000, gate: 'all' });
    const { queue, started, timers, gates, task } = setup({ concurrency: 4, classify, backoffBaseMs: 10 });
    void queue.enqueue(task('a', 'signals')).catch(() => undefined);
    gates.get('a')?.reject(new Error('429'));
    await flush();
    void queue.enqueue(task('b', 'income'));
    expect(queue.stats().gatedUntil).toBe(timers.now() + 5000);
    timers.advance(4999);
    expect(started).toEqual(['a']);
    timers.advance(1);
    expect(started).toEqual(['a', 'a', 'b']);
  });

  it('success resets the endpoint backoff', async () => {
    const { queue, timers, gates, task } = setup({ maxAttempts: 2, backoffBaseMs: 1000 });
    const result = queue.enqueue(task('a'));
    gates.get('a')?.reject(new Error('x'));
    await flush();
    expect(Object.keys(queue.stats().backoff)).toEqual(['signals']);
    timers.advance(1000);
    gates.get('a')?.resolve('A');
    expect(await result).toBe('A');
    expect(queue.stats().backoff).toEqual({});
  });

  it('pause holds new starts; resume continues', async () => {
    const { queue, started, task } = setup();
    queue.pause();
    void queue.enqueue(task('a'));
    expect(started).toEqual([]);
    expect(queue.stats().paused).toBe(true);
    queue.resume();
    expect(started).toEqual(['a']);
  });

  it('shutdown drops queued work and waits for work in flight', async () => {
    const { queue, started, gates, task } = setup({ concurrency: 1 });
    const running = queue.enqueue(task('a'));
    const queued = queue.enqueue(task('b'));
    let done = false;
    const closing = queue.shutdown().then(() => (done = true));
    await expect(queued).rejects.toBeInstanceOf(QueueClosedError);
    await flush();
    expect(done).toBe(false);
    gates.get('a')?.resolve('A');
    await closing;
    expect(await running).toBe('A');
    expect(started).toEqual(['a']);
    await expect(queue.enqueue(task('c'))).rejects.toBeInstanceOf(QueueClosedError);
  });

  it('a task that throws synchronously fails cleanly', async () => {
    const { queue } = setup({ maxAttempts: 1 });
    const bad = queue.enqueue({
      key: 'bad',
      endpoint: 'x',
      run: () => {
        throw new Error('sync');
      },
    });
    await expect(bad).rejects.toThrow('sync');
    await queue.onIdle();
  });

  it('notifies subscribers of changes', async () => {
    const { queue, gates, task } = setup();
    let calls = 0;
    const off = queue.subscribe(() => calls++);
    void queue.enqueue(task('a'));
    gates.get('a')?.resolve('A');
    await queue.onIdle();
    off();
    expect(calls).toBeGreaterThanOrEqual(2);
  });
});

// Quick expiration changes: answers that come back out of order must not put an older choice on
// screen. Plain promises settled by hand, in every order.
import { describe, expect, it } from 'vitest';
import { LatestOnly, SupersededError } from '../../../../src/renderer/features/charts/latest-only.ts';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** What a view would show: the last value a run handed over. */
async function race(order: number[], fail: number[] = []) {
  const latest = new LatestOnly();
  const answers = [0, 1, 2].map(() => deferred<string>());
  let shown: string | null = null;
  const errors: string[] = [];
  const runs = answers.map((a) =>
    latest
      .run(() => a.promise)
      .then(
        (v) => {
          shown = v;
        },
        (e: unknown) => {
          if (!(e instanceof SupersededError)) errors.push(String(e));
        },
      ),
  );
  for (const i of order) {
    const a = answers[i];
    if (fail.includes(i)) a?.reject(new Error(`failed ${i}`));
    else a?.resolve(`exp ${i}`);
    await Promise.resolve();
  }
  await Promise.all(runs);
  return { shown, errors };
}

describe('LatestOnly', () => {
  it.each([[[0, 1, 2]], [[2, 1, 0]], [[1, 2, 0]], [[2, 0, 1]], [[0, 2, 1]], [[1, 0, 2]]])(
    'answers settled in order %j: the last choice is shown',
    async (order) => {
      expect((await race(order)).shown).toBe('exp 2');
    },
  );

  it('a failure of an obsolete request is dropped; the latest still shows', async () => {
    expect(await race([2, 0, 1], [0])).toEqual({ shown: 'exp 2', errors: [] });
  });

  it('a failure of the latest request is reported', async () => {
    expect(await race([0, 1, 2], [2])).toEqual({ shown: null, errors: ['Error: failed 2'] });
  });

  it('cancel makes the request in flight obsolete (another ticker)', async () => {
    const latest = new LatestOnly();
    const a = deferred<string>();
    const run = latest.run(() => a.promise);
    latest.cancel();
    a.resolve('old ticker');
    await expect(run).rejects.toBeInstanceOf(SupersededError);
  });
});

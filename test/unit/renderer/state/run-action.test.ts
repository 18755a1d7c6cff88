import { describe, expect, it } from 'vitest';
import { runAction, type SuccessText } from '../../../../src/renderer/state/run-action.ts';

interface Shown {
  kind: string;
  title: string;
  detail: string | null;
}

/** Toasts.run is runAction with the toast stack's `show`: a recorder stands in for the stack. */
function recorder() {
  const shown: Shown[] = [];
  const run = <T>(
    action: () => Promise<T>,
    success?: SuccessText | ((value: T) => SuccessText) | null,
    options: { failure?: string } = {},
  ) => runAction((kind, title, detail) => shown.push({ kind, title, detail }), action, success, options);
  return { shown, run };
}

describe('runAction (toasts.run): the one try / await / toast', () => {
  it.each<{
    name: string;
    action: () => Promise<string>;
    success?: SuccessText | ((value: string) => SuccessText) | null;
    failure?: string;
    want: { kind: string; title: string; detail: string | null }[];
    value: string | undefined;
  }>([
    {
      name: 'a success with its text',
      action: () => Promise.resolve('x'),
      success: 'Settings saved',
      want: [{ kind: 'success', title: 'Settings saved', detail: null }],
      value: 'x',
    },
    {
      name: 'a success that names what came back, with a detail',
      action: () => Promise.resolve('/tmp/backup.db'),
      success: (path) => ({ title: 'Backup written', detail: path }),
      want: [{ kind: 'success', title: 'Backup written', detail: '/tmp/backup.db' }],
      value: '/tmp/backup.db',
    },
    {
      name: 'a quiet success',
      action: () => Promise.resolve('x'),
      want: [],
      value: 'x',
    },
    {
      name: 'a failure, with its message',
      action: () => Promise.reject(new Error('disk full')),
      success: 'never said',
      want: [{ kind: 'error', title: 'disk full', detail: null }],
      value: undefined,
    },
    {
      name: 'a failure after its prefix',
      action: () => Promise.reject(new Error('disk full')),
      failure: 'Export failed',
      want: [{ kind: 'error', title: 'Export failed: disk full', detail: null }],
      value: undefined,
    },
    {
      name: 'a thrown non-Error, as text',
      action: () => Promise.reject('gone'),
      want: [{ kind: 'error', title: 'gone', detail: null }],
      value: undefined,
    },
  ])('$name', async ({ action, success, failure, want, value }) => {
    const toasts = recorder();
    const result = await toasts.run(action, success, failure ? { failure } : {});
    expect(result).toBe(value);
    expect(toasts.shown).toEqual(want);
  });

  it('never throws, whatever the action does', async () => {
    const toasts = recorder();
    await expect(
      toasts.run(() => {
        throw new Error('sync throw');
      }),
    ).resolves.toBeUndefined();
    expect(toasts.shown).toEqual([{ kind: 'error', title: 'sync throw', detail: null }]);
  });
});

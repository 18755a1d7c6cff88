// The corner's messages: the same message again replaces the one showing instead of stacking over
// the screen (Settings saved four times used to cover Settings → Data), different ones stack up to
// five, and a replaced message's timer never takes its successor away early.
import { flushSync, mount, unmount } from 'svelte';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { page } from 'vitest/browser';
import { Toasts, type ToastKind } from '../state/toasts.svelte.ts';
import ToastStack from './toast-stack.svelte';

function renderStack(): Toasts {
  const toasts = new Toasts();
  const target = document.body.appendChild(document.createElement('div'));
  const stack = mount(ToastStack, { target, props: { toasts } });
  onTestFinished(() => {
    void unmount(stack);
    target.remove();
  });
  return toasts;
}

type Shown = [ToastKind, string, { detail?: string; href?: string }?];

describe('toast stack', () => {
  afterEach(() => void vi.useRealTimers());

  it.each<{ name: string; shown: Shown[]; titles: string[] }>([
    {
      name: 'one save four times is one message',
      shown: Array.from({ length: 4 }, (): Shown => ['success', 'Settings saved']),
      titles: ['Settings saved'],
    },
    {
      name: 'a repeated message moves to the end, after the others',
      shown: [
        ['success', 'Settings saved'],
        ['success', 'Rule created'],
        ['success', 'Settings saved'],
      ],
      titles: ['Rule created', 'Settings saved'],
    },
    {
      name: 'the same words with another detail are another message',
      shown: [
        ['error', 'Could not save', { detail: 'disk full' }],
        ['error', 'Could not save', { detail: 'the webhook URL is not https' }],
      ],
      titles: ['Could not save', 'Could not save'],
    },
    {
      name: 'the same title of another kind is another message',
      shown: [
        ['info', 'SPY'],
        ['alert', 'SPY'],
      ],
      titles: ['SPY', 'SPY'],
    },
    {
      name: 'alerts for two tickers are two messages',
      shown: [
        ['alert', 'Regime changed', { href: '#/ticker/SPY' }],
        ['alert', 'Regime changed', { href: '#/ticker/QQQ' }],
      ],
      titles: ['Regime changed', 'Regime changed'],
    },
    {
      name: 'seven different messages: the five newest show',
      shown: Array.from({ length: 7 }, (_, i): Shown => ['info', `Message ${i + 1}`]),
      titles: ['Message 3', 'Message 4', 'Message 5', 'Message 6', 'Message 7'],
    },
  ])('$name', async ({ shown, titles }) => {
    const toasts = renderStack();
    for (const [kind, title, options] of shown) toasts.show(kind, title, options);
    expect(toasts.items.map((t) => t.title)).toEqual(titles);
    await expect
      .poll(() => page.getByRole('button', { name: 'Dismiss' }).elements().length)
      .toBe(titles.length);
    const drawn = page.getByText(
      /^(Settings saved|Rule created|Could not save|SPY|Regime changed|Message \d)$/,
    );
    expect(drawn.elements().map((e) => e.textContent)).toEqual(titles);
  });

  it('a replaced message’s timer does not take the new one away; the new one’s does', () => {
    vi.useFakeTimers();
    const toasts = renderStack();
    toasts.show('success', 'Settings saved', { ttlMs: 1_000 });
    vi.advanceTimersByTime(900);
    const second = toasts.show('success', 'Settings saved', { ttlMs: 1_000 });
    vi.advanceTimersByTime(500);
    // The first one's second has passed: the message still shows, as the second toast.
    expect(toasts.items.map((t) => t.id)).toEqual([second]);
    vi.advanceTimersByTime(600);
    expect(toasts.items).toEqual([]);
    flushSync();
    expect(page.getByRole('button', { name: 'Dismiss' }).elements()).toHaveLength(0);
  });

  it('Dismiss removes that message only', async () => {
    const toasts = renderStack();
    toasts.show('success', 'Settings saved');
    toasts.show('error', 'Could not save', { detail: 'disk full' });
    await expect.poll(() => page.getByRole('button', { name: 'Dismiss' }).elements().length).toBe(2);
    await page.getByRole('button', { name: 'Dismiss' }).first().click();
    expect(toasts.items.map((t) => t.title)).toEqual(['Could not save']);
  });
});

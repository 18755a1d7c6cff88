// Short messages in a corner: results of actions, failures, and new alerts while the app is open.
import { runAction, type SuccessText } from './run-action.ts';

export type { SuccessText };

export type ToastKind = 'info' | 'success' | 'error' | 'alert';

export interface Toast {
  id: number;
  kind: ToastKind;
  title: string;
  detail: string | null;
  /** A link for click-through (e.g. the ticker at the alert's snapshot). */
  href: string | null;
}

export class Toasts {
  #items = $state<Toast[]>([]);
  #next = 1;
  // Timer handles, not displayed: a plain Map on purpose.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  readonly #timers = new Map<number, ReturnType<typeof setTimeout>>();

  get items(): readonly Toast[] {
    return this.#items;
  }

  show(
    kind: ToastKind,
    title: string,
    options: { detail?: string | null; href?: string | null; ttlMs?: number } = {},
  ): number {
    const id = this.#next++;
    const toast: Toast = { id, kind, title, detail: options.detail ?? null, href: options.href ?? null };
    // The same message again (a form saved twice, one alert repeated) replaces the one showing, so
    // it is not stacked over the screen. At most five show; the oldest leaves first.
    const same = (t: Toast): boolean =>
      t.kind === toast.kind && t.title === toast.title && t.detail === toast.detail && t.href === toast.href;
    const kept = this.#items.filter((t) => !same(t)).slice(-4);
    for (const gone of this.#items) if (!kept.includes(gone)) this.#clearTimer(gone.id);
    this.#items = [...kept, toast];
    const ttl = options.ttlMs ?? (kind === 'error' ? 8000 : 5000);
    this.#timers.set(
      id,
      setTimeout(() => this.dismiss(id), ttl),
    );
    return id;
  }

  /** Runs a user's action and toasts how it went (see run-action.ts); never throws. */
  run<T>(
    action: () => Promise<T>,
    success?: SuccessText | ((value: T) => SuccessText) | null,
    options: { failure?: string } = {},
  ): Promise<T | undefined> {
    return runAction((kind, title, detail) => this.show(kind, title, { detail }), action, success, options);
  }

  dismiss(id: number): void {
    this.#clearTimer(id);
    this.#items = this.#items.filter((t) => t.id !== id);
  }

  #clearTimer(id: number): void {
    clearTimeout(this.#timers.get(id));
    this.#timers.delete(id);
  }
}

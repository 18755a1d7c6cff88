// The one spelling of try / await / toast for a user's action (Toasts.run), kept free of Svelte so
// it is tested directly.
import { messageOf } from '../../shared/message-of.ts';

/** What a finished action says: a title, or a title with a detail line under it. */
export type SuccessText = string | { title: string; detail?: string | null };

export type ShowToast = (kind: 'success' | 'error', title: string, detail: string | null) => void;

/**
 * Runs `action` and says how it went: a success toast (if given) when it resolves, an error toast
 * with the failure's message when it throws. Never throws: resolves to the action's value, or
 * `undefined` when it failed, so a caller follows up on success only. An action reports a soft
 * failure (a webhook that answered 500) by throwing, and its message is what the error toast
 * says. `success` is a function of the value when the text names what came back; `failure` goes
 * before the failure's message ("Export failed" → "Export failed: disk full").
 */
export async function runAction<T>(
  show: ShowToast,
  action: () => Promise<T>,
  success?: SuccessText | ((value: T) => SuccessText) | null,
  options: { failure?: string } = {},
): Promise<T | undefined> {
  let value: T;
  try {
    value = await action();
  } catch (error) {
    const message = messageOf(error);
    show('error', options.failure ? `${options.failure}: ${message}` : message, null);
    return undefined;
  }
  const text = typeof success === 'function' ? success(value) : success;
  if (typeof text === 'string') show('success', text, null);
  else if (text) show('success', text.title, text.detail ?? null);
  return value;
}

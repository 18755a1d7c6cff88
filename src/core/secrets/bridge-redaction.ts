// The bridge's answers and events leave for the renderer (Electron's window, the headless host's
// page, MCP's bridge tools): every string in them passes through the app's secret redactor, and a
// failure's message too. One wrapper over all the handlers, so a new method cannot forget it.
import type { BridgeHandlers } from '../../shared/bridge/contract.ts';
import { redactDeep } from './redact.ts';

/**
 * The user's own configuration, which the Settings page edits and sends back whole with
 * settings:update: redacting a webhook address that happens to hold a stored token would save it
 * broken. No stored secret is part of the settings (they live in the secret store).
 */
const CONFIGURATION: ReadonlySet<string> = new Set(['settings:get', 'settings:update', 'settings:changed']);

/**
 * The one answer that carries a secret on purpose: a webhook's new signing key, shown once for the
 * user to copy into the receiver (every later answer has only its last four characters).
 */
const SHOWN_ONCE: ReadonlySet<string> = new Set(['webhooks:signingKey']);

/** An answer or event payload of `name` without any stored secret in it. */
export function redactAnswer<T>(name: string, value: T, redact: (text: string) => string): T {
  return CONFIGURATION.has(name) || SHOWN_ONCE.has(name) ? value : redactDeep(value, redact);
}

/** A failure whose message is redacted in place, so its class and code (what the bridge maps) stay. */
function redactFailure(error: unknown, redact: (text: string) => string): unknown {
  if (error instanceof Error) {
    const clean = redact(error.message);
    if (clean !== error.message) error.message = clean;
  }
  return error;
}

/** `handlers` whose answers and failures carry no stored secret. */
export function redactingHandlers(
  handlers: BridgeHandlers,
  redact: (text: string) => string,
): BridgeHandlers {
  const wrapped = Object.entries(handlers).map(([method, handler]) => {
    const call = handler as (input: unknown) => Promise<unknown>;
    const safe = async (input: unknown): Promise<unknown> => {
      try {
        return redactAnswer(method, await call.call(handlers, input), redact);
      } catch (error) {
        throw redactFailure(error, redact);
      }
    };
    return [method, safe] as const;
  });
  return Object.fromEntries(wrapped) as BridgeHandlers;
}

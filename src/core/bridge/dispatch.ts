// The one door into the main side's bridge: parse the input with the method's schema, run the
// handler, and answer an envelope, mapping every known failure (store conflicts, invalid input,
// not found, a source unreachable) to its code with `toBridgeError`. Electron's IPC router, the
// headless host and the tests all call it, so what the tests see is what a user gets, and a
// malformed call or a failing handler never throws across.
import type { z } from 'zod';
import {
  bridgeMethods,
  isBridgeMethod,
  type BridgeHandlers,
  type BridgeMethod,
} from '../../shared/bridge/contract.ts';
import { clipForBridge } from '../../shared/echo.ts';
import { fail, issuesOf, ok, type BridgeResult } from '../../shared/bridge/result.ts';
import { toBridgeError } from './errors.ts';

export interface DispatchOptions {
  /** Check handler outputs against the contract too (tests and development: catches drift early). */
  validateOutput?: boolean;
  /** Where unexpected errors go; their details never reach the renderer. */
  onUnexpectedError?: (method: string, error: unknown) => void;
}

export async function dispatch(
  handlers: BridgeHandlers,
  method: string,
  rawInput: unknown,
  options: DispatchOptions = {},
): Promise<BridgeResult<unknown>> {
  if (!isBridgeMethod(method)) return fail('unknown_method', `no bridge method '${clipForBridge(method)}'`);
  const contract = bridgeMethods[method];
  const parsed = contract.input.safeParse(rawInput ?? undefined);
  if (!parsed.success) {
    return fail(
      'invalid_input',
      `invalid input for ${method}: ${summarize(parsed.error)}`,
      issuesOf(parsed.error),
    );
  }
  try {
    const value = await callHandler(handlers, method, parsed.data);
    if (options.validateOutput) {
      const checked = contract.output.safeParse(value);
      if (!checked.success) {
        options.onUnexpectedError?.(method, checked.error);
        return fail(
          'internal',
          `${method} produced output outside the contract: ${summarize(checked.error)}`,
        );
      }
      return ok(checked.data);
    }
    return ok(value);
  } catch (error) {
    // Known failures keep their code and message; anything else is logged main-side as itself
    // and answered as `internal`, its details kept from the renderer.
    const body = toBridgeError(error, () => options.onUnexpectedError?.(method, error));
    return body.code === 'internal'
      ? fail('internal', `${method} failed unexpectedly; the app's log has the details`)
      : { ok: false, error: body };
  }
}

// The contract maps each method to its handler's parameter type; TypeScript cannot follow the
// correlation through a union key, so the call is made through one widened signature here.
function callHandler(handlers: BridgeHandlers, method: BridgeMethod, input: unknown): Promise<unknown> {
  const handler = handlers[method] as (this: BridgeHandlers, input: unknown) => Promise<unknown>;
  return handler.call(handlers, input);
}

function summarize(error: z.ZodError): string {
  return issuesOf(error)
    .slice(0, 3)
    .map((issue) => `${issue.path}: ${issue.message}`)
    .join('; ');
}

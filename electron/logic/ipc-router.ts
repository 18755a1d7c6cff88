// How an IPC call from the renderer reaches the core: the sender must be the app's own page, the
// method must be in the bridge contract, the input must parse — `dispatch` (shared with the headless
// host) does the last two and answers an envelope. Pure and Electron-free so it is tested directly.
import type { BridgeHandlers } from '../../src/shared/bridge/contract.ts';
import { dispatch, type DispatchOptions } from '../../src/core/index.ts';
import { fail, type BridgeResult } from '../../src/shared/bridge/result.ts';
import { isAppNavigation } from './navigation.ts';

export type InvokeRouter = (
  senderUrl: string,
  method: unknown,
  input: unknown,
) => Promise<BridgeResult<unknown>>;

export function createInvokeRouter(
  handlers: BridgeHandlers,
  appEntry: string,
  options: DispatchOptions = {},
): InvokeRouter {
  return async (senderUrl, method, input) => {
    if (!isAppNavigation(senderUrl, appEntry))
      return fail('forbidden', 'bridge calls are only accepted from the app window');
    if (typeof method !== 'string') return fail('unknown_method', 'the method name must be a string');
    return dispatch(handlers, method, input, options);
  };
}

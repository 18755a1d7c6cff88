// Bridge methods of the poller: its status, a refresh outside the schedule, pause and resume.
import type { BridgeHandlers, BridgeOutput } from '../../../shared/bridge/contract.ts';
import type { BridgeApp } from '../bridge-app.ts';
import { currentPollStatus, type PollStatusSources } from '../../queries/poll-status.ts';

export type PollMethods = 'poll:status' | 'poll:refreshNow' | 'poll:pause' | 'poll:resume';

export type PollContext = PollStatusSources & Pick<BridgeApp, 'poller' | 'refreshNow'>;

export function pollHandlers(ctx: PollContext): Pick<BridgeHandlers, PollMethods> {
  const status = (): BridgeOutput<'poll:status'> => currentPollStatus(ctx);
  return {
    'poll:status': async () => status(),
    'poll:refreshNow': async (input) => {
      // Resolves once queued; the runs report through poll:status and snapshot:new events.
      void ctx.refreshNow(input?.job);
      return status();
    },
    'poll:pause': async () => {
      ctx.poller.pause();
      return status();
    },
    'poll:resume': async () => {
      ctx.poller.resume();
      return status();
    },
  };
}

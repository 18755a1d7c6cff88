// Bridge methods of the replay: the stored frames of a day or week of a ticker, and what was
// stored at each frame.
import type { BridgeHandlers } from '../../../shared/bridge/contract.ts';
import type { BridgeApp } from '../bridge-app.ts';
import { replayFrames, replayTimes } from '../../queries/replay-frames.ts';

export type ReplayMethods = 'replay:times' | 'replay:frames';

export type ReplayContext = Pick<BridgeApp, 'store'>;

export function replayHandlers({ store }: ReplayContext): Pick<BridgeHandlers, ReplayMethods> {
  return {
    'replay:times': async (input) => replayTimes({ store }, input),
    'replay:frames': async (input) => replayFrames({ store }, input),
  };
}

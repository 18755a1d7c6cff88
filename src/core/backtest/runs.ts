// Runs in progress, by the client's run id, so `backtest:cancel` can stop one: each holds an
// AbortController whose signal the run checks between steps.
import { BridgeFailure } from '../../shared/bridge/result.ts';

export class BacktestRuns {
  readonly #running = new Map<string, AbortController>();

  /** Registers a run; a second run under an id still running is refused. */
  start(runId: string): AbortSignal {
    if (this.#running.has(runId))
      throw new BridgeFailure('conflict', `A backtest with the id ${runId} is already running`);
    const controller = new AbortController();
    this.#running.set(runId, controller);
    return controller.signal;
  }

  finish(runId: string): void {
    this.#running.delete(runId);
  }

  /** True when a run of that id was running and is now told to stop. */
  cancel(runId: string): boolean {
    const controller = this.#running.get(runId);
    if (!controller) return false;
    controller.abort();
    return true;
  }

  /** Runs `work` under the id, always forgetting it afterwards. */
  async run<T>(runId: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const signal = this.start(runId);
    try {
      return await work(signal);
    } finally {
      this.finish(runId);
    }
  }
}

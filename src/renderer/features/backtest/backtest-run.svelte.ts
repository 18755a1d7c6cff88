// One backtest at a time, as a panel runs it: start (a newer run replaces an older one), the
// progress events of this run only, cancel, and the result or a message. The same class runs a
// rule's backtest and a screener's track record: the caller says which bridge call to make.
import { untrack } from 'svelte';
import type { BacktestProgress, BacktestResult } from '../../../shared/bridge/backtest.ts';
import { messageOf } from '../../../shared/message-of.ts';
import type { BridgeClient } from '../../lib/bridge-client.ts';
import { newRunId } from './backtest-model.ts';

export type RunStatus = 'idle' | 'running' | 'cancelling' | 'done' | 'cancelled' | 'error';

export class BacktestRun {
  status = $state<RunStatus>('idle');
  progress = $state.raw<BacktestProgress | null>(null);
  result = $state.raw<BacktestResult | null>(null);
  error = $state<string | null>(null);
  #runId: string | null = null;
  readonly #bridge: BridgeClient;
  readonly #prefix: 'bt' | 'tr';

  constructor(bridge: BridgeClient, prefix: 'bt' | 'tr' = 'bt') {
    this.#bridge = bridge;
    this.#prefix = prefix;
  }

  get running(): boolean {
    return this.status === 'running' || this.status === 'cancelling';
  }

  /** Runs `call` under a new run id; an older run still going is cancelled first. */
  start(call: (runId: string) => Promise<BacktestResult>): Promise<void> {
    return untrack(() => this.#start(call));
  }

  async #start(call: (runId: string) => Promise<BacktestResult>): Promise<void> {
    if (this.running) void this.cancel();
    const runId = newRunId(this.#prefix);
    this.#runId = runId;
    this.status = 'running';
    this.progress = null;
    this.error = null;
    this.result = null;
    const off = this.#bridge.on('backtest:progress', (p) => {
      if (p.runId === this.#runId) this.progress = p;
    });
    try {
      const result = await call(runId);
      if (this.#runId !== runId) return;
      this.result = result;
      this.status = result.cancelled ? 'cancelled' : 'done';
    } catch (error) {
      if (this.#runId !== runId) return;
      // A core that answers a cancelled run with a refusal rather than a partial result.
      if ((this.status as RunStatus) === 'cancelling') this.status = 'cancelled';
      else {
        this.error = messageOf(error);
        this.status = 'error';
      }
    } finally {
      off();
    }
  }

  /** Asks the core to stop the run on screen; it answers with what was replayed so far. */
  async cancel(): Promise<void> {
    const runId = this.#runId;
    if (!runId || !this.running) return;
    this.status = 'cancelling';
    try {
      await this.#bridge.invoke('backtest:cancel', { runId });
    } catch (error) {
      if (this.#runId === runId && this.status === 'cancelling') this.status = 'running';
      this.error = messageOf(error);
    }
  }

  /** The panel closes: a run still going is cancelled and its answer ignored. */
  dispose(): void {
    if (this.running) void this.cancel();
    this.#runId = null;
  }
}

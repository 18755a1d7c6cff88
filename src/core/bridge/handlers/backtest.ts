// The bridge methods of backtests: run (with `backtest:progress` events), cancel, export, and the
// screener track record. History is filled from the local service's market when the app runs one,
// else from the remote API's daily series (backtest/past-of.ts).
import type { BridgeHandlers } from '../../../shared/bridge/contract.ts';
import type { BridgeApp } from '../bridge-app.ts';
import { backtestExport } from '../../backtest/result-export.ts';
import { pastOf } from '../../backtest/past-of.ts';
import { runBacktest, type BacktestRequest } from '../../backtest/run.ts';
import { BacktestRuns } from '../../backtest/runs.ts';
import { trackRecordRequest } from '../../backtest/track-record.ts';

export type BacktestMethods = 'backtest:run' | 'backtest:cancel' | 'backtest:export' | 'rankings:trackRecord';

export type BacktestContext = Pick<BridgeApp, 'sourceWork' | 'events' | 'channels' | 'store' | 'settings'>;

export function backtestHandlers(app: BacktestContext): Pick<BridgeHandlers, BacktestMethods> {
  const runs = new BacktestRuns();
  const run = (request: BacktestRequest) =>
    runs.run(request.runId, async (cancel) => {
      // The run reads and fills the source in use when it starts, only: a switch of source stops
      // it (its figures would be the old source's), and says so.
      const source = app.sourceWork();
      const signal = AbortSignal.any([cancel, source.closed]);
      const result = await runBacktest(
        {
          store: source.store,
          past: pastOf(source),
          now: source.marketClock.now(),
          channels: app.channels(),
          progress: (p) => app.events.emit('backtest:progress', p),
          signal,
        },
        request,
      );
      return source.closed.aborted && !cancel.aborted
        ? { ...result, stopReason: `Stopped: the data source changed from ${source.label} while it ran.` }
        : result;
    });
  return {
    'backtest:run': async (input) =>
      run({ runId: input.runId, rule: input.rule, window: input.window, tickers: input.tickers }),
    'backtest:cancel': async ({ runId }) => ({ cancelled: runs.cancel(runId) }),
    'backtest:export': async ({ result, format }) =>
      backtestExport(result, format, { bom: app.settings().exports.csvBom }),
    'rankings:trackRecord': async (input) => run(trackRecordRequest(app.store, input)),
  };
}

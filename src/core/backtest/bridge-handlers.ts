// The bridge methods of backtests: run (with `backtest:progress` events), cancel, export, and the
// screener track record. History is filled from the local service's market when the app runs one,
// else from the remote API's daily series (past-source.ts).
import type { BridgeHandlers } from '../../shared/bridge/contract.ts';
import type { App } from '../app.ts';
import { backtestExport } from './export.ts';
import { localPast } from './local-backfill.ts';
import type { PastSource } from './past-source.ts';
import { remotePast } from './remote-backfill.ts';
import { runBacktest, type BacktestRequest } from './run.ts';
import { BacktestRuns } from './runs.ts';
import { trackRecordRequest } from './track-record.ts';

export type BacktestMethods = 'backtest:run' | 'backtest:cancel' | 'backtest:export' | 'rankings:trackRecord';

/** What the history source is picked from: the app's current data source. */
export type PastContext = Pick<App, 'store' | 'client' | 'marketSource'>;

export type BacktestContext = PastContext & Pick<App, 'events' | 'marketNow' | 'channels'>;

/** The history source of the app's current data source. */
export function pastOf(app: PastContext): PastSource {
  const market = app.marketSource();
  return market ? localPast(app.store, market) : remotePast(app.store, app.client);
}

export function backtestHandlers(app: BacktestContext): Pick<BridgeHandlers, BacktestMethods> {
  const runs = new BacktestRuns();
  const run = (request: BacktestRequest) =>
    runs.run(request.runId, (signal) =>
      runBacktest(
        {
          store: app.store,
          past: pastOf(app),
          now: app.marketNow(),
          channels: app.channels(),
          progress: (p) => app.events.emit('backtest:progress', p),
          signal,
        },
        request,
      ),
    );
  return {
    'backtest:run': async (input) =>
      run({ runId: input.runId, rule: input.rule, window: input.window, tickers: input.tickers }),
    'backtest:cancel': async ({ runId }) => ({ cancelled: runs.cancel(runId) }),
    'backtest:export': async ({ result, format }) => backtestExport(result, format),
    'rankings:trackRecord': async (input) => run(trackRecordRequest(app.store, input)),
  };
}

// The bridge methods of backtests: run (with `backtest:progress` events), cancel, export, and the
// screener track record. History is filled from the local service's market when the app runs one,
// else from the remote API's daily series (past-source.ts).
import type { BridgeHandlers } from '../../shared/bridge/contract.ts';
import type { App } from '../app/create-app.ts';
import type { Connection } from '../source/connect.ts';
import { backtestExport } from './export.ts';
import { localPast } from './local-backfill.ts';
import type { PastSource } from './past-source.ts';
import { remotePast } from './remote-backfill.ts';
import { runBacktest, type BacktestRequest } from './run.ts';
import { BacktestRuns } from './runs.ts';
import { trackRecordRequest } from './track-record.ts';

export type BacktestMethods = 'backtest:run' | 'backtest:cancel' | 'backtest:export' | 'rankings:trackRecord';

/** What the history source is picked from: one data source, taken when the work starts. */
export type PastContext = Pick<Connection, 'store' | 'ingest' | 'client' | 'marketSource'>;

export type BacktestContext = Pick<App, 'sourceWork' | 'events' | 'channels' | 'store'>;

/** The history source of a data source: its market where it runs one, else its API's series. */
export function pastOf(source: PastContext): PastSource {
  const market = source.marketSource;
  return market ? localPast(source.ingest, market) : remotePast(source.store, source.client);
}

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
    'backtest:export': async ({ result, format }) => backtestExport(result, format),
    'rankings:trackRecord': async (input) => run(trackRecordRequest(app.store, input)),
  };
}

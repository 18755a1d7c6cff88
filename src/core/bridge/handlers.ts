// The bridge on the main side: one handler per method of the contract, all answered from the
// store (so the UI works offline) except the few that act (refresh, webhook test, backup).
// Each domain's handlers live in ./handlers/, each given only the part of the app it reads (a Pick
// of BridgeApp, ./bridge-app.ts); they are combined here, where the compiler checks that
// every method of the contract (src/shared/bridge/contract.ts) is handled by exactly one domain.
// `dispatch` (./dispatch.ts) is the trust boundary every transport uses: it parses the input with
// the method's schema and always answers the { ok, value } | { ok: false, error } envelope.
// Every answer and failure passes the app's secret redactor (../secrets/bridge-redaction.ts) on
// its way out.
import type { BridgeHandlers, BridgeMethod } from '../../shared/bridge/contract.ts';
import type { BridgeApp } from './bridge-app.ts';
import { backtestHandlers } from './handlers/backtest.ts';
import { alertHandlers } from './handlers/alerts.ts';
import { appHandlers } from './handlers/app.ts';
import { backupHandlers } from './handlers/backup.ts';
import { exportHandlers } from './handlers/export.ts';
import { pollHandlers } from './handlers/poll.ts';
import { rankingHandlers } from './handlers/rankings.ts';
import { replayHandlers } from './handlers/replay.ts';
import { ruleHandlers } from './handlers/rules.ts';
import { settingsHandlers } from './handlers/settings.ts';
import { sourceHandlers } from './handlers/source.ts';
import { storageHandlers } from './handlers/storage.ts';
import { tickerHandlers } from './handlers/tickers.ts';
import { watchlistHandlers } from './handlers/watchlists.ts';
import { redactingHandlers } from '../secrets/bridge-redaction.ts';

/** One handler per method; `dispatch` (./dispatch.ts) parses their inputs and maps their failures. */
export function createBridgeHandlers(app: BridgeApp): BridgeHandlers {
  const handlers = combine({
    app: appHandlers(app),
    source: sourceHandlers(app),
    watchlists: watchlistHandlers(app),
    tickers: tickerHandlers(app),
    rankings: rankingHandlers(app),
    rules: ruleHandlers(app),
    alerts: alertHandlers(app),
    poll: pollHandlers(app),
    settings: settingsHandlers(app),
    export: exportHandlers(app),
    backup: backupHandlers(app),
    storage: storageHandlers(app),
    replay: replayHandlers(app),
    backtest: backtestHandlers(app),
  });
  return redactingHandlers(handlers, app.redact);
}

/** Each domain's handler map, by domain name. */
type DomainMaps = Record<string, Partial<BridgeHandlers>>;
/** The methods the maps named D handle (each map's own, distributed over D). */
type MethodsOf<T extends DomainMaps, D extends keyof T = keyof T> = D extends keyof T ? keyof T[D] : never;
/** Methods that more than one domain handles. */
type HandledTwice<T extends DomainMaps> = {
  [D in keyof T]: keyof T[D] & MethodsOf<T, Exclude<keyof T, D>>;
}[keyof T];
/** Methods of the contract that no domain handles. */
type Unhandled<T extends DomainMaps> = Exclude<BridgeMethod, MethodsOf<T>>;
/**
 * Nothing more when every method is handled exactly once; otherwise a property no map has, whose
 * type names the methods handled twice or not at all (so the compiler's error says which).
 */
type EveryMethodOnce<T extends DomainMaps> = ([HandledTwice<T>] extends [never]
  ? unknown
  : { handledTwice: HandledTwice<T> }) &
  ([Unhandled<T>] extends [never] ? unknown : { unhandled: Unhandled<T> });

/** The domains' maps as one; compiles only when they handle every method exactly once. */
function combine<T extends DomainMaps>(domains: T & EveryMethodOnce<T>): BridgeHandlers {
  return Object.assign({}, ...Object.values(domains)) as BridgeHandlers;
}

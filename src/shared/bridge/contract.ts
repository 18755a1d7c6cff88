// The bridge contract: every call the renderer can make to the app, and every event it can hear.
// Electron's preload and the headless HTTP host implement exactly this map; the main side parses
// each input with the method's schema (it is the trust boundary) and answers a BridgeResult.
//
// Methods
//   app:info, app:completeOnboarding
//   watchlists:list | create | rename | delete | reorder
//   watchlist:addTicker | removeTicker | moveTicker | importTickers
//   universe:search
//   tickers:latest
//   ticker:view | fetch | curve | series | levelsText | optionsVolume | timeline | levelsHistory
//   snapshots:diff
//   rankings:topSetups | screener | income
//   views:list | create | rename | delete
//   rules:list | create | update | delete | testWebhook, notify:test
//   alerts:list | markRead
//   poll:status | refreshNow | pause | resume
//   settings:get | update
//   source:test, secrets:status | set
//   webhooks:signingKeys | signingKey
//   export:snapshots | series
//   backup:create | list | import
//   storage:status
//   backtest:run | cancel | export, rankings:trackRecord
//   replay:times | frames
// Events
//   snapshot:new, alert:new, poll:status, backfill:progress, settings:changed, app:changed,
//   backtest:progress, export:progress
//
// Naming: fields the bridge defines are camelCase; fields copied from API v2 keep their API
// names and units (snake_case, `_pct` in percent, IV as a decimal).
import { z } from 'zod';
import { alertRulePatchSchema, alertRuleInputSchema, alertRuleSchema } from '../alert-rules.ts';
import {
  alertEventSchema,
  alertsListInputSchema,
  alertsListOutputSchema,
  markReadInputSchema,
  testChannelInputSchema,
  testChannelOutputSchema,
  testWebhookInputSchema,
  testWebhookOutputSchema,
} from './alerts.ts';
import { appInfoSchema, completeOnboardingInputSchema, mcpConfigSchema } from './app-info.ts';
import {
  secretSetInputSchema,
  secretsStatusSchema,
  sourceTestInputSchema,
  sourceTestOutputSchema,
} from './data-source.ts';
import {
  deletedSchema,
  exportFileSchema,
  idSchema,
  nameSchema,
  noInputSchema,
  tickerSchema,
} from './common.ts';
import {
  backupImportInputSchema,
  backupImportOutputSchema,
  backupListOutputSchema,
  backupOutputSchema,
  diffInputSchema,
  diffOutputSchema,
  exportSeriesInputSchema,
  exportProgressSchema,
  exportSnapshotsInputSchema,
  snapshotsExportOutputSchema,
  timelineInputSchema,
  timelineOutputSchema,
} from './history.ts';
import {
  backtestCancelInputSchema,
  backtestCancelOutputSchema,
  backtestExportInputSchema,
  backtestProgressSchema,
  backtestResultSchema,
  backtestRunInputSchema,
  trackRecordInputSchema,
} from './backtest.ts';
import { backfillProgressSchema, pollStatusSchema, refreshNowInputSchema } from './poll.ts';
import {
  incomeInputSchema,
  incomeOutputSchema,
  rankingOutputSchema,
  screenerInputSchema,
  topSetupsFiltersSchema,
} from './rankings.ts';
import {
  savedViewCreateInputSchema,
  savedViewDeleteInputSchema,
  savedViewRenameInputSchema,
  savedViewSchema,
  savedViewsListInputSchema,
} from './saved-views.ts';
import {
  settingsPatchSchema,
  settingsSchema,
  signingKeyInputSchema,
  signingKeyOutputSchema,
  signingKeysStatusSchema,
} from './settings.ts';
import { storageStatusSchema } from './storage.ts';
import {
  levelsTextInputSchema,
  levelsTextOutputSchema,
  optionsVolumeInputSchema,
  optionsVolumeOutputSchema,
  snapshotEndpointSchema,
  tickerCurveInputSchema,
  tickerCurveOutputSchema,
  tickerRowSchema,
  tickerSeriesInputSchema,
  tickerSeriesOutputSchema,
  tickersLatestInputSchema,
  tickerViewInputSchema,
  tickerViewOutputSchema,
  universeEntrySchema,
} from './tickers.ts';
import { tickerFetchInputSchema, tickerFetchOutputSchema } from './ticker-fetch.ts';
import type { BridgeResult } from './result.ts';
import { watchlistImportInputSchema, watchlistImportOutputSchema, watchlistSchema } from './watchlists.ts';
import {
  replayFramesInputSchema,
  replayFramesOutputSchema,
  replayTimesInputSchema,
  replayTimesOutputSchema,
} from './replay.ts';
import { levelsHistoryInputSchema, levelsHistoryOutputSchema } from './levels-history.ts';

export const bridgeMethods = {
  'app:info': { input: noInputSchema, output: appInfoSchema },
  'app:completeOnboarding': { input: completeOnboardingInputSchema, output: appInfoSchema },
  /** The MCP configuration block for this machine's assistants (Settings → AI assistants). */
  'app:mcpConfig': { input: noInputSchema, output: mcpConfigSchema },
  /** Every problem of the data source in use (each refused file with its reason), newest first. */
  'source:problems': { input: noInputSchema, output: z.array(z.string()) },

  'watchlists:list': { input: noInputSchema, output: z.array(watchlistSchema) },
  'watchlists:create': {
    input: z.object({ name: nameSchema, tickers: z.array(tickerSchema).max(1000).optional() }),
    output: watchlistSchema,
  },
  'watchlists:rename': { input: z.object({ id: idSchema, name: nameSchema }), output: watchlistSchema },
  'watchlists:delete': { input: z.object({ id: idSchema }), output: deletedSchema },
  /** The complete new order of list ids, each exactly once. */
  'watchlists:reorder': {
    input: z.object({ ids: z.array(idSchema).min(1) }),
    output: z.array(watchlistSchema),
  },
  'watchlist:addTicker': {
    input: z.object({ watchlistId: idSchema, ticker: tickerSchema }),
    output: watchlistSchema,
  },
  'watchlist:removeTicker': {
    input: z.object({ watchlistId: idSchema, ticker: tickerSchema }),
    output: watchlistSchema,
  },
  /** Moves a ticker to a 0-based position, clamped to the list. */
  'watchlist:moveTicker': {
    input: z.object({ watchlistId: idSchema, ticker: tickerSchema, toIndex: z.number().int().min(0) }),
    output: watchlistSchema,
  },
  /**
   * Tickers read from a TradingView or thinkorswim watchlist file, appended in order: those on the
   * list already stay where they are, those the data source does not list are refused with why.
   */
  'watchlist:importTickers': { input: watchlistImportInputSchema, output: watchlistImportOutputSchema },

  /** Symbols of the data source's universe matching a prefix or name fragment, best first. */
  'universe:search': {
    input: z.object({ query: z.string().trim().max(40), limit: z.number().int().min(1).max(50).default(10) }),
    output: z.object({ suggestions: z.array(universeEntrySchema) }),
  },

  'tickers:latest': { input: tickersLatestInputSchema, output: z.object({ rows: z.array(tickerRowSchema) }) },
  'ticker:view': { input: tickerViewInputSchema, output: tickerViewOutputSchema },
  /** A ticker on no watchlist: fetch its views on demand and store them (no list changes). */
  'ticker:fetch': { input: tickerFetchInputSchema, output: tickerFetchOutputSchema },
  'ticker:curve': { input: tickerCurveInputSchema, output: tickerCurveOutputSchema },
  'ticker:series': { input: tickerSeriesInputSchema, output: tickerSeriesOutputSchema },
  'ticker:levelsText': { input: levelsTextInputSchema, output: levelsTextOutputSchema },
  'ticker:optionsVolume': { input: optionsVolumeInputSchema, output: optionsVolumeOutputSchema },
  'ticker:timeline': { input: timelineInputSchema, output: timelineOutputSchema },
  /** Price with its stored key levels (flip, walls, ±1σ 1d) over a window: stored data only. */
  'ticker:levelsHistory': { input: levelsHistoryInputSchema, output: levelsHistoryOutputSchema },
  'snapshots:diff': { input: diffInputSchema, output: diffOutputSchema },

  'rankings:topSetups': { input: topSetupsFiltersSchema.optional(), output: rankingOutputSchema },
  'rankings:screener': { input: screenerInputSchema, output: rankingOutputSchema },
  'rankings:income': { input: incomeInputSchema.optional(), output: incomeOutputSchema },
  /** Saved rankings views (Top setups filters) and user screeners (a preset with overrides). */
  'views:list': { input: savedViewsListInputSchema, output: z.array(savedViewSchema) },
  'views:create': { input: savedViewCreateInputSchema, output: savedViewSchema },
  'views:rename': { input: savedViewRenameInputSchema, output: savedViewSchema },
  'views:delete': { input: savedViewDeleteInputSchema, output: deletedSchema },

  'rules:list': { input: noInputSchema, output: z.array(alertRuleSchema) },
  'rules:create': { input: alertRuleInputSchema, output: alertRuleSchema },
  'rules:update': { input: alertRulePatchSchema, output: alertRuleSchema },
  'rules:delete': { input: z.object({ id: idSchema }), output: deletedSchema },
  'rules:testWebhook': { input: testWebhookInputSchema, output: testWebhookOutputSchema },
  'notify:test': { input: testChannelInputSchema, output: testChannelOutputSchema },

  'alerts:list': { input: alertsListInputSchema, output: alertsListOutputSchema },
  'alerts:markRead': { input: markReadInputSchema, output: z.object({ updated: z.number().int().min(0) }) },

  'poll:status': { input: noInputSchema, output: pollStatusSchema },
  /** Runs the job(s) now, outside their schedule; resolves once they are queued. */
  'poll:refreshNow': { input: refreshNowInputSchema, output: pollStatusSchema },
  'poll:pause': { input: noInputSchema, output: pollStatusSchema },
  'poll:resume': { input: noInputSchema, output: pollStatusSchema },

  'settings:get': { input: noInputSchema, output: settingsSchema },
  /** A dataSource section switches the source live; it resolves once the new source serves (or fails, keeping the old). */
  'settings:update': { input: settingsPatchSchema, output: settingsSchema },
  /** Tries a data source (folder readable, token accepted, service reachable) without switching. */
  'source:test': { input: sourceTestInputSchema, output: sourceTestOutputSchema },
  'secrets:status': { input: noInputSchema, output: secretsStatusSchema },
  'secrets:set': { input: secretSetInputSchema, output: secretsStatusSchema },
  /** Which webhooks sign their requests (a hint of each key, never the key). */
  'webhooks:signingKeys': { input: noInputSchema, output: signingKeysStatusSchema },
  /** Makes (answering it in full, once) or forgets a webhook's signing key. */
  'webhooks:signingKey': { input: signingKeyInputSchema, output: signingKeyOutputSchema },

  /** Small exports come back as content; large ones are written to `<data dir>/exports/` (path and size). */
  'export:snapshots': { input: exportSnapshotsInputSchema, output: snapshotsExportOutputSchema },
  'export:series': { input: exportSeriesInputSchema, output: exportFileSchema },
  'backup:create': { input: noInputSchema, output: backupOutputSchema },
  /** The database files in `<data dir>/backups/`, newest first: what backup:import can read. */
  'backup:list': { input: noInputSchema, output: backupListOutputSchema },
  /**
   * Replaces the database with a file from the backups folder, once it passed the checks (a
   * Gammawatch database, schema not newer, SQLite integrity) and a safety backup of the current one was taken.
   */
  'backup:import': { input: backupImportInputSchema, output: backupImportOutputSchema },
  /** The database's size on disk, its free pages, what thinning would free now, and its last run. */
  'storage:status': { input: noInputSchema, output: storageStatusSchema },

  /** Replays a rule over the window's history; resolves with the result (cancelled: true if stopped). */
  'backtest:run': { input: backtestRunInputSchema, output: backtestResultSchema },
  'backtest:cancel': { input: backtestCancelInputSchema, output: backtestCancelOutputSchema },
  'backtest:export': { input: backtestExportInputSchema, output: exportFileSchema },
  /** A screener's entries over the window and what price did next (a backtest of its entries). */
  'rankings:trackRecord': { input: trackRecordInputSchema, output: backtestResultSchema },

  /** The frames of a stored day or week of a ticker's curves and levels (capped, see REPLAY_MAX_FRAMES). */
  'replay:times': { input: replayTimesInputSchema, output: replayTimesOutputSchema },
  /** What was stored at or before each of a few frame instants: three curves and the key levels. */
  'replay:frames': { input: replayFramesInputSchema, output: replayFramesOutputSchema },
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>;

export const bridgeEvents = {
  /** A new snapshot was stored (not sent for 304s or identical payloads). */
  'snapshot:new': z.object({
    ticker: z.string().nullable(),
    endpoint: snapshotEndpointSchema,
    asof: z.string(),
    snapshotId: idSchema,
  }),
  'alert:new': alertEventSchema,
  'poll:status': pollStatusSchema,
  'backfill:progress': backfillProgressSchema,
  'settings:changed': settingsSchema,
  /** The app's info changed: another data source, its badge or its problems. */
  'app:changed': appInfoSchema,
  'backtest:progress': backtestProgressSchema,
  'export:progress': exportProgressSchema,
} as const satisfies Record<string, z.ZodType>;

export type BridgeMethod = keyof typeof bridgeMethods;
export type BridgeEvent = keyof typeof bridgeEvents;

/** What a caller passes (defaults not yet applied). */
export type BridgeInput<M extends BridgeMethod> = z.input<(typeof bridgeMethods)[M]['input']>;
/** What a handler receives (parsed: defaults applied, tickers upper-cased). */
export type BridgeParsedInput<M extends BridgeMethod> = z.output<(typeof bridgeMethods)[M]['input']>;
export type BridgeOutput<M extends BridgeMethod> = z.infer<(typeof bridgeMethods)[M]['output']>;
export type BridgeEventPayload<E extends BridgeEvent> = z.infer<(typeof bridgeEvents)[E]>;

/** The main side's implementation: one async function per method. */
export type BridgeHandlers = {
  [M in BridgeMethod]: (input: BridgeParsedInput<M>) => Promise<BridgeOutput<M>>;
};

/** Any event with its payload, as a transport relays it. */
export type BridgeEventMessage = {
  [E in BridgeEvent]: { event: E; payload: BridgeEventPayload<E> };
}[BridgeEvent];

/** Where the transports get events from: returns an unsubscribe function. */
export interface BridgeEventSource {
  subscribe(listener: (message: BridgeEventMessage) => void): () => void;
}

/** What the preload exposes as `window.gammawatch`, and nothing more. */
export interface BridgeApi {
  invoke<M extends BridgeMethod>(method: M, input?: BridgeInput<M>): Promise<BridgeResultOf<M>>;
  on<E extends BridgeEvent>(event: E, listener: (payload: BridgeEventPayload<E>) => void): () => void;
}
export type BridgeResultOf<M extends BridgeMethod> = BridgeResult<BridgeOutput<M>>;

export function isBridgeMethod(name: string): name is BridgeMethod {
  return Object.hasOwn(bridgeMethods, name);
}

export function isBridgeEvent(name: string): name is BridgeEvent {
  return Object.hasOwn(bridgeEvents, name);
}

export { alertEventSchema, alertRuleInputSchema, alertRuleSchema, settingsSchema };
export * from './result.ts';

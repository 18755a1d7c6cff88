// The bridge on the main side: one handler per method of the contract, all answered from the
// store (so the UI works offline) except the few that act (refresh, webhook test, backup).
// `dispatch` (./dispatch.ts) is the trust boundary every transport uses: it parses the input with
// the method's schema and always answers the { ok, value } | { ok: false, error } envelope.
import fs from 'node:fs';
import path from 'node:path';
import type { BridgeHandlers, BridgeOutput } from '../../shared/bridge.ts';
import type { AlertEvent } from '../../shared/bridge/alerts.ts';
import { backupNameSchema } from '../../shared/bridge/history.ts';
import { BridgeFailure } from '../../shared/bridge/result.ts';
import type { Watchlist as BridgeWatchlist } from '../../shared/bridge/watchlists.ts';
import type { App } from '../app.ts';
import { postJson, testMessageKey, webhookRequest } from '../notify/webhook.ts';
import { listAlerts } from '../queries/alerts.ts';
import { levelsText } from '../queries/levels-text.ts';
import { income, screener, topSetups } from '../queries/rankings.ts';
import { createRule, ruleUniverse, toBridgeRule, updateRule } from '../queries/rules.ts';
import { seriesWindowDates, tickerSeries } from '../queries/series.ts';
import { iso } from '../queries/snapshot-meta.ts';
import { tickerRows } from '../queries/ticker-rows.ts';
import { searchUniverse } from '../queries/universe-search.ts';
import { CurveFetcher } from '../queries/curve-fetch.ts';
import { optionsVolume, tickerCurve } from '../queries/curves.ts';
import { diffSnapshots } from '../queries/snapshot-diff.ts';
import { tickerView, timeline } from '../queries/ticker-views.ts';
import { replayFrames, replayTimes } from '../queries/replay.ts';
import { fetchTickerOnDemand } from '../queries/ticker-fetch.ts';
import { inspectBackup, restoreIntoOpenDatabase } from '../store/backup.ts';
import { StoreError } from '../store/errors.ts';
import {
  exportSeriesCsv,
  exportSnapshots,
  exportToString,
  paceExport,
  settleExport,
  type ExportCounter,
} from '../store/export.ts';
import type { Watchlist } from '../store/repositories/watchlists.ts';
import { backtestHandlers } from '../backtest/bridge-handlers.ts';
import { publishSnapshots } from '../snapshot-publisher.ts';
import { currentPollStatus } from '../status-publisher.ts';

const toList = (w: Watchlist): BridgeWatchlist => ({ id: w.id, name: w.name, tickers: [...w.tickers] });

function mustList(app: App, id: number): Watchlist {
  const list = app.store.watchlists.get(id);
  if (!list) throw new BridgeFailure('not_found', `no watchlist ${id}`);
  return list;
}

/** A source that lists its tickers (the local service) must have it; a remote one answers 404 itself. */
function checkTicker(app: App, ticker: string): void {
  if (!app.source.listsUniverse) return;
  if (!app.universe().some((u) => u.ticker === ticker)) {
    throw new BridgeFailure(
      'not_found',
      `${ticker} is not in the market's universe (universe:search lists what is)`,
    );
  }
}

/**
 * Past this size a snapshot export is written to `<data dir>/exports/` instead of answered as
 * text: the answer is held whole on both sides of the bridge (and in a Blob), so it stays small.
 */
const INLINE_EXPORT_BYTES = 8 * 1024 * 1024;
/** At most this often an export:progress event (one more when the export ends). */
const EXPORT_PROGRESS_MS = 500;

/** What a backup file can fail on: said to the user as it is, not as an internal error. */
const REFUSED_BACKUP_KINDS = new Set([
  'not_gammawatch',
  'too_new',
  'corrupt',
  'cannot_open',
  'invalid_input',
]);

const backupsDir = (app: App): string => path.join(app.dataDir, 'backups');

function listBackups(app: App): BridgeOutput<'backup:list'> {
  const folder = backupsDir(app);
  const names = fs.existsSync(folder) ? fs.readdirSync(folder) : [];
  const backups = names
    .filter((name) => backupNameSchema.safeParse(name).success)
    .flatMap((name) => {
      const stat = fs.statSync(path.join(folder, name), { throwIfNoEntry: false });
      return stat?.isFile() ? [{ name, bytes: stat.size, modifiedAt: iso(stat.mtimeMs) }] : [];
    })
    .sort((a, b) => b.modifiedAt.localeCompare(a.modifiedAt) || a.name.localeCompare(b.name));
  return { folder, backups };
}

const SAMPLE_EVENT = (at: string): AlertEvent => ({
  id: 0,
  ruleId: null,
  ruleName: 'Webhook test',
  ticker: 'SPY',
  kind: 'regime_change',
  severity: 'info',
  title: 'Gammawatch test notification',
  message: 'If you can read this, the webhook works.',
  transition: { from: 'range_bound', to: 'trending_low_vol' },
  asof: at,
  endpoint: 'signals',
  createdAt: at,
  read: false,
  deliveries: [],
});

/** One handler per method; `dispatch` (./dispatch.ts) parses their inputs and maps their failures. */
export function createBridgeHandlers(app: App): BridgeHandlers {
  const { store } = app;
  const status = (): BridgeOutput<'poll:status'> => currentPollStatus(app);
  const rankingTime = () => ({ marketNow: app.marketNow(), schedules: app.settings().schedules });
  const view = () => ({ store, marketNow: app.marketNow() });
  // Curves the poller does not fetch are fetched when asked for, and announced like polled ones.
  const fetcher = new CurveFetcher({
    store,
    // The current source's client, read at each fetch: a switch of source replaces it.
    get client() {
      return app.client;
    },
    alertBaseline: () => app.alertBaseline(),
    marketNow: () => app.marketNow(),
    wallNow: () => app.wallNow(),
    channels: () => app.channels(),
    onSnapshots: (snapshots) => publishSnapshots(app.events, snapshots),
  });
  const curves = () => ({ ...view(), fetcher });

  return {
    'app:info': async () => app.info(),
    'source:problems': async () => app.sourceProblems(),
    'app:completeOnboarding': async (input) => {
      if (input.tickers?.length) {
        input.tickers.forEach((t) => checkTicker(app, t.toUpperCase()));
        const list = store.watchlists.create(input.watchlistName ?? 'My watchlist', input.tickers);
        app.tickersAdded(list.tickers);
      }
      store.flags.set('onboarded', true);
      // Also on the event stream: an app:changed computed before this call (still saying first run)
      // may reach the window after this answer, and would bring the welcome screen back.
      const info = app.info();
      app.events.emit('app:changed', info);
      return info;
    },

    'watchlists:list': async () => store.watchlists.list().map(toList),
    'watchlists:create': async ({ name, tickers }) => {
      (tickers ?? []).forEach((t) => checkTicker(app, t));
      const list = store.watchlists.create(name, tickers ?? []);
      if (list.tickers.length) app.tickersAdded(list.tickers);
      return toList(list);
    },
    'watchlists:rename': async ({ id, name }) => toList(store.watchlists.rename(mustList(app, id).id, name)),
    'watchlists:delete': async ({ id }) => {
      if (!store.watchlists.delete(id)) throw new BridgeFailure('not_found', `no watchlist ${id}`);
      return { id };
    },
    'watchlists:reorder': async ({ ids }) => store.watchlists.reorder(ids).map(toList),
    'watchlist:addTicker': async ({ watchlistId, ticker }) => {
      const list = mustList(app, watchlistId);
      checkTicker(app, ticker);
      const wasWatched = store.watchlists.allTickers().includes(ticker);
      const updated = store.watchlists.addTickers(list.id, [ticker]);
      if (!wasWatched) app.tickersAdded([ticker]);
      return toList(updated);
    },
    'watchlist:removeTicker': async ({ watchlistId, ticker }) => {
      const list = mustList(app, watchlistId);
      if (!list.tickers.includes(ticker))
        throw new BridgeFailure('not_found', `${ticker} is not on ${list.name}`);
      return toList(store.watchlists.removeTickers(list.id, [ticker]));
    },
    'watchlist:moveTicker': async ({ watchlistId, ticker, toIndex }) => {
      const list = mustList(app, watchlistId);
      const rest = list.tickers.filter((t) => t !== ticker);
      if (rest.length === list.tickers.length)
        throw new BridgeFailure('not_found', `${ticker} is not on ${list.name}`);
      rest.splice(Math.min(toIndex, rest.length), 0, ticker);
      return toList(store.watchlists.reorderTickers(list.id, rest));
    },

    'universe:search': async ({ query, limit }) => ({
      suggestions: searchUniverse(app.universe(), query, limit),
    }),

    'tickers:latest': async (input) => {
      const tickers = 'watchlistId' in input ? mustList(app, input.watchlistId).tickers : input.tickers;
      return {
        rows: tickerRows(
          { store, marketNow: app.marketNow(), tickerError: (t) => app.poller.tickerError(t) },
          tickers,
        ),
      };
    },
    'ticker:view': async (input) => tickerView(view(), input),
    'ticker:fetch': async (input) =>
      fetchTickerOnDemand(
        { store, fetcher, watched: (t) => store.watchlists.allTickers().includes(t) },
        input,
      ),
    'ticker:curve': async (input) => tickerCurve(curves(), input),
    'ticker:series': async (input) => tickerSeries(store, input, app.marketNow()),
    'ticker:levelsText': async (input) => levelsText(store, input),
    'ticker:optionsVolume': async (input) => optionsVolume(curves(), input),
    'ticker:timeline': async (input) => timeline(view(), input),
    'snapshots:diff': async (input) => diffSnapshots(view(), input),

    'rankings:topSetups': async (input) => topSetups(store, rankingTime(), input),
    'rankings:screener': async (input) => screener(store, rankingTime(), input),
    'rankings:income': async (input) => income(store, rankingTime(), input),
    'views:list': async ({ kind }) => store.savedViews.list(kind),
    'views:create': async ({ name, ...body }) => store.savedViews.create(name, body),
    'views:rename': async ({ id, name }) => store.savedViews.rename(id, name),
    'views:delete': async ({ id }) => {
      if (!store.savedViews.delete(id)) throw new BridgeFailure('not_found', `No saved view ${id}`);
      return { id };
    },

    'rules:list': async () => store.alertRules.list().map(toBridgeRule),
    'rules:create': async (input) => createRule(store.alertRules, input, ruleUniverse(app)),
    'rules:update': async (input) => updateRule(store.alertRules, input, ruleUniverse(app)),
    'rules:delete': async ({ id }) => {
      if (!store.alertRules.delete(id)) throw new BridgeFailure('not_found', `no alert rule ${id}`);
      return { id };
    },
    'notify:test': async (input) => app.sendTestMessage(input),
    'rules:testWebhook': async (input) => {
      let target: { url: string; preset: 'generic' | 'discord' | 'slack' | 'ntfy' };
      if ('webhookId' in input) {
        const hook = app.settings().notifications.webhooks.find((w) => w.id === input.webhookId);
        if (!hook) throw new BridgeFailure('not_found', `no webhook '${input.webhookId}' in settings`);
        target = hook;
      } else target = input;
      const result = await postJson(
        webhookRequest(target.preset, target.url, SAMPLE_EVENT(iso(app.wallNow())), testMessageKey()),
        {
          maxAttempts: 1,
          timeoutMs: 10_000,
        },
      );
      return {
        delivered: result.delivered,
        status: result.status,
        durationMs: result.durationMs,
        error: result.error,
      };
    },

    'alerts:list': async (input) =>
      listAlerts({ events: store.alertEvents, deliveries: store.deliveries }, input),
    'alerts:markRead': async (input) => ({
      updated: 'all' in input ? store.alertEvents.markAllRead() : store.alertEvents.markRead(input.ids),
    }),

    'poll:status': async () => status(),
    'poll:refreshNow': async (input) => {
      // Resolves once queued; the runs report through poll:status and snapshot:new events.
      void app.refreshNow(input?.job);
      return status();
    },
    'poll:pause': async () => {
      app.poller.pause();
      return status();
    },
    'poll:resume': async () => {
      app.poller.resume();
      return status();
    },

    'settings:get': async () => app.settings(),
    'settings:update': async (patch) => app.updateSettings(patch),
    'source:test': async (source) => app.testSource(source),
    'secrets:status': async () => app.secretsStatus(),
    'secrets:set': async ({ name, value }) => app.setSecret(name, value),

    'export:snapshots': async (input) => {
      const query: Parameters<typeof exportSnapshots>[1] = {};
      if (input.ticker) query.ticker = input.ticker;
      if (input.endpoint) query.endpoint = input.endpoint;
      if (input.from) query.from = input.from;
      if (input.to) query.to = input.to;
      const stamp = iso(app.wallNow()).slice(0, 19).replace(/[:T]/g, '-');
      const name = `gammawatch-snapshots${input.ticker ? `-${input.ticker}` : ''}-${stamp}.${input.format}`;
      const mime = input.format === 'csv' ? 'text/csv' : 'application/json';
      // Read page by page, a turn of the event loop every few ms (other calls are answered
      // meanwhile), held in memory only up to INLINE_EXPORT_BYTES, then streamed to a file.
      const counter: ExportCounter = { scanned: 0, written: 0 };
      let reported = 0;
      const progress = (bytes: number, done = false): void => {
        const now = performance.now();
        if (!done && now - reported < EXPORT_PROGRESS_MS) return;
        reported = now;
        const phase = done ? 'done' : counter.written === 0 && counter.scanned > 0 ? 'columns' : 'rows';
        const snapshots = phase === 'columns' ? counter.scanned : counter.written;
        app.events.emit('export:progress', { name, phase, snapshots, bytes });
      };
      const chunks = paceExport(exportSnapshots(store, query, input.format, counter), {
        onChunk: (bytes) => progress(bytes),
      });
      const settled = await settleExport(
        chunks,
        path.join(app.dataDir, 'exports', name),
        INLINE_EXPORT_BYTES,
      );
      if ('content' in settled) {
        if (reported > 0) progress(Buffer.byteLength(settled.content), true);
        return { name, mime, content: settled.content };
      }
      progress(settled.bytes, true);
      return { name, mime, path: settled.path, bytes: settled.bytes };
    },
    'export:series': async (input) => {
      const query = seriesWindowDates(store, input.ticker, input.window, app.marketNow());
      if (input.format === 'csv') {
        return {
          name: `${input.ticker}-series-${input.window}.csv`,
          mime: 'text/csv',
          content: exportToString(exportSeriesCsv(store, input.ticker, input.metrics, query)),
        };
      }
      const series = tickerSeries(
        store,
        { ticker: input.ticker, metrics: input.metrics, window: input.window },
        app.marketNow(),
      );
      return {
        name: `${input.ticker}-series-${input.window}.json`,
        mime: 'application/json',
        content: JSON.stringify(series.data, null, 2),
      };
    },
    'backup:create': async () => {
      const at = app.wallNow();
      const dir = path.join(app.dataDir, 'backups');
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `gammawatch-${iso(at).replace(/[:.]/g, '-')}.db`);
      const report = await store.backup(file);
      return { path: report.destination, bytes: report.bytes, createdAt: iso(at) };
    },
    'backup:list': async () => listBackups(app),
    'backup:import': async ({ name }) => {
      const dir = backupsDir(app);
      const file = path.join(dir, name);
      if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile())
        throw new BridgeFailure('not_found', `no backup ${name} in ${dir}`);
      const stamp = iso(app.wallNow()).replace(/[:.]/g, '-');
      try {
        // Checked before anything else is done, so a foreign or newer file changes nothing.
        inspectBackup(file);
        const safety = await store.backup(path.join(dir, `gammawatch-before-import-${stamp}.db`));
        const report = await restoreIntoOpenDatabase(file, store.file, store.stats().pageSize);
        app.events.emit('app:changed', app.info());
        return {
          name,
          fromVersion: report.fromVersion,
          toVersion: report.toVersion,
          snapshots: report.snapshots,
          safetyBackup: safety.destination,
        };
      } catch (error) {
        if (error instanceof StoreError && REFUSED_BACKUP_KINDS.has(error.kind))
          throw new BridgeFailure('invalid_input', `${name} was not imported: ${error.message}`);
        throw error;
      }
    },
    'replay:times': async (input) => replayTimes({ store }, input),
    'replay:frames': async (input) => replayFrames({ store }, input),
    ...backtestHandlers(app),
  };
}

// An in-memory stand-in for the watcher core: implements every bridge method and emits the
// bridge events from a deterministic fake market (./fake-market.ts). Used by the headless host's
// tests, by the UI's end-to-end tests until the real core lands, and to develop the UI.
// `tick()` advances the market one step (5 simulated minutes) and does what a poll would do.
import type { MetricKey, ScreenerPreset } from '../../src/shared/api/index.ts';
import { alertRuleBodySchema, type AlertCondition, type AlertRule } from '../../src/shared/alert-rules.ts';
import type {
  BridgeEventMessage,
  BridgeEventSource,
  BridgeHandlers,
  BridgeOutput,
  BridgeParsedInput,
} from '../../src/shared/bridge.ts';
import type { AlertEvent } from '../../src/shared/bridge/alerts.ts';
import type { BacktestProgress, BacktestWindow } from '../../src/shared/bridge/backtest.ts';
import type { DataSource } from '../../src/shared/bridge/settings.ts';
import { BridgeFailure } from '../../src/shared/bridge/result.ts';
import { defaultSettings, type Settings } from '../../src/shared/bridge/settings.ts';
import { diffJson, labelTransitions } from '../../src/shared/bridge/snapshot-diff.ts';
import {
  TICKER_ROW_FIELDS,
  type SnapshotEndpoint,
  type SnapshotMeta,
  type TickerRow,
} from '../../src/shared/bridge/tickers.ts';
import type { Watchlist } from '../../src/shared/bridge/watchlists.ts';
import type { PollRun, PollStatus } from '../../src/shared/bridge/poll.ts';
import type { ScreenerOverrides, TopSetupsFilters } from '../../src/shared/bridge/rankings.ts';
import type { SavedView } from '../../src/shared/bridge/saved-views.ts';
import {
  FAKE_BY_TICKER,
  FAKE_UNIVERSE,
  explainOf,
  gammaCurveOf,
  gammaExpirationsOf,
  gexByStrikeOf,
  incomeItemsOf,
  levelsOf,
  marketStructureOf,
  optionsVolumeOf,
  quoteAt,
  signalsOf,
  stateOf,
  topSetupsItemOf,
  tradeSetupOf,
  type Quote,
} from './fake-market.ts';
import { FakeDataSources } from './fake-data-source.ts';
import { fakeChannelTest, fakeDeliveries } from './fake-deliveries.ts';
import { fakeBacktest } from './fake-backtest.ts';
import { backtestExport } from '../../src/core/backtest/export.ts';
import { searchUniverse } from '../../src/core/queries/universe-search.ts';
import { sampleEvenly, spanBounds } from '../../src/core/queries/replay.ts';
import { REPLAY_MAX_DAYS, REPLAY_MAX_FRAMES } from '../../src/shared/bridge/replay.ts';
import { epochToNy } from '../../src/shared/market-calendar.ts';

export interface FakeBridgeOptions {
  /** The first simulated instant (ms). */
  start?: number;
  /** Simulated minutes per tick. */
  stepMinutes?: number;
  /** Steps of history created when a ticker is first watched. */
  backfillSteps?: number;
  /** Start with a watchlist and skip onboarding. */
  seeded?: boolean;
  /** With `seeded`: also a list "Big" of this many tickers (synthetic ones past the universe). */
  bigList?: number;
}

interface Stored {
  meta: SnapshotMeta;
  quote: Quote;
}

/** The one file in the fake's backups folder (backup:list, backup:import). */
const FAKE_BACKUP = 'gammawatch-sample.db';

const TICKER_VIEW_ENDPOINTS = [
  'signals',
  'market_structure',
  'explain',
  'trade_setup',
  'state',
  'levels',
] as const;

const PRESETS: Record<ScreenerPreset, TopSetupsFilters> = {
  momentum_breakout: {
    regime: ['trending_low_vol'],
    recommended_direction: ['long'],
    trend_state: ['up'],
    min_score: 7,
  },
  capitulation_reversal: { regime: ['flush_panic', 'trending_down_high_vol'], iv_rank_min: 60, min_score: 5 },
  range_premium_seller: { regime: ['range_bound'], trend_state: ['sideways'], iv_rank_min: 50, min_score: 4 },
  trend_pullback: { trend_state: ['up'], momentum_state: ['fading'], min_score: 5 },
  highvol_breakdown: {
    regime: ['trending_down_low_vol', 'trending_down_high_vol'],
    trend_state: ['down'],
    min_score: 6,
  },
};

/** The app's defaults, with the simulated clock running fast as the fake market's does. */
export function defaultFakeSettings(): Settings {
  return { ...structuredClone(defaultSettings), dataSource: { kind: 'local', seed: 42, clock: 'fast' } };
}

export class FakeBridge implements BridgeEventSource {
  readonly handlers: BridgeHandlers;
  private readonly listeners = new Set<(message: BridgeEventMessage) => void>();
  private readonly stepMs: number;
  private readonly start: number;
  private readonly backfillSteps: number;
  private step = 0;
  // One sequence per table, as SQLite would give.
  private readonly sequences = new Map<string, number>();
  private firstRun: boolean;
  private paused = false;
  private watchlists: Watchlist[] = [];
  private rules: AlertRule[] = [];
  private views: SavedView[] = [];
  private alerts: AlertEvent[] = [];
  private settings = defaultFakeSettings();
  private readonly history = new Map<string, Stored[]>();
  private readonly lastFired = new Map<string, number>();
  private runs: PollRun[] = [];
  private readonly sources = new FakeDataSources();
  /** Backtest runs asked to stop (`backtest:cancel`). */
  private readonly cancelledRuns = new Set<string>();

  constructor(options: FakeBridgeOptions = {}) {
    this.start = options.start ?? Date.parse('2026-03-02T15:00:00Z');
    this.stepMs = (options.stepMinutes ?? 5) * 60_000;
    this.backfillSteps = options.backfillSteps ?? 12;
    this.firstRun = !options.seeded;
    if (options.seeded) {
      this.watchlists.push({
        id: this.id('watchlist'),
        name: 'Core',
        tickers: ['SPY', 'QQQ', 'AAPL', 'NVDA', 'TSLA'],
      });
      for (const t of this.watchlists[0]!.tickers) this.backfill(t);
      const at = this.iso();
      this.views.push({
        id: this.id('view'),
        name: 'Low IV rank',
        kind: 'top_setups',
        filters: { iv_rank_max: 30 },
        createdAt: at,
        updatedAt: at,
      });
      if (options.bigList) {
        const tickers = [...FAKE_BY_TICKER.keys()].slice(0, options.bigList);
        this.watchlists.push({ id: this.id('watchlist'), name: 'Big', tickers });
        for (const t of tickers) this.backfill(t, 2);
      }
    }
    this.handlers = this.createHandlers();
  }

  subscribe(listener: (message: BridgeEventMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The current simulated instant. */
  now(): number {
    return this.start + this.step * this.stepMs;
  }

  /** Advances the market one step: new snapshots for every watched ticker, rules evaluated. */
  tick(): void {
    if (this.paused) return;
    this.step += 1;
    // Poll runs happen on the wall clock (snapshots carry market time), as in the real core.
    const started = new Date().toISOString();
    let requests = 0;
    for (const ticker of this.watched()) {
      requests += TICKER_VIEW_ENDPOINTS.length;
      const previous = this.latest(ticker);
      const stored = this.store(ticker);
      this.emit({
        event: 'snapshot:new',
        payload: { ticker, endpoint: 'signals', asof: stored.meta.asof, snapshotId: stored.meta.id },
      });
      if (previous) this.evaluate(ticker, previous.quote, stored.quote);
    }
    this.runs.unshift({
      id: this.id('run'),
      job: 'signals',
      startedAt: started,
      finishedAt: started,
      requests,
      notModified: Math.floor(requests / 3),
      bytes: requests * 2400,
      errors: 0,
      durationMs: 40,
      error: null,
    });
    this.runs = this.runs.slice(0, 20);
    this.emit({ event: 'poll:status', payload: this.pollStatus() });
  }

  private emit(message: BridgeEventMessage): void {
    for (const listener of this.listeners) listener(message);
  }

  private id(table: 'watchlist' | 'rule' | 'alert' | 'snapshot' | 'run' | 'view'): number {
    const next = (this.sequences.get(table) ?? 0) + 1;
    this.sequences.set(table, next);
    return next;
  }

  private iso(step = this.step): string {
    return new Date(this.start + step * this.stepMs).toISOString();
  }

  private watched(): string[] {
    return [...new Set(this.watchlists.flatMap((w) => w.tickers))];
  }

  private latest(ticker: string, at?: string): Stored | null {
    const list = this.history.get(ticker) ?? [];
    if (at === undefined) return list.at(-1) ?? null;
    const limit = Date.parse(at);
    for (let i = list.length - 1; i >= 0; i -= 1)
      if (Date.parse(list[i]!.meta.asof) <= limit) return list[i]!;
    return null;
  }

  private store(ticker: string, step = this.step): Stored {
    const info = FAKE_BY_TICKER.get(ticker)!;
    const asof = this.iso(step);
    const stored: Stored = {
      meta: { id: this.id('snapshot'), endpoint: 'signals', ticker, asof, fetchedAt: asof, stale: false },
      quote: quoteAt(info, step, asof),
    };
    const list = this.history.get(ticker) ?? [];
    list.push(stored);
    this.history.set(ticker, list);
    return stored;
  }

  private backfill(ticker: string, steps = this.backfillSteps): void {
    if (this.history.has(ticker) || !FAKE_BY_TICKER.has(ticker)) return;
    for (let s = this.step - steps; s <= this.step; s += 1) this.store(ticker, s);
  }

  /** As the core refuses (src/core/queries/rules.ts): a webhook id settings do not have, unless the rule had it. */
  private checkWebhookIds(ids: readonly string[], kept: readonly string[] = []): void {
    const known = new Set(this.settings.notifications.webhooks.map((w) => w.id));
    const unknown = ids.find((id) => !known.has(id) && !kept.includes(id));
    if (unknown === undefined) return;
    throw new BridgeFailure('invalid_input', `There is no webhook "${unknown.slice(0, 48)}" in Settings`, [
      { path: `channels.webhookIds.${ids.indexOf(unknown)}`, message: 'no such webhook' },
    ]);
  }

  private requireList(id: number): Watchlist {
    const list = this.watchlists.find((w) => w.id === id);
    if (!list) throw new BridgeFailure('not_found', `no watchlist ${id}`);
    return list;
  }

  private requireServes(source: DataSource): void {
    const result = this.sources.test(source);
    if (!result.ok) {
      const kept = this.sources.describe(this.settings.dataSource).dataSource.label;
      throw new BridgeFailure('unavailable', `${result.message} Still using ${kept}.`);
    }
  }

  private requireTicker(ticker: string): void {
    if (!FAKE_BY_TICKER.has(ticker)) throw new BridgeFailure('not_found', `unknown ticker ${ticker}`);
  }

  private row(ticker: string): TickerRow {
    const list = this.history.get(ticker) ?? [];
    const current = list.at(-1);
    if (!FAKE_BY_TICKER.has(ticker))
      return { ...emptyRow(ticker), status: 'unknown_ticker', error: 'not in the data source' };
    if (!current) return emptyRow(ticker);
    const prev = list.at(-2);
    const row = rowOf(current);
    const changed = prev ? TICKER_ROW_FIELDS.filter((f) => rowOf(prev)[f] !== row[f]) : [];
    // A chain folder's ticker is priced from its file, as the core would serve it.
    const source = this.settings.dataSource;
    const fromFile = source.kind === 'chains' ? this.sources.chainQuote(source.dir, ticker) : null;
    if (fromFile) return { ...row, price: fromFile.price, asof: fromFile.asof, changed: [] };
    return { ...row, changed };
  }

  private pollStatus(): PollStatus {
    const requests = this.runs.reduce((a, r) => a + r.requests, 0);
    const notModified = this.runs.reduce((a, r) => a + r.notModified, 0);
    return {
      state: this.paused ? 'paused' : 'idle',
      paused: this.paused,
      marketClosedSkip: false,
      jobs: Object.entries(this.settings.schedules).map(([job, schedule]) => ({
        job: job as keyof Settings['schedules'],
        schedule,
        running: false,
        lastRun: this.runs.find((r) => r.job === job) ?? null,
        nextRunAt: this.paused ? null : this.iso(this.step + 1),
      })),
      recentRuns: this.runs,
      window: {
        runs: this.runs.length,
        requests,
        notModified,
        notModifiedShare: requests === 0 ? 0 : notModified / requests,
        errors: 0,
        bytes: this.runs.reduce((a, r) => a + r.bytes, 0),
      },
      lastError: null,
      lastSuccessAt: this.runs[0]?.finishedAt ?? null,
    };
  }

  private inScope(rule: AlertRule, ticker: string): boolean {
    const scope = rule.scope;
    if (scope.kind === 'all') return true;
    if (scope.kind === 'ticker') return scope.ticker === ticker;
    return this.watchlists.find((w) => w.id === scope.watchlistId)?.tickers.includes(ticker) ?? false;
  }

  private evaluate(ticker: string, before: Quote, after: Quote): void {
    for (const rule of this.rules) {
      if (!rule.enabled || !this.inScope(rule, ticker)) continue;
      const transition = fires(rule.condition, before, after);
      if (!transition) continue;
      const key = `${rule.id}:${ticker}`;
      const last = this.lastFired.get(key);
      if (last !== undefined && this.now() - last < rule.cooldownMinutes * 60_000) continue;
      if (rule.snoozeUntil && Date.parse(rule.snoozeUntil) > this.now()) continue;
      this.lastFired.set(key, this.now());
      const event: AlertEvent = {
        id: this.id('alert'),
        ruleId: rule.id,
        ruleName: rule.name,
        ticker,
        kind: rule.condition.kind,
        severity: rule.severity,
        title: `${ticker} ${transition.label}: ${transition.from ?? '—'} → ${transition.to ?? '—'}`,
        message: `${rule.name} fired for ${ticker} at ${after.price}`,
        transition: { from: transition.from, to: transition.to },
        asof: after.asof,
        endpoint: 'signals',
        createdAt: new Date(this.now()).toISOString(),
        read: false,
        deliveries: fakeDeliveries(rule, this.settings, this.now()),
      };
      this.alerts.unshift(event);
      this.emit({ event: 'alert:new', payload: event });
    }
  }

  private ranking(filters: TopSetupsFilters): BridgeOutput<'rankings:topSetups'> {
    const asof = this.iso();
    const items = FAKE_UNIVERSE.map((t) => topSetupsItemOf(quoteAt(t, this.step, asof)))
      .filter((item) => matches(item, filters))
      .sort((a, b) => b.opportunity_score - a.opportunity_score)
      .slice(0, filters.limit ?? 20);
    return {
      snapshot: {
        id: this.id('snapshot'),
        endpoint: 'top_setups',
        ticker: null,
        asof,
        fetchedAt: asof,
        stale: false,
      },
      meta: {
        schema: 'svc.top_setups.v2',
        asof,
        limit: filters.limit ?? 20,
        min_score: filters.min_score ?? 0,
        count: items.length,
        filters: {},
        model_versions: { interpreter: 'fake-1' },
      },
      items,
    };
  }

  private createHandlers(): BridgeHandlers {
    const info = (): BridgeOutput<'app:info'> => ({
      version: '0.1.0',
      ...this.sources.describe(this.settings.dataSource),
      now: new Date(this.now()).toISOString(),
      market: {
        open: true,
        sessionOpen: '2026-03-02T14:30:00.000Z',
        sessionClose: '2026-03-02T21:00:00.000Z',
        earlyClose: false,
      },
      firstRun: this.firstRun,
      dataDir: '/tmp/gammawatch-fake',
    });
    const view = (input: BridgeParsedInput<'ticker:view'>): BridgeOutput<'ticker:view'> => {
      this.requireTicker(input.ticker);
      const stored = this.latest(input.ticker, input.at);
      const meta = stored ? { ...stored.meta, endpoint: input.view } : null;
      const q = stored?.quote;
      const base = { ticker: input.ticker, snapshot: meta };
      switch (input.view) {
        case 'market_structure':
          return { ...base, view: input.view, data: q ? marketStructureOf(q) : null };
        case 'signals':
          return { ...base, view: input.view, data: q ? signalsOf(q) : null };
        case 'explain':
          return { ...base, view: input.view, data: q ? explainOf(q) : null };
        case 'trade_setup':
          return { ...base, view: input.view, data: q ? tradeSetupOf(q) : null };
        case 'state':
          return { ...base, view: input.view, data: q ? stateOf(q) : null };
        case 'levels':
          return { ...base, view: input.view, data: q ? levelsOf(q) : null };
      }
    };
    const payloadOf = (endpoint: SnapshotEndpoint, q: Quote): unknown => {
      switch (endpoint) {
        case 'market_structure':
          return marketStructureOf(q);
        case 'explain':
          return explainOf(q);
        case 'trade_setup':
          return tradeSetupOf(q);
        case 'state':
          return stateOf(q);
        case 'levels':
          return levelsOf(q);
        default:
          return signalsOf(q);
      }
    };

    return {
      'app:info': async () => info(),
      'source:problems': async () => this.sources.describe(this.settings.dataSource).dataSource.problems,
      'app:completeOnboarding': async (input) => {
        this.firstRun = false;
        if (input.tickers && input.tickers.length > 0) {
          const tickers = input.tickers.filter((t) => FAKE_BY_TICKER.has(t));
          this.watchlists.push({
            id: this.id('watchlist'),
            name: input.watchlistName ?? 'My watchlist',
            tickers,
          });
          for (const t of tickers) this.backfill(t);
        }
        return info();
      },
      'watchlists:list': async () => structuredClone(this.watchlists),
      'watchlists:create': async (input) => {
        if (this.watchlists.some((w) => w.name === input.name))
          throw new BridgeFailure('conflict', `a watchlist named ${input.name} exists`);
        const list: Watchlist = {
          id: this.id('watchlist'),
          name: input.name,
          tickers: [...new Set(input.tickers ?? [])],
        };
        this.watchlists.push(list);
        this.firstRun = false;
        for (const t of list.tickers) this.backfill(t);
        return structuredClone(list);
      },
      'watchlists:rename': async ({ id, name }) => {
        const list = this.requireList(id);
        list.name = name;
        return structuredClone(list);
      },
      'watchlists:delete': async ({ id }) => {
        this.requireList(id);
        this.watchlists = this.watchlists.filter((w) => w.id !== id);
        return { id };
      },
      'watchlists:reorder': async ({ ids }) => {
        if (ids.length !== this.watchlists.length || !this.watchlists.every((w) => ids.includes(w.id))) {
          throw new BridgeFailure('invalid_input', 'give every watchlist id exactly once');
        }
        this.watchlists.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
        return structuredClone(this.watchlists);
      },
      'watchlist:addTicker': async ({ watchlistId, ticker }) => {
        const list = this.requireList(watchlistId);
        this.requireTicker(ticker);
        if (list.tickers.includes(ticker))
          throw new BridgeFailure('conflict', `${ticker} is already in ${list.name}`);
        list.tickers.push(ticker);
        this.emit({
          event: 'backfill:progress',
          payload: { ticker, done: 0, total: 1, phase: 'started', message: null },
        });
        this.backfill(ticker);
        this.emit({
          event: 'backfill:progress',
          payload: { ticker, done: 1, total: 1, phase: 'finished', message: null },
        });
        return structuredClone(list);
      },
      'watchlist:removeTicker': async ({ watchlistId, ticker }) => {
        const list = this.requireList(watchlistId);
        list.tickers = list.tickers.filter((t) => t !== ticker);
        return structuredClone(list);
      },
      'watchlist:moveTicker': async ({ watchlistId, ticker, toIndex }) => {
        const list = this.requireList(watchlistId);
        const from = list.tickers.indexOf(ticker);
        if (from < 0) throw new BridgeFailure('not_found', `${ticker} is not in ${list.name}`);
        list.tickers.splice(from, 1);
        list.tickers.splice(Math.min(toIndex, list.tickers.length), 0, ticker);
        return structuredClone(list);
      },
      'universe:search': async ({ query, limit }) => ({
        suggestions: searchUniverse(
          FAKE_UNIVERSE.map(({ ticker, name, kind, demo }) => ({ ticker, name, kind, demo })),
          query,
          limit,
        ),
      }),
      'tickers:latest': async (input) => {
        const tickers = 'watchlistId' in input ? this.requireList(input.watchlistId).tickers : input.tickers;
        return { rows: tickers.map((t) => this.row(t)) };
      },
      'ticker:view': async (input) => view(input),
      'ticker:fetch': async ({ ticker }) => {
        if (!FAKE_BY_TICKER.has(ticker))
          return { ticker, source: 'unavailable', asof: null, message: `unknown ticker ${ticker}` };
        const asof = () => this.latest(ticker)?.meta.asof ?? null;
        if (this.watchlists.some((w) => w.tickers.includes(ticker)))
          return { ticker, source: 'watched', asof: asof(), message: null };
        const had = this.latest(ticker) !== null;
        this.backfill(ticker);
        return { ticker, source: had ? 'stored' : 'fetched', asof: asof(), message: null };
      },
      'ticker:curve': async (input) => {
        this.requireTicker(input.ticker);
        const stored = this.latest(input.ticker, input.at);
        const q = stored?.quote;
        const snapshot = stored
          ? { ...stored.meta, endpoint: `curve_${input.kind}` as SnapshotEndpoint }
          : null;
        if (input.kind === 'gamma')
          return {
            ticker: input.ticker,
            kind: 'gamma',
            snapshot,
            data: q ? gammaCurveOf(q, input.exp ?? 'combined') : null,
          };
        if (input.kind === 'gamma_expirations')
          return {
            ticker: input.ticker,
            kind: 'gamma_expirations',
            snapshot,
            data: q ? gammaExpirationsOf(q) : null,
          };
        return {
          ticker: input.ticker,
          kind: 'gex_by_strike',
          snapshot,
          data: q ? gexByStrikeOf(q, input.exp ?? 'combined') : null,
        };
      },
      'ticker:series': async ({ ticker, metrics, window }) => {
        this.requireTicker(ticker);
        return {
          ticker,
          data: { ticker, window, metrics, points: this.seriesPoints(ticker, metrics, window) },
        };
      },
      'ticker:levelsText': async ({ ticker, format }) => {
        this.requireTicker(ticker);
        const stored = this.latest(ticker);
        const levels = stored ? levelsOf(stored.quote).levels : [];
        const text =
          format === 'tradingview'
            ? levels.map((l) => `${l.price},${l.label}`).join('\n')
            : levels.map((l) => `${l.label}: ${l.price}`).join('\n');
        return {
          ticker,
          format,
          text,
          suggestedName: `${ticker}-levels-${format}.txt`,
          asof: stored?.meta.asof ?? null,
        };
      },
      'ticker:optionsVolume': async ({ ticker, exp }) => {
        this.requireTicker(ticker);
        const stored = this.latest(ticker);
        const expiry = /^\d{4}-/.test(exp) ? exp : '2026-03-06';
        return {
          ticker,
          snapshot: stored ? { ...stored.meta, endpoint: 'options_volume' } : null,
          data: stored ? optionsVolumeOf(stored.quote, expiry) : null,
        };
      },
      'ticker:timeline': async ({ ticker, limit }) => {
        const list = [...(this.history.get(ticker) ?? [])].reverse();
        return {
          ticker,
          entries: list
            .slice(0, limit)
            .map((s) => ({ asof: s.meta.asof, endpoints: [...TICKER_VIEW_ENDPOINTS] })),
          truncated: list.length > limit,
        };
      },
      'snapshots:diff': async ({ ticker, endpoint, a, b }) => {
        const sa = this.latest(ticker, a);
        const sb = this.latest(ticker, b);
        const before = sa ? (payloadOf(endpoint, sa.quote) as never) : null;
        const after = sb ? (payloadOf(endpoint, sb.quote) as never) : null;
        const changes = diffJson(before, after);
        return {
          ticker,
          endpoint,
          a: sa ? { ...sa.meta, endpoint } : null,
          b: sb ? { ...sb.meta, endpoint } : null,
          before,
          after,
          changes,
          transitions: labelTransitions(changes),
        };
      },
      'rankings:topSetups': async (filters) => this.ranking(filters ?? {}),
      'rankings:screener': async ({ name, overrides }) => ({
        ...this.ranking(overlay(PRESETS[name], overrides)),
        preset: PRESETS[name],
      }),
      'views:list': async ({ kind }) => this.views.filter((v) => !kind || v.kind === kind),
      'views:create': async ({ name, ...body }) => {
        if (this.views.some((v) => v.kind === body.kind && v.name.toLowerCase() === name.toLowerCase()))
          throw new BridgeFailure('conflict', `A view named "${name}" already exists`);
        const at = this.iso();
        const view: SavedView = { id: this.id('view'), name, createdAt: at, updatedAt: at, ...body };
        this.views.push(view);
        return view;
      },
      'views:rename': async ({ id, name }) => {
        const view = this.views.find((v) => v.id === id);
        if (!view) throw new BridgeFailure('not_found', `No saved view ${id}`);
        view.name = name;
        return view;
      },
      'views:delete': async ({ id }) => {
        if (!this.views.some((v) => v.id === id)) throw new BridgeFailure('not_found', `No saved view ${id}`);
        this.views = this.views.filter((v) => v.id !== id);
        return { id };
      },
      'rankings:income': async (input) => {
        const asof = this.iso();
        const limit = input?.limit ?? 10;
        const items = FAKE_UNIVERSE.flatMap((t) => incomeItemsOf(quoteAt(t, this.step, asof)))
          .filter(
            (i) =>
              (input?.type ? i.strategy === input.type : true) &&
              i.income_score >= (input?.min_income_score ?? 0),
          )
          .sort((a, b) => b.income_score - a.income_score)
          .slice(0, limit);
        return {
          snapshot: {
            id: this.id('snapshot'),
            endpoint: 'income_setups',
            ticker: null,
            asof,
            fetchedAt: asof,
            stale: false,
          },
          meta: {
            schema: 'svc.income_setups.v1',
            asof,
            limit,
            min_income_score: input?.min_income_score ?? 0,
            type: input?.type ?? null,
            count: items.length,
            model_versions: { income_recommender: 'fake-1' },
          },
          items,
        };
      },
      'rules:list': async () => structuredClone(this.rules),
      'rules:create': async (input) => {
        this.checkWebhookIds(input.channels.webhookIds);
        const now = new Date(this.now()).toISOString();
        const rule: AlertRule = { ...input, id: this.id('rule'), createdAt: now, updatedAt: now };
        this.rules.push(rule);
        return structuredClone(rule);
      },
      'rules:update': async ({ id, patch }) => {
        const index = this.rules.findIndex((r) => r.id === id);
        if (index < 0) throw new BridgeFailure('not_found', `no rule ${id}`);
        if (patch.channels)
          this.checkWebhookIds(patch.channels.webhookIds, this.rules[index]!.channels.webhookIds);
        const merged = { ...this.rules[index]!, ...patch, updatedAt: new Date(this.now()).toISOString() };
        alertRuleBodySchema.parse(merged);
        this.rules[index] = merged;
        return structuredClone(merged);
      },
      'rules:delete': async ({ id }) => {
        if (!this.rules.some((r) => r.id === id)) throw new BridgeFailure('not_found', `no rule ${id}`);
        this.rules = this.rules.filter((r) => r.id !== id);
        return { id };
      },
      'rules:testWebhook': async (input) => {
        if (
          'webhookId' in input &&
          !this.settings.notifications.webhooks.some((w) => w.id === input.webhookId)
        ) {
          throw new BridgeFailure('not_found', `no webhook ${input.webhookId}`);
        }
        return { delivered: true, status: 204, durationMs: 12, error: null };
      },
      'notify:test': async (input) =>
        fakeChannelTest(input, this.settings, (name) => this.sources.hasSecret(name)),
      'alerts:list': async (input) => {
        const items = this.alerts.filter(
          (a) =>
            (!input.ticker || a.ticker === input.ticker) &&
            (!input.ruleId || a.ruleId === input.ruleId) &&
            (!input.kind || a.kind === input.kind) &&
            (!input.severity || a.severity === input.severity) &&
            (!input.unreadOnly || !a.read),
        );
        return {
          items: structuredClone(items.slice(input.offset, input.offset + input.limit)),
          total: items.length,
          unread: this.alerts.filter((a) => !a.read).length,
        };
      },
      'alerts:markRead': async (input) => {
        let updated = 0;
        for (const a of this.alerts) {
          if (!a.read && ('all' in input || input.ids.includes(a.id))) {
            a.read = true;
            updated += 1;
          }
        }
        return { updated };
      },
      'poll:status': async () => this.pollStatus(),
      'poll:refreshNow': async () => {
        this.tick();
        return this.pollStatus();
      },
      'poll:pause': async () => {
        this.paused = true;
        this.emit({ event: 'poll:status', payload: this.pollStatus() });
        return this.pollStatus();
      },
      'poll:resume': async () => {
        this.paused = false;
        this.emit({ event: 'poll:status', payload: this.pollStatus() });
        return this.pollStatus();
      },
      'settings:get': async () => structuredClone(this.settings),
      'settings:update': async (patch) => {
        // As the core does: a new data source must serve before it replaces the old one.
        if (patch.dataSource) this.requireServes(patch.dataSource);
        this.settings = { ...this.settings, ...patch };
        this.emit({ event: 'settings:changed', payload: structuredClone(this.settings) });
        if (patch.dataSource) this.emit({ event: 'app:changed', payload: info() });
        return structuredClone(this.settings);
      },
      'source:test': async (source) => this.sources.test(source),
      'secrets:status': async () => this.sources.secretsStatus(),
      'secrets:set': async ({ name, value }) => this.sources.setSecret(name, value),
      'export:snapshots': async ({ ticker, endpoint, format }) => {
        const tickers = ticker ? [ticker] : this.watched();
        const rows = tickers.flatMap((t) =>
          (this.history.get(t) ?? []).map((s) => ({
            ticker: t,
            asof: s.meta.asof,
            data: payloadOf(endpoint ?? 'signals', s.quote),
          })),
        );
        if (format === 'json') {
          return {
            name: `snapshots-${ticker ?? 'all'}.json`,
            mime: 'application/json',
            content: JSON.stringify(rows, null, 2),
          };
        }
        const lines = [
          'ticker,asof,price,gamma_regime',
          ...rows.map(
            (r) =>
              `${r.ticker},${r.asof},${(r.data as { price?: number }).price ?? ''},${(r.data as { gamma_regime?: string }).gamma_regime ?? ''}`,
          ),
        ];
        return {
          name: `snapshots-${ticker ?? 'all'}.csv`,
          mime: 'text/csv',
          content: lines.join('\n') + '\n',
        };
      },
      'export:series': async ({ ticker, metrics, window, format }) => {
        const points = this.seriesPoints(ticker, metrics, window);
        if (format === 'json')
          return { name: `${ticker}-series.json`, mime: 'application/json', content: JSON.stringify(points) };
        const lines = [
          ['date', ...metrics].join(','),
          ...points.map((p) => [p.date, ...metrics.map((m) => String(p[m] ?? ''))].join(',')),
        ];
        return { name: `${ticker}-series.csv`, mime: 'text/csv', content: lines.join('\n') + '\n' };
      },
      'backup:create': async () => ({
        path: `/tmp/gammawatch-fake/backups/gammawatch-${this.step}.db`,
        bytes: 1_048_576,
        createdAt: new Date(this.now()).toISOString(),
      }),
      // One backup sits in the fake's backups folder; importing it changes nothing here.
      'backup:list': async () => ({
        folder: '/tmp/gammawatch-fake/backups',
        backups: [{ name: FAKE_BACKUP, bytes: 1_048_576, modifiedAt: new Date(this.start).toISOString() }],
      }),
      'backup:import': async ({ name }) => {
        if (name !== FAKE_BACKUP) throw new BridgeFailure('not_found', `no backup ${name}`);
        return {
          name,
          fromVersion: 1,
          toVersion: 1,
          snapshots: [...this.history.values()].reduce((n, list) => n + list.length, 0),
          safetyBackup: `/tmp/gammawatch-fake/backups/gammawatch-before-import-${this.step}.db`,
        };
      },
      'backtest:run': async ({ runId, rule, window, tickers }) => {
        const scope = rule.scope;
        const scoped =
          scope.kind === 'ticker'
            ? [scope.ticker]
            : scope.kind === 'watchlist'
              ? this.requireList(scope.watchlistId).tickers
              : this.watched();
        return fakeBacktest({
          ...this.backtestEnv(runId, window, tickers ?? scoped),
          name: rule.name,
          cooldownMinutes: rule.cooldownMinutes,
          signal: (before, after) => {
            const t = fires(rule.condition, before, after);
            return t ? `${after.ticker} ${t.label}: ${t.from ?? '—'} → ${t.to ?? '—'}` : null;
          },
        });
      },
      'backtest:cancel': async ({ runId }) => {
        this.cancelledRuns.add(runId);
        return { cancelled: true };
      },
      'backtest:export': async ({ result, format }) => backtestExport(result, format),
      'rankings:trackRecord': async ({ runId, screener, window }) => {
        const view = screener.kind === 'saved' ? this.views.find((v) => v.id === screener.viewId) : null;
        if (screener.kind === 'saved' && view?.kind !== 'screener')
          throw new BridgeFailure('not_found', `No saved screener ${screener.viewId}`);
        const filters =
          view?.kind === 'screener'
            ? overlay(PRESETS[view.preset], view.overrides)
            : PRESETS[screener.kind === 'preset' ? screener.preset : 'momentum_breakout'];
        const name = view?.name ?? (screener.kind === 'preset' ? screener.preset : 'screener');
        return fakeBacktest({
          ...this.backtestEnv(
            runId,
            window,
            FAKE_UNIVERSE.map((t) => t.ticker),
          ),
          name,
          cooldownMinutes: 0,
          signal: (before, after) =>
            !matches(topSetupsItemOf(before), filters) && matches(topSetupsItemOf(after), filters)
              ? `Entered ${name}`
              : null,
        });
      },
      'replay:times': async ({ ticker, span, date }) => {
        this.requireTicker(ticker);
        const stamps = (this.history.get(ticker) ?? []).map((s) => Date.parse(s.meta.asof));
        const days = [...new Set(stamps.map((t) => epochToNy(t).date))].reverse().slice(0, REPLAY_MAX_DAYS);
        const day = date ?? days[0] ?? null;
        if (day === null)
          return {
            ticker,
            span,
            date: null,
            from: null,
            to: null,
            days,
            times: [],
            total: 0,
            truncated: false,
          };
        const { from, to } = spanBounds(span, day);
        const all = stamps.filter((t) => t >= from && t <= to);
        const times = sampleEvenly(all, REPLAY_MAX_FRAMES).map((t) => new Date(t).toISOString());
        const iso = (t: number) => new Date(t).toISOString();
        return {
          ticker,
          span,
          date: day,
          from: iso(from),
          to: iso(to),
          days,
          times,
          total: all.length,
          truncated: all.length > times.length,
        };
      },
      'replay:frames': async ({ ticker, times, gammaExp, gammaView, gexExp }) => {
        const h = this.handlers;
        const frames = await Promise.all(
          times.map(async (at) => {
            const [gamma, expirations, gex, structure, levels] = await Promise.all([
              h['ticker:curve']({
                ticker,
                kind: 'gamma',
                exp: gammaExp,
                ...(gammaView ? { view: gammaView } : {}),
                at,
              }),
              h['ticker:curve']({ ticker, kind: 'gamma_expirations', at }),
              h['ticker:curve']({ ticker, kind: 'gex_by_strike', exp: gexExp, at }),
              h['ticker:view']({ ticker, view: 'market_structure', at }),
              h['ticker:view']({ ticker, view: 'levels', at }),
            ]);
            const curve = <T>(r: { snapshot: SnapshotMeta | null; data: T | null }) => ({
              snapshot: r.snapshot,
              data: r.data,
            });
            return {
              at,
              gamma: curve(gamma.kind === 'gamma' ? gamma : { snapshot: null, data: null }),
              expirations: curve(
                expirations.kind === 'gamma_expirations' ? expirations : { snapshot: null, data: null },
              ),
              gex: curve(gex.kind === 'gex_by_strike' ? gex : { snapshot: null, data: null }),
              keyLevels: structure.view === 'market_structure' ? (structure.data?.key_levels ?? null) : null,
              levels: levels.view === 'levels' ? (levels.data?.levels ?? null) : null,
            };
          }),
        );
        return { ticker, frames };
      },
    };
  }

  private backtestEnv(runId: string, window: BacktestWindow, tickers: readonly string[]) {
    return {
      runId,
      window,
      tickers,
      now: this.now(),
      step: this.step,
      emit: (payload: BacktestProgress) => this.emit({ event: 'backtest:progress', payload }),
      cancelled: () => this.cancelledRuns.has(runId),
    };
  }

  private seriesPoints(
    ticker: string,
    metrics: MetricKey[],
    window: string,
  ): Array<Record<string, number | string | null> & { date: string }> {
    const info = FAKE_BY_TICKER.get(ticker)!;
    const days = Math.min(windowDays(window), 800);
    const out: Array<Record<string, number | string | null> & { date: string }> = [];
    for (let d = days - 1; d >= 0; d -= 1) {
      const at = this.now() - d * 86_400_000;
      const q = quoteAt(info, this.step - d * 78, new Date(at).toISOString());
      const values: Partial<Record<MetricKey, number | string | null>> = {
        price: q.price,
        iv_rank: q.ivRank,
        atm_iv: q.atmIv,
        gex_flip: q.flip,
        opportunity_score: q.score,
        gex_usd_per_1_pct_move: q.gexPer1Pct,
      };
      const point: Record<string, number | string | null> & { date: string } = {
        date: new Date(at).toISOString().slice(0, 10),
      };
      for (const m of metrics) point[m] = values[m] ?? null;
      out.push(point);
    }
    return out;
  }
}

function windowDays(window: string): number {
  const n = Number(window.slice(0, -1));
  const unit = window.at(-1);
  return unit === 'y' ? n * 365 : unit === 'm' ? n * 30 : unit === 'w' ? n * 7 : n;
}

function emptyRow(ticker: string): TickerRow {
  return {
    ticker,
    status: 'pending',
    error: null,
    price: null,
    gamma_regime: null,
    regime_label: null,
    opportunity_score: null,
    opportunity_tier: null,
    direction: null,
    iv_rank: null,
    atm_iv: null,
    gex_flip: null,
    dist_to_gex_flip_pct: null,
    expected_move_1d_pct: null,
    expected_move_1d: null,
    asof: null,
    stale: false,
    changed: [],
  };
}

function rowOf(s: Stored): TickerRow {
  const q = s.quote;
  return {
    ticker: q.ticker,
    status: 'ok',
    error: null,
    price: q.price,
    gamma_regime: q.gammaRegime,
    regime_label: q.regime,
    opportunity_score: q.score,
    opportunity_tier: q.tier,
    direction: q.direction,
    iv_rank: q.ivRank,
    atm_iv: q.atmIv,
    gex_flip: q.flip,
    dist_to_gex_flip_pct: q.distPct,
    expected_move_1d_pct: q.em1dPct,
    expected_move_1d: q.em1d,
    asof: s.meta.asof,
    stale: s.meta.stale,
    changed: [],
  };
}

const TIER_RANK = { pass: 0, low: 1, moderate: 2, high: 3 } as const;

function fires(
  c: AlertCondition,
  a: Quote,
  b: Quote,
): { label: string; from: string | null; to: string | null } | null {
  switch (c.kind) {
    case 'regime_change':
      return a.regime !== b.regime && (!c.to?.length || c.to.includes(b.regime))
        ? { label: 'regime', from: a.regime, to: b.regime }
        : null;
    case 'gamma_regime_change':
      return a.gammaRegime !== b.gammaRegime && (!c.to?.length || c.to.includes(b.gammaRegime))
        ? { label: 'gamma regime', from: a.gammaRegime, to: b.gammaRegime }
        : null;
    case 'tier_change': {
      if (a.tier === b.tier) return null;
      const up = TIER_RANK[b.tier] > TIER_RANK[a.tier];
      const ok =
        c.direction === 'any' ||
        (c.direction === 'upgrade' && up) ||
        (c.direction === 'downgrade' && !up) ||
        (c.direction === 'to' && b.tier === c.tier);
      return ok ? { label: 'tier', from: a.tier, to: b.tier } : null;
    }
    case 'metric_threshold': {
      const pick = (q: Quote): number | null =>
        ({
          price: q.price,
          iv_rank: q.ivRank,
          atm_iv: q.atmIv,
          opportunity_score: q.score,
          gex_flip: q.flip,
        })[c.metric as string] ?? null;
      const va = pick(a);
      const vb = pick(b);
      if (va === null || vb === null) return null;
      const crossed = c.op === 'above' ? va <= c.value && vb > c.value : va >= c.value && vb < c.value;
      return crossed ? { label: `${c.metric} ${c.op} ${c.value}`, from: String(va), to: String(vb) } : null;
    }
    case 'level_cross': {
      if (c.level !== 'gamma_flip') return null;
      const up = a.price <= a.flip && b.price > b.flip;
      const down = a.price >= a.flip && b.price < b.flip;
      const ok = (c.direction !== 'down' && up) || (c.direction !== 'up' && down);
      return ok ? { label: 'crossed the gamma flip', from: String(a.price), to: String(b.price) } : null;
    }
    default:
      return null;
  }
}

function matches(item: ReturnType<typeof topSetupsItemOf>, f: TopSetupsFilters): boolean {
  const inList = (list: readonly string[] | undefined, value: string | null | undefined): boolean =>
    !list?.length || (value != null && list.includes(value));
  return (
    item.opportunity_score >= (f.min_score ?? 0) &&
    inList(f.regime, item.regime_label) &&
    inList(f.recommended_direction, item.recommended_direction) &&
    inList(f.trade_bias, item.trade_bias) &&
    inList(f.trend_state, item.trend_state) &&
    inList(f.momentum_state, item.momentum_state) &&
    inList(f.extension_state, item.extension_state) &&
    inList(f.realized_vol_state, item.realized_vol_state) &&
    (f.price_min === undefined || item.price >= f.price_min) &&
    (f.price_max === undefined || item.price <= f.price_max) &&
    (f.iv_rank_min === undefined || (item.iv_rank ?? -1) >= f.iv_rank_min) &&
    (f.iv_rank_max === undefined || (item.iv_rank ?? 101) <= f.iv_rank_max)
  );
}

/** A preset with a screener's overrides laid over it; null drops the preset's key. */
function overlay(preset: TopSetupsFilters, overrides: ScreenerOverrides | undefined): TopSetupsFilters {
  const out: Record<string, unknown> = { ...preset };
  for (const [key, value] of Object.entries(overrides ?? {})) {
    if (value === null) delete out[key];
    else if (value !== undefined) out[key] = value;
  }
  return out as TopSetupsFilters;
}

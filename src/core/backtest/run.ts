// One backtest: which series the rule reads, fill in their history from the data source, replay
// the rule over them with the live engine (rule-replay.ts), then what price did after each firing
// and after every session of the same tickers. Cancellable between steps: a cancelled run answers
// with what it replayed so far, marked `cancelled`.
import type { alertRuleInputSchema, AlertRuleBody } from '../../shared/alert-rules.ts';
import type { z } from 'zod';
import type {
  BacktestFiring,
  BacktestProgress,
  BacktestResult,
  BacktestWindow,
} from '../../shared/bridge/backtest.ts';
import { BridgeFailure } from '../../shared/bridge/result.ts';
import { epochToNy, isoUtc, sessionDateOf } from '../../shared/market-calendar.ts';
import { sourceOf, type AlertSnapshot } from '../alerts/conditions.ts';
import type { ActiveRule } from '../alerts/engine.ts';
import { itemOf, number, record } from '../lib/payload-fields.ts';
import type { ChannelSettings } from '../alerts/policy.ts';
import type { Store } from '../store/database.ts';
import { closeOnOrBefore, outcomeAfter, type DailyClose } from './forward-returns.ts';
import { yieldTurn } from '../lib/yield-turn.ts';
import type { SeriesKey } from '../store/past-snapshots.ts';
import type { PastSource } from './past-source.ts';
import { orderSeries, replayRule, type ReplayedFiring } from './rule-replay.ts';
import { claimOf, directionOf } from './direction.ts';
import { movesAfter } from './move-size.ts';
import {
  baselineMoves,
  baselineOf,
  directionGroups,
  sessionObservations,
  signedForward,
  summarize,
} from './statistics.ts';
import { TOP_SETUPS_LIMIT } from '../poller/jobs.ts';
import { topSetupsItemSchema, type TopSetupsItem } from '../../shared/api/index.ts';
import { rankTopSetups } from '../../shared/rankings/top-setups.ts';
import type { TopSetupsQuery } from '../../shared/rankings/top-setups-query.ts';
import { gammaRegimesOf, storedGammaRegimes, storedSeries, storedSessions } from './stored-history.ts';
import { spanOf } from './window.ts';

export type BacktestRule = z.output<typeof alertRuleInputSchema>;

export interface BacktestRequest {
  runId: string;
  rule: BacktestRule;
  window: BacktestWindow;
  /** Replaces the rule's scope with these tickers. */
  tickers?: readonly string[] | undefined;
  /**
   * For a screener rule: the saved screener's whole query (preset and overrides), applied to the
   * stored top-setups universe instead of reading the preset's own stored answers.
   */
  screenerQuery?: TopSetupsQuery;
}

export interface BacktestEnv {
  store: Store<AlertRuleBody>;
  past: PastSource;
  /** The market's now: the window ends here. */
  now: number;
  channels: ChannelSettings;
  progress(p: BacktestProgress): void;
  signal: AbortSignal;
}

/** The id the replayed rule goes by (it need not be stored). */
const REPLAY_RULE_ID = 1;

/** The tickers a ticker rule is replayed over: the override, else its scope's. */
function tickersOf(
  store: Store<AlertRuleBody>,
  rule: BacktestRule,
  override: readonly string[] | undefined,
): string[] {
  if (override) return [...new Set(override.map((t) => t.toUpperCase()))];
  const { scope } = rule;
  if (scope.kind === 'ticker') return [scope.ticker];
  if (scope.kind === 'watchlist') {
    const list = store.watchlists.get(scope.watchlistId);
    if (!list)
      throw new BridgeFailure('not_found', `The rule's watchlist ${scope.watchlistId} no longer exists`);
    if (list.tickers.length === 0)
      throw new BridgeFailure('invalid_input', `The watchlist "${list.name}" holds no tickers to backtest`);
    return [...list.tickers];
  }
  const all = store.watchlists.allTickers();
  if (all.length === 0)
    throw new BridgeFailure(
      'invalid_input',
      'The rule watches every ticker, but no watchlist holds any: choose the tickers to backtest',
    );
  if (all.length > 100)
    throw new BridgeFailure(
      'invalid_input',
      `The rule watches ${all.length} tickers; a backtest takes at most 100: choose them`,
    );
  return all;
}

/** Each stored top-setups universe as the screener's answer under `query`, as the Rankings view filters it. */
function screenerFromTopSetups(
  snapshots: readonly AlertSnapshot[],
  name: string,
  query: TopSetupsQuery,
): AlertSnapshot[] {
  return snapshots.map((s) => {
    const list = record(s.payload)?.['items'];
    const items: TopSetupsItem[] = [];
    if (Array.isArray(list))
      for (const item of list) {
        const parsed = topSetupsItemSchema.safeParse(item);
        if (parsed.success) items.push(parsed.data);
      }
    return { ...s, endpoint: 'screener', params: { name }, payload: { items: rankTopSetups(items, query) } };
  });
}

/** The price a firing saw: the snapshot's spot, or the ticker's row of a ranking. */
function priceIn(snapshot: AlertSnapshot, ticker: string): number | null {
  const p = snapshot.payload;
  return (
    number(p, 'price') ??
    number(record(record(p)?.['key_levels']), 'spot') ??
    number(itemOf(p, ticker), 'price')
  );
}

export async function runBacktest(env: BacktestEnv, request: BacktestRequest): Promise<BacktestResult> {
  const { store, past, signal, runId } = { ...env, runId: request.runId };
  const { rule } = request;
  const span = spanOf(request.window, env.now);
  const source = sourceOf(rule.condition);
  const crossTicker = source.endpoint === 'screener';
  const override = request.tickers ? new Set(request.tickers.map((t) => t.toUpperCase())) : null;
  const tickers = crossTicker ? [] : tickersOf(store, rule, request.tickers);
  const notes: string[] = [];
  const claim = claimOf(rule.condition);
  // A move rule's baseline is grouped by the gamma regime at each session's close, read from the
  // signals snapshots: fill those too where the rule reads another endpoint.
  const endpoints =
    claim === 'move' && source.endpoint !== 'signals'
      ? [source.endpoint, 'signals' as const]
      : [source.endpoint];
  const emit = (phase: BacktestProgress['phase'], done: number, total: number, ticker?: string): void =>
    env.progress({ runId, phase, done, total, ...(ticker ? { ticker } : {}) });

  // 1. History: what the replay reads, filled in where the source can serve the past.
  const screener =
    rule.condition.kind === 'screener_enter' || rule.condition.kind === 'screener_exit'
      ? rule.condition.screener
      : null;
  // A saved screener's overrides are replayed as the Rankings view applies them: over the stored
  // top-setups universe of each moment.
  const viaTopSetups = screener !== null && request.screenerQuery !== undefined;
  const keys: SeriesKey[] = screener
    ? [
        viaTopSetups
          ? { endpoint: 'top_setups', ticker: null, params: { limit: String(TOP_SETUPS_LIMIT) } }
          : { endpoint: 'screener', ticker: null, params: { name: screener } },
      ]
    : tickers.map((ticker) => ({ endpoint: source.endpoint, ticker, params: {} }));
  if (screener) {
    emit('history', 0, 1);
    await past.fillRankings(
      viaTopSetups ? [] : [screener],
      span.warmFrom,
      span.to,
      (done, total) => emit('history', done, total),
      signal,
    );
  } else {
    for (const [i, ticker] of tickers.entries()) {
      if (signal.aborted) break;
      emit('history', i, tickers.length, ticker);
      await past.fillTicker(ticker, endpoints, span.warmFrom, span.to, () => undefined, signal);
    }
    emit('history', tickers.length, tickers.length);
  }

  // 2. Replay: every series in one read each, through the live engine.
  const active: ActiveRule = {
    id: REPLAY_RULE_ID,
    name: rule.name,
    enabled: true,
    // A tickers override replaces the scope; a disabled rule is backtested as if enabled.
    body: override ? { ...rule, scope: { kind: 'all' } } : rule,
  };
  const replayed: ReplayedFiring[] = [];
  const regimes = new Map<string, Map<string, string>>();
  for (const [i, key] of keys.entries()) {
    if (signal.aborted) break;
    emit('replay', i, keys.length, key.ticker ?? undefined);
    const stored = storedSeries(store, key, span.warmFrom, span.to);
    if (key.ticker && key.endpoint === 'signals') regimes.set(key.ticker, gammaRegimesOf(stored));
    const series = orderSeries(
      viaTopSetups && screener && request.screenerQuery
        ? screenerFromTopSetups(stored, screener, request.screenerQuery)
        : stored,
    );
    if (series.filter((s) => s.asof >= span.from).length === 0)
      notes.push(`${key.ticker ?? 'The screener'}: no history in the window`);
    const lists = new Map<number, ReadonlySet<string>>();
    replayed.push(
      ...replayRule([series], {
        rule: active,
        channels: env.channels,
        reportFrom: span.from,
        watchlistTickers: (id) => {
          let set = lists.get(id);
          if (!set) lists.set(id, (set = new Set(store.watchlists.get(id)?.tickers ?? [])));
          return set;
        },
      }).filter((f) => override === null || override.has(f.event.ticker)),
    );
    await yieldTurn();
  }
  if (!signal.aborted) emit('replay', keys.length, keys.length);

  // 3. Returns: daily closes of every ticker concerned, then each firing's outcome.
  const concerned = crossTicker ? [...new Set(replayed.map((f) => f.event.ticker))].sort() : tickers;
  if (!signal.aborted) {
    emit('returns', 0, concerned.length);
    await past.fillCloses(concerned, span.warmFrom, span.to, signal);
  }
  const closes = new Map<string, DailyClose[]>();
  for (const ticker of concerned) closes.set(ticker, storedSessions(store, ticker, span.warmFrom, span.to));
  if (claim === 'move')
    for (const ticker of concerned)
      if (!regimes.has(ticker))
        regimes.set(ticker, storedGammaRegimes(store, ticker, span.warmFrom, span.to));
  const firings: BacktestFiring[] = [];
  for (const { event, snapshot } of replayed) {
    const series = closes.get(event.ticker) ?? [];
    // The firing's session, the one its series point falls on (a pre-market firing is the last session's).
    const date = sessionDateOf(event.asof);
    const price = priceIn(snapshot, event.ticker) ?? closeOnOrBefore(series, date)?.close ?? null;
    if (price === null || !(price > 0)) {
      notes.push(`${event.ticker}: a firing at ${isoUtc(event.asof)} has no price and is left out`);
      continue;
    }
    const outcome = outcomeAfter(series, date, price);
    const direction = directionOf(rule.condition, event.transition);
    firings.push({
      ticker: event.ticker,
      at: isoUtc(event.asof),
      title: event.title,
      price,
      forward: outcome.forward,
      maxAdverse5d: outcome.maxAdverse5d,
      direction,
      signedForward: signedForward(outcome.forward, direction),
      moves: movesAfter(series, date, price),
    });
  }
  firings.sort((a, b) => a.at.localeCompare(b.at) || a.ticker.localeCompare(b.ticker));
  if (!signal.aborted) emit('returns', concerned.length, concerned.length);

  const fromDate = epochToNy(span.from).date;
  const toDate = epochToNy(span.to).date;
  const prices: BacktestResult['prices'] = {};
  for (const [ticker, list] of closes)
    prices[ticker] = list
      .filter((c) => c.date >= fromDate && c.date <= toDate)
      .map(({ date, close }) => ({ date, close }));
  notes.push(...past.notes());
  if (crossTicker) notes.push('Baseline: every session of the tickers that entered.');
  const sessions = sessionObservations(closes, fromDate, toDate);
  return {
    runId,
    ruleName: rule.name,
    from: isoUtc(span.from),
    to: isoUtc(span.to),
    tickers: concerned,
    firings,
    summary: summarize(
      firings.map((f) => f.forward),
      span,
    ),
    baseline: baselineOf(sessions.map((o) => o.forward)),
    directions: directionGroups(firings, sessions, span),
    moves: baselineMoves(sessions, (ticker, date) => regimes.get(ticker)?.get(date) ?? null, claim),
    prices,
    notes,
    cancelled: signal.aborted,
  };
}

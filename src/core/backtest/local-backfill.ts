// Backfill from the local service's market (the simulator or a chain folder): for each session,
// the day's last snapshot instant (what the service's own daily series reads), analysed by the
// service's own pipeline and stored as the payloads its endpoints would have served then (signals,
// market structure, levels, screener), with the signals' metric points. Stored the way polled
// snapshots are (ingestProduced: content-addressed, idempotent), so a second run finds them and
// skips the work. The newest of each series goes first, in a batch of its own: the past after it
// is history, which raises no alert (see store/ingest.ts).
import { topSetupsItemSchema, type TopSetupsItem } from '../../shared/api/index.ts';
import type { SnapshotEndpoint } from '../../shared/bridge/tickers.ts';
import { epochToNy, nyToEpoch } from '../../shared/market-calendar.ts';
import { presetQuery } from '../../shared/rankings/screener-presets.ts';
import { parseTopSetupsQuery } from '../../shared/rankings/top-setups-query.ts';
import { rankTopSetups } from '../../shared/rankings/top-setups.ts';
import {
  analyzeSnapshotPayloads,
  RECENCY_WINDOW_MS,
  type MarketDataSource,
  type SnapshotPayloads,
} from '../../service/index.ts';
import { ingestProduced, type IngestDeps } from '../store/ingest.ts';
import { TOP_SETUPS_LIMIT } from '../poller/jobs.ts';
import { record } from '../lib/payload-fields.ts';
import type { SnapshotInput } from '../store/repositories/snapshots.ts';
import { yieldTurn } from '../lib/yield-turn.ts';
import { analysedInputs, newestFirst, producedMeta, storedTimes } from '../store/past-snapshots.ts';
import type { PastSource } from './past-source.ts';

/** Sessions analysed between two yields (and stored in one transaction). */
const CHUNK = 8;
/** The poller's top-setups request: the whole ranked universe (see TOP_SETUPS_LIMIT). */
const TOP_SETUPS_PARAMS: Readonly<Record<string, string>> = { limit: String(TOP_SETUPS_LIMIT) };

/** The last snapshot instant of each New York day in [from, to], oldest first (as /series reads). */
export function dailySnapshotTimes(
  source: MarketDataSource,
  ticker: string,
  from: number,
  to: number,
): number[] {
  const times = source.snapshotTimes(ticker, from, to);
  const out: number[] = [];
  let i = times.length - 1;
  while (i >= 0) {
    const time = times[i] as number;
    out.push(time);
    const dayStart = nyToEpoch(epochToNy(time).date, 0);
    while (i >= 0 && (times[i] as number) >= dayStart) i--;
  }
  return out.reverse();
}

/** Past snapshots from the local service's market, stored through the source's ingest. */
export function localPast(ingest: IngestDeps, source: MarketDataSource): PastSource {
  const { store } = ingest;
  const tickerInputs = (a: SnapshotPayloads, endpoints: Iterable<SnapshotEndpoint>) =>
    analysedInputs(
      a,
      [...endpoints].map((endpoint) => ({ endpoint, params: {} })),
      'backtest',
    );

  const past: PastSource = {
    async fillTicker(ticker, endpoints, from, to, step, signal) {
      const wanted = new Set<SnapshotEndpoint>(['signals', ...endpoints]);
      const stored = new Map(
        [...wanted].map((e) => [e, storedTimes(store, { endpoint: e, ticker, params: {} }, from, to)]),
      );
      const missing = dailySnapshotTimes(source, ticker, from, to).filter((t) =>
        [...wanted].some((e) => !stored.get(e)?.has(t)),
      );
      let done = 0;
      for (const batch of newestFirst(missing, CHUNK)) {
        if (signal.aborted) break;
        const inputs: SnapshotInput[] = [];
        for (const t of batch) {
          const a = analyzeSnapshotPayloads(source, ticker, t);
          if (!a) continue;
          const todo = [...wanted].filter((e) => !stored.get(e)?.has(t));
          inputs.push(...tickerInputs(a, todo));
        }
        ingestProduced(ingest, inputs);
        done += batch.length;
        step(done, missing.length);
        await yieldTurn();
      }
    },

    async fillRankings(presets, from, to, step, signal) {
      const universe = source.universe().map((t) => t.ticker);
      // Rank instants: the newest of the day's last snapshots across the universe.
      const rankTimes = new Map<string, number>();
      for (const ticker of universe) {
        for (const t of dailySnapshotTimes(source, ticker, from, to)) {
          const date = epochToNy(t).date;
          rankTimes.set(date, Math.max(rankTimes.get(date) ?? t, t));
        }
      }
      const series = [
        {
          key: { endpoint: 'top_setups' as const, ticker: null, params: TOP_SETUPS_PARAMS },
          query: new Map(Object.entries(TOP_SETUPS_PARAMS)),
        },
        ...presets.map((name) => ({
          key: { endpoint: 'screener' as const, ticker: null, params: { name } },
          query: presetQuery(name, new Map()),
        })),
      ].map((s) => ({
        ...s,
        query: parseTopSetupsQuery(s.query),
        have: storedTimes(store, s.key, from, to),
      }));
      // The newest rank instant first (one instant per batch): the older ones are history.
      let todo = newestFirst(
        [...rankTimes.values()].filter((t) => series.some((s) => !s.have.has(t))).sort((a, b) => a - b),
        1,
      ).flat();
      // A stored top-setups list is the whole ranked universe (limit 200, no minimum score): a
      // screener's answer then is that list filtered, with no analysis at all.
      const [top] = series;
      if (top && universe.length <= TOP_SETUPS_LIMIT) {
        todo = todo.filter((t) => {
          if (!top.have.has(t)) return true;
          const stored = store.snapshots.latestAtOrBefore(top.key, t);
          const list = record(stored?.data)?.['items'];
          if (stored?.asof !== t || !Array.isArray(list)) return true;
          const items = list.filter((i) => topSetupsItemSchema.safeParse(i).success) as TopSetupsItem[];
          const inputs = series
            .filter((s) => !s.have.has(t))
            .map((s) => ({
              ...s.key,
              params: { ...s.key.params },
              asof: t,
              data: { items: rankTopSetups(items, s.query) },
              meta: producedMeta(t, null),
            }));
          ingestProduced(ingest, inputs);
          return false;
        });
      }
      if (todo.length === 0) return;
      const signalsStored = new Map(
        universe.map((t) => [
          t,
          storedTimes(store, { endpoint: 'signals', ticker: t, params: {} }, from - RECENCY_WINDOW_MS, to),
        ]),
      );
      // Analyses of the previous rank instant: a ticker without a newer snapshot reuses its own.
      let previous = new Map<string, SnapshotPayloads>();
      let analysed = 0;
      for (let i = 0; i < todo.length && !signal.aborted; i++) {
        const at = todo[i] as number;
        const current = new Map<string, SnapshotPayloads>();
        const inputs: SnapshotInput[] = [];
        for (const ticker of universe) {
          const t = source.latestSnapshotTime(ticker, at);
          // The service ranks only snapshots inside its recency window.
          if (t === null || t < at - RECENCY_WINDOW_MS) continue;
          const reused = previous.get(ticker);
          let a = reused && reused.asof === t ? reused : null;
          if (!a) {
            a = analyzeSnapshotPayloads(source, ticker, t);
            // A rank instant analyses the whole universe: let the app's other work in between.
            if (++analysed % CHUNK === 0) await yieldTurn();
          }
          if (!a) continue;
          current.set(ticker, a);
          const known = signalsStored.get(ticker);
          if (known && !known.has(t)) {
            known.add(t);
            inputs.push(...tickerInputs(a, ['signals']));
          }
        }
        const universeItems = [...current.values()].map((a) => a.topSetupsItem);
        for (const s of series) {
          if (s.have.has(at)) continue;
          const items = rankTopSetups(universeItems, s.query);
          inputs.push({
            ...s.key,
            params: { ...s.key.params },
            asof: at,
            data: { items },
            meta: producedMeta(at, null),
          });
        }
        ingestProduced(ingest, inputs);
        previous = current;
        step(i + 1, todo.length);
        await yieldTurn();
      }
    },

    async fillCloses(tickers, from, to, signal) {
      for (const ticker of tickers) {
        if (signal.aborted) return;
        await past.fillTicker(ticker, ['signals'], from, to, () => undefined, signal);
      }
    },

    notes: () => [],
  };
  return past;
}

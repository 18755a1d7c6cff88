// Watchlists and the rows of the selected one. Rows refresh when the watcher stores a new
// snapshot of one of the list's tickers (coalesced: one reload per burst of events).
import type { TickerRow } from '../../shared/bridge/tickers.ts';
import type { UniverseEntry } from '../../shared/bridge/tickers.ts';
import type { Watchlist, WatchlistImport } from '../../shared/bridge/watchlists.ts';
import type { BridgeClient } from '../lib/bridge-client.ts';
import { coalesce } from '../lib/coalesce.ts';
import {
  EMPTY_FILTER,
  filterRows,
  inListOrder,
  moveItem,
  NO_TICKERS,
  nextSort,
  sortRows,
  type SortDir,
  type SortKey,
  type TableFilter,
  updatedTickers,
} from '../features/watchlists/ticker-table-model.ts';
import { Resource } from './resource.svelte.ts';

export class WatchlistsState {
  readonly lists = new Resource<Watchlist[]>();
  readonly rows = new Resource<TickerRow[]>();
  #selectedId = $state<number | null>(null);
  #sort = $state<{ key: SortKey; dir: SortDir }>({ key: 'manual', dir: 'asc' });
  #filter = $state<TableFilter>({ ...EMPTY_FILTER });
  /** One rows reload per burst of events. */
  readonly #rowsSoon = coalesce(() => void this.loadRows());
  #moves: Promise<void> = Promise.resolve();
  #moveSeq = 0;
  /** Tickers whose row changed while the list was on screen: only these flash their changes. */
  #fresh = $state<ReadonlySet<string>>(NO_TICKERS);
  readonly #bridge: BridgeClient;
  readonly #stops: (() => void)[] = [];

  readonly selected = $derived(
    this.lists.value?.find((w) => w.id === this.#selectedId) ?? this.lists.value?.[0] ?? null,
  );
  readonly visibleRows = $derived(
    sortRows(filterRows(this.rows.value ?? [], this.#filter), this.#sort.key, this.#sort.dir),
  );

  constructor(bridge: BridgeClient) {
    this.#bridge = bridge;
  }

  get fresh(): ReadonlySet<string> {
    return this.#fresh;
  }

  get sort(): { key: SortKey; dir: SortDir } {
    return this.#sort;
  }
  get filter(): TableFilter {
    return this.#filter;
  }
  /** Manual reordering only makes sense in the list's own order with nothing hidden. */
  get canReorder(): boolean {
    return this.#sort.key === 'manual' && this.isUnfiltered;
  }
  get isUnfiltered(): boolean {
    const f = this.#filter;
    return f.text.trim() === '' && f.gamma === 'any' && f.minTier === 'any' && !f.staleOnly;
  }

  start(): void {
    this.#stops.push(
      this.#bridge.on('snapshot:new', (event) => {
        if (event.ticker && this.selected?.tickers.includes(event.ticker)) this.#scheduleRows();
      }),
      // Another data source (or new files in the folder): what is "latest" may be another snapshot
      // already stored, which no snapshot:new announces.
      this.#bridge.on('app:changed', () => this.#scheduleRows()),
      // Each ticker's first fetch reports as it ends (phase running, its ticker), the whole batch
      // once more at the end (no ticker): rows fill in one by one, not after the last one.
      this.#bridge.on('backfill:progress', (event) => {
        const ours = event.ticker !== null && this.selected?.tickers.includes(event.ticker) === true;
        const end = event.ticker === null && (event.phase === 'finished' || event.phase === 'failed');
        if (ours || end) this.#scheduleRows();
      }),
    );
  }

  stop(): void {
    for (const stop of this.#stops.splice(0)) stop();
    this.#rowsSoon.cancel();
  }

  async load(): Promise<void> {
    await this.lists.load(() => this.#bridge.invoke('watchlists:list'));
    await this.loadRows();
  }

  select(id: number | null): void {
    if (id === this.#selectedId) return;
    this.#selectedId = id;
    this.rows.reset();
    this.#fresh = NO_TICKERS;
    void this.loadRows();
  }

  loadRows(): Promise<void> {
    const list = this.selected;
    if (!list) {
      this.rows.set([]);
      return Promise.resolve();
    }
    return this.rows.load(async () => {
      const served = (await this.#bridge.invoke('tickers:latest', { watchlistId: list.id })).rows;
      // In the list's order as it is now, not as it was when the main side answered: a reload that
      // crosses a keyboard move in flight must not put the moved row back (a quick next key press
      // would then start from the old position).
      const rows = inListOrder(served, this.selected?.tickers ?? list.tickers);
      this.#fresh = updatedTickers(this.rows.value ?? [], rows);
      return rows;
    });
  }

  #scheduleRows(): void {
    this.#rowsSoon.schedule();
  }

  setSort(key: SortKey): void {
    this.#sort = nextSort(this.#sort, key);
  }

  setFilter(patch: Partial<TableFilter>): void {
    this.#filter = { ...this.#filter, ...patch };
  }

  clearFilter(): void {
    this.#filter = { ...EMPTY_FILTER };
  }

  #replace(list: Watchlist): void {
    const lists = this.lists.value ?? [];
    const exists = lists.some((w) => w.id === list.id);
    this.lists.set(exists ? lists.map((w) => (w.id === list.id ? list : w)) : [...lists, list]);
  }

  async create(name: string): Promise<Watchlist> {
    const list = await this.#bridge.invoke('watchlists:create', { name });
    this.#replace(list);
    this.select(list.id);
    return list;
  }

  async rename(id: number, name: string): Promise<void> {
    this.#replace(await this.#bridge.invoke('watchlists:rename', { id, name }));
  }

  async remove(id: number): Promise<void> {
    await this.#bridge.invoke('watchlists:delete', { id });
    this.lists.set((this.lists.value ?? []).filter((w) => w.id !== id));
    if (this.#selectedId === id) this.select(this.lists.value?.[0]?.id ?? null);
  }

  async moveList(id: number, delta: number): Promise<void> {
    const lists = this.lists.value ?? [];
    const from = lists.findIndex((w) => w.id === id);
    const next = moveItem(lists, from, from + delta);
    if (next.every((w, i) => w.id === lists[i]?.id)) return;
    this.lists.set(next);
    this.lists.set(await this.#bridge.invoke('watchlists:reorder', { ids: next.map((w) => w.id) }));
  }

  async addTicker(ticker: string): Promise<void> {
    const list = this.selected;
    if (!list) throw new Error('create a watchlist first');
    this.#replace(await this.#bridge.invoke('watchlist:addTicker', { watchlistId: list.id, ticker }));
    await this.loadRows();
  }

  /** Appends tickers read from a watchlist file to the list on screen; says what was and was not added. */
  async importTickers(tickers: readonly string[]): Promise<WatchlistImport> {
    const list = this.selected;
    if (!list) throw new Error('create a watchlist first');
    const result = await this.#bridge.invoke('watchlist:importTickers', {
      watchlistId: list.id,
      tickers: [...tickers],
    });
    this.#replace(result.watchlist);
    if (list.id === this.selected?.id) await this.loadRows();
    return result;
  }

  /** Adds a ticker to a list that may not be the one on screen (from the rankings, say). */
  async addTickerTo(watchlistId: number, ticker: string): Promise<void> {
    this.#replace(await this.#bridge.invoke('watchlist:addTicker', { watchlistId, ticker }));
    if (watchlistId === this.selected?.id) await this.loadRows();
  }

  async removeTicker(ticker: string): Promise<void> {
    const list = this.selected;
    if (!list) return;
    this.#replace(await this.#bridge.invoke('watchlist:removeTicker', { watchlistId: list.id, ticker }));
    this.rows.set((this.rows.value ?? []).filter((r) => r.ticker !== ticker));
  }

  /**
   * Moves a ticker to an index of the list; rows follow at once, the main side confirms. Moves run
   * one after another: quick key presses must reach the main side in the order they were made.
   */
  moveTicker(ticker: string, toIndex: number): Promise<void> {
    const list = this.selected;
    if (!list) return Promise.resolve();
    const from = list.tickers.indexOf(ticker);
    if (from < 0 || toIndex === from || toIndex < 0 || toIndex >= list.tickers.length)
      return Promise.resolve();
    const tickers = moveItem(list.tickers, from, toIndex);
    this.#replace({ ...list, tickers });
    const rows = this.rows.value ?? [];
    this.rows.set(
      tickers.map((t) => rows.find((r) => r.ticker === t)).filter((r): r is TickerRow => r !== undefined),
    );
    const id = list.id;
    const seq = ++this.#moveSeq;
    const move = this.#moves.then(async () => {
      const saved = await this.#bridge.invoke('watchlist:moveTicker', { watchlistId: id, ticker, toIndex });
      // Only the last answer may replace the screen's order: earlier ones are already outdated.
      if (seq === this.#moveSeq) this.#replace(saved);
    });
    this.#moves = move.catch(async () => {
      await this.load();
    });
    return move;
  }

  async suggest(query: string): Promise<UniverseEntry[]> {
    if (query.trim() === '') return [];
    return (await this.#bridge.invoke('universe:search', { query, limit: 8 })).suggestions;
  }
}

// The app's data source while it runs: the connection in use (src/core/source/connect.ts), the
// alert baseline that goes with it, and the switch to another one (from Settings, or a new secret),
// one switch at a time. The store, the rules, the event hub and the dispatcher outlive it.
import type { AlertRuleBody } from '../../shared/alert-rules.ts';
import { POLL_JOBS } from '../../shared/bridge/settings.ts';
import { messageOf } from '../../shared/message-of.ts';
import { connectSource, type Connection, type ConnectDeps } from '../source/connect.ts';
import type { DataSourceOption } from '../source/option.ts';
import type { Store } from '../store/database.ts';

export interface ActiveSourceOptions {
  store: Store<AlertRuleBody>;
  /** What every connection is opened with (the baseline is this object's own). */
  connect: Omit<ConnectDeps, 'alertBaseline'>;
  /** Poll right away when polling starts (each job through the market gate). */
  pollOnStart: boolean;
  /** Another connection took over (the status and the header change). */
  onSwitched(): void;
  log(message: string): void;
}

export class ActiveSource {
  readonly #o: ActiveSourceOptions;
  readonly #deps: ConnectDeps;
  #conn: Connection | null = null;
  #baselineId = 0;
  #started = false;
  /** False while a command line's source override runs; true once the setting is in force. */
  fromSetting: boolean;
  readonly #backfills = new Set<Promise<void>>();
  // Switches run one at a time, and stopping waits for the one in progress.
  #switching: Promise<unknown> = Promise.resolve();

  private constructor(options: ActiveSourceOptions, fromSetting: boolean) {
    this.#o = options;
    this.fromSetting = fromSetting;
    this.#deps = { ...options.connect, alertBaseline: () => this.#baselineId };
  }

  /** Connects to the first source; `fromSetting` is false for a command line's override. */
  static async open(
    option: DataSourceOption,
    fromSetting: boolean,
    options: ActiveSourceOptions,
  ): Promise<ActiveSource> {
    const source = new ActiveSource(options, fromSetting);
    const conn = await source.connect(option);
    try {
      source.#adoptBaseline(conn.id);
    } catch (error) {
      await conn.close().catch(() => undefined);
      throw error;
    }
    source.#conn = conn;
    // A chain folder's files enter history now that its rows are written as its own.
    void conn.importHistory();
    return source;
  }

  /** The connection in use; throws once the app has stopped. */
  get current(): Connection {
    if (this.#conn === null) throw new Error('the app has stopped');
    return this.#conn;
  }

  get connected(): boolean {
    return this.#conn !== null;
  }

  /** Whether `c` is still the connection in use (a switch may have replaced it meanwhile). */
  isCurrent(c: Connection): boolean {
    return this.#conn === c;
  }

  /** Alerts compare only with snapshots stored after this id: those of the current source. */
  alertBaseline(): number {
    return this.#baselineId;
  }

  /** Opens a connection to `option` (not yet in use: see replace). */
  connect(option: DataSourceOption): Promise<Connection> {
    return connectSource(option, this.#deps);
  }

  serially<T>(work: () => Promise<T>): Promise<T> {
    const next = this.#switching.then(work, work);
    this.#switching = next.catch(() => undefined);
    return next;
  }

  /** Resolves once the switch in progress, if any, is over. */
  async settled(): Promise<void> {
    await this.#switching;
  }

  /** Closes the current connection and puts `next` (already connected) in its place. */
  async replace(next: Connection): Promise<void> {
    const old = this.current;
    await old.close();
    await Promise.allSettled([...this.#backfills]);
    this.#conn = next;
    // After the old poller stopped: nothing of the old source is stored past this mark.
    this.#adoptBaseline(next.id);
    void next.importHistory();
    if (this.#started) {
      next.poller.start();
      this.pollNow();
      // The new source's rows and its two-year series for every watched ticker, with the
      // watchlist's progress bar: its history is not the previous source's.
      if (this.#o.pollOnStart) this.backfill(this.#o.store.watchlists.allTickers());
    }
    this.#o.onSwitched();
  }

  /** Starts polling on schedule (see pollNow for the first poll). */
  start(): void {
    if (this.#started) return;
    this.#started = true;
    this.current.poller.start();
  }

  /** Every job once now, each through the market gate (unless pollOnStart is off). */
  pollNow(): void {
    if (!this.#o.pollOnStart) return;
    const c = this.current;
    const at = c.marketClock.now();
    for (const job of POLL_JOBS) c.poller.tick({ job, at, missed: 0 });
  }

  /** Tickers newly on a watchlist: their history and views, now. */
  backfill(tickers: readonly string[]): void {
    const work = this.current.poller
      .backfill(tickers)
      .catch((error: unknown) => this.#o.log(`backfill: ${messageOf(error)}`));
    this.#backfills.add(work);
    void work.finally(() => this.#backfills.delete(work));
  }

  /** Stops polling and waits for the work in flight (runs and backfills). */
  async stopPolling(): Promise<void> {
    await this.#conn?.poller.stop();
    await Promise.allSettled([...this.#backfills]);
  }

  /** Closes the connection (its service, its collector). */
  async close(): Promise<void> {
    await this.#conn?.close();
  }

  /** Alerts compare a source's snapshots only with its own: a new source starts a new baseline. */
  #adoptBaseline(sourceId: string): void {
    const { store } = this.#o;
    const stored = store.flags.sourceBaseline();
    if (stored?.source === sourceId) this.#baselineId = stored.afterSnapshotId;
    else {
      // A database from before baselines (none stored) keeps comparing with what it has.
      this.#baselineId = stored === null && store.snapshots.maxId() > 0 ? 0 : store.snapshots.maxId();
      store.flags.setSourceBaseline({ source: sourceId, afterSnapshotId: this.#baselineId });
    }
    // What is stored from now on is this source's, and what the views read as "latest" is too.
    store.useSource(sourceId);
  }
}

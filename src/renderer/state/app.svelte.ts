// The app as a whole: what it runs against (data source, simulated or not, market session), the
// connection to the main side, polling status, settings and the theme.
import type { AppInfo } from '../../shared/bridge/app-info.ts';
import type { PollStatus } from '../../shared/bridge/poll.ts';
import type { DataSource, Settings, SettingsPatch, Theme } from '../../shared/bridge/settings.ts';
import type { BridgeClient, ConnectionState } from '../lib/bridge-client.ts';
import { clockInForceNow, type ClockReading } from '../lib/market-status.ts';
import { messageOf } from './resource.svelte.ts';

export class AppState {
  #info = $state<AppInfo | null>(null);
  /**
   * Info requests overlap (the boot's refresh, the answer to onboarding, a clock tick): each gets a
   * number when it starts, and an answer older than one already applied is dropped. Without this,
   * the boot's answer arriving after onboarding's put firstRun back to true and the welcome screen
   * came back with its defaults.
   */
  #infoAsked = 0;
  #infoApplied = 0;
  #infoError = $state<string | null>(null);
  #connection = $state<ConnectionState>('connecting');
  #poll = $state<PollStatus | null>(null);
  #settings = $state<Settings | null>(null);
  #wall = $state(Date.now());
  /** The last market instant reported, the wall time then, and the rate its clock runs at. */
  #reading = $state<ClockReading>({ market: Date.now(), wall: Date.now(), rate: 1 });
  #unreadAlerts = $state(0);
  readonly #bridge: BridgeClient;
  readonly #stops: (() => void)[] = [];

  constructor(bridge: BridgeClient) {
    this.#bridge = bridge;
  }

  get info(): AppInfo | null {
    return this.#info;
  }
  get infoError(): string | null {
    return this.#infoError;
  }
  get connection(): ConnectionState {
    return this.#connection;
  }
  get offline(): boolean {
    return this.#connection === 'offline';
  }
  get poll(): PollStatus | null {
    return this.#poll;
  }
  get settings(): Settings | null {
    return this.#settings;
  }
  /**
   * The market's now (what snapshot times are measured against), refreshed every few seconds so
   * relative times move on their own. Equals the wall clock unless the data source runs another
   * clock; then it runs from the newest instant the app has reported at that clock's rate
   * (app:info's clockRate: ×300 under a fast clock, still under a chain folder's).
   */
  get now(): number {
    return clockInForceNow(this.#reading, this.#wall);
  }
  /** The market's now, or a history-review instant (ISO) when one is shown: what "already settled" is judged at. */
  nowOr(at: string | null): number {
    return at === null ? this.now : Math.min(Date.parse(at), this.now);
  }
  /** Wall-clock now: for what happens in the app itself (poll runs, alert creation). */
  get wallNow(): number {
    return this.#wall;
  }
  get unreadAlerts(): number {
    return this.#unreadAlerts;
  }
  set unreadAlerts(count: number) {
    this.#unreadAlerts = count;
  }
  get theme(): Theme {
    return this.#settings?.theme ?? 'system';
  }
  get firstRun(): boolean {
    return this.#info?.firstRun ?? false;
  }

  /** Loads what the shell needs and starts listening; returns when the first answer arrived. */
  async start(): Promise<void> {
    this.#stops.push(
      this.#bridge.onConnection((state) => {
        const wasOffline = this.#connection === 'offline' || this.#connection === 'connecting';
        this.#connection = state;
        // Coming back: what was missed while away is re-read rather than guessed.
        if (state === 'open' && wasOffline && this.#info) void this.refresh();
      }),
      this.#bridge.on('poll:status', (status) => (this.#poll = status)),
      this.#bridge.on('settings:changed', (settings) => (this.#settings = settings)),
      // Another source, its badge or its problems: the header follows without a reload.
      this.#bridge.on('app:changed', (info) => this.#applyInfo(++this.#infoAsked, info)),
      this.#bridge.on('alert:new', () => (this.#unreadAlerts += 1)),
      this.#bridge.on('snapshot:new', (event) => this.#observe(event.asof)),
    );
    // A fast clock's minutes pass in a fraction of a second: the header's time steps each second.
    let timer: ReturnType<typeof setTimeout>;
    const step = (): void => {
      this.#wall = Date.now();
      timer = setTimeout(step, this.#reading.rate > 1 ? 1000 : 5000);
    };
    timer = setTimeout(step, 1000);
    // The market opens and closes while the app stays up: re-read the session now and then.
    const infoTimer = setInterval(() => void this.#refreshInfo(), 60_000);
    this.#stops.push(
      () => clearTimeout(timer),
      () => clearInterval(infoTimer),
    );
    await this.refresh();
  }

  stop(): void {
    for (const stop of this.#stops.splice(0)) stop();
  }

  async refresh(): Promise<void> {
    const asked = ++this.#infoAsked;
    try {
      const [info, poll, settings, alerts] = await Promise.all([
        this.#bridge.invoke('app:info'),
        this.#bridge.invoke('poll:status'),
        this.#bridge.invoke('settings:get'),
        this.#bridge.invoke('alerts:list', { limit: 1 }),
      ]);
      if (!this.#applyInfo(asked, info)) return;
      this.#poll = poll;
      this.#settings = settings;
      this.#unreadAlerts = alerts.unread;
      this.#infoError = null;
    } catch (error) {
      this.#infoError = messageOf(error);
    }
  }

  /** Applies an answer to info request `asked`, unless a later one was applied already. */
  #applyInfo(asked: number, info: AppInfo): boolean {
    if (asked < this.#infoApplied) return false;
    this.#infoApplied = asked;
    this.#setInfo(info);
    return true;
  }

  #setInfo(info: AppInfo): void {
    this.#info = info;
    this.#wall = Date.now();
    this.#reading = { market: Date.parse(info.now), wall: this.#wall, rate: info.clockRate ?? 1 };
  }

  #observe(asof: string): void {
    const t = Date.parse(asof);
    const wall = Date.now();
    this.#wall = wall;
    if (Number.isFinite(t) && t > this.now) this.#reading = { ...this.#reading, market: t, wall };
  }

  async #refreshInfo(): Promise<void> {
    try {
      const asked = ++this.#infoAsked;
      this.#applyInfo(asked, await this.#bridge.invoke('app:info'));
    } catch {
      // The connection state already tells the user; the next tick tries again.
    }
  }

  async completeOnboarding(watchlistName: string | undefined, tickers: string[]): Promise<void> {
    const asked = ++this.#infoAsked;
    this.#applyInfo(asked, await this.#bridge.invoke('app:completeOnboarding', { watchlistName, tickers }));
  }

  async updateSettings(patch: SettingsPatch): Promise<Settings> {
    const next = await this.#bridge.invoke('settings:update', patch);
    this.#settings = next;
    return next;
  }

  /**
   * Switches the data source live. Resolves once the new source serves (the header then shows its
   * badge); rejects with the main side's reason, the old source still in use.
   */
  async switchSource(dataSource: DataSource): Promise<Settings> {
    const next = await this.updateSettings({ dataSource });
    // app:changed brings the same, but a lost event must not leave the old badge up.
    await this.#refreshInfo();
    return next;
  }

  async pollAction(action: 'poll:pause' | 'poll:resume' | 'poll:refreshNow'): Promise<void> {
    this.#poll = await this.#bridge.invoke(action);
  }
}

/** The theme to paint: the system's preference unless the user chose one. */
export function resolveTheme(theme: Theme, prefersDark: boolean): 'light' | 'dark' {
  if (theme === 'system') return prefersDark ? 'dark' : 'light';
  return theme;
}

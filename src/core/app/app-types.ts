// What the composition root (create-app.ts) takes and gives: its options and the App the bridge handlers,
// Electron's main process and the commands use.
import type { ApiClient } from '../../client/index.ts';
import type { AlertRuleBody } from '../../shared/alert-rules.ts';
import type { AppInfo } from '../../shared/bridge/app-info.ts';
import type { SecretName, SecretsStatus, SourceTestResult } from '../../shared/bridge/data-source.ts';
import type { DataSource, DataSourceKind, PollJob } from '../../shared/bridge/settings.ts';
import type { UniverseEntry } from '../../shared/bridge/tickers.ts';
import type { StartOptions } from '../../service/index.ts';
import type { MarketDataSource } from '../../service/index.ts';
import type { ChannelSettings } from '../alerts/policy.ts';
import type { EventHub } from '../events/event-hub.ts';
import type { DesktopNotifier } from '../notify/channel.ts';
import type { TestChannelInput, TestChannelResult } from '../../shared/bridge/alerts.ts';
import type { MessageChannelOptions } from '../notify/channel-lookup.ts';
import type { NotificationDispatcher } from '../notify/dispatcher.ts';
import type { WebhookOptions } from '../notify/webhook.ts';
import type { JobRunSummary, Poller, TriggerMode } from '../poller/poller.ts';
import type { Timers } from '../lib/timers.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import type { Settings, SettingsPatch } from '../settings/schema.ts';
import type {
  ClientTuning,
  ClockMode,
  Connection,
  PollerTuning,
  TradierConnector,
} from '../source/connect.ts';
import type { DataSourceOption } from '../source/option.ts';
import type { Store } from '../store/database.ts';

export interface AppOptions {
  dataDir: string;
  /** Default `<dataDir>/gammawatch.db`. */
  dbFile?: string;
  /** Applied over the stored settings for this run only (not saved). */
  settings?: SettingsPatch;
  /** Overrides the stored data source for this run (until the user switches in Settings). */
  dataSource?: DataSourceOption;
  /** Electron's notifier; headless uses libnotify (or skips with a reason). */
  desktopNotifier?: DesktopNotifier;
  /** Default: cron on the wall clock for a real-time market, market-clock sampling otherwise. */
  trigger?: TriggerMode;
  timers?: Timers;
  random?: () => number;
  poller?: PollerTuning;
  client?: ClientTuning;
  /** Extra options for the in-process local service. */
  service?: Partial<StartOptions>;
  webhook?: WebhookOptions;
  /** Timeouts of Telegram, e-mail and Pushover; tests add the stand-in's certificate (email.tlsCa). */
  messages?: MessageChannelOptions;
  /** Poll right away on start() (each job through the market gate). Default true. */
  pollOnStart?: boolean;
  log?: (message: string) => void;
  /**
   * Where the remote API key and the Tradier token live: Electron passes its safeStorage store;
   * by default a 0600 file in the data folder. Either way GAMMAWATCH_API_KEY and
   * GAMMAWATCH_TRADIER_TOKEN, when set, win (see withEnvOverrides).
   */
  secrets?: SecretStore;
  /** The environment secrets and the Tradier base URL override are read from (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** The Tradier connector (tests replace it). */
  tradier?: TradierConnector;
  /** How often the badge and problems are checked for an `app:changed` event (default 5 s). */
  infoCheckMs?: number;
}

export interface DataSourceInfo {
  kind: DataSourceKind;
  label: string;
  baseUrl: string;
  simulated: boolean;
  clock: ClockMode;
  /** The source lists its tickers (the local service does): a ticker outside it does not exist. */
  listsUniverse: boolean;
}

export interface App {
  readonly dataDir: string;
  readonly store: Store<AlertRuleBody>;
  /** The current source's client and poller: another after a switch of source. */
  readonly client: ApiClient;
  readonly poller: Poller;
  readonly events: EventHub;
  readonly dispatcher: NotificationDispatcher;
  readonly source: DataSourceInfo;
  /** The local service's market, which can produce past snapshots (backtests); null for a remote API. */
  marketSource(): MarketDataSource | null;
  /**
   * The data source in use, for one unit of work (a backtest, an export, a fetch): taken once when
   * the work starts, whose `store` it reads and writes only, so a switch of source meanwhile can
   * never mix two sources' rows; its `closed` signal says the source was switched away.
   */
  sourceWork(): Connection;
  readonly version: string;
  marketNow(): number;
  wallNow(): number;
  /** Alerts compare only with snapshots stored after this id: those of the current source. */
  alertBaseline(): number;
  /** The app's log (main-side only: never shown to the renderer); every line is redacted. */
  log(message: string): void;
  /**
   * `text` without any stored secret (the API key, the Tradier token, the channels' tokens and
   * password) nor a `Bearer <token>`: for text a host lets go past the bridge and the log.
   */
  redact(text: string): string;
  settings(): Settings;
  /**
   * Applies and saves a change. A changed data source is switched to first (resolving once it
   * serves); if it cannot start, nothing is saved, the old source keeps running, and this rejects
   * with a SourceError a user can read.
   */
  updateSettings(patch: SettingsPatch): Promise<Settings>;
  channels(): ChannelSettings;
  universe(): UniverseEntry[];
  info(): AppInfo;
  /** Resolves when the source in use has no import of chain files into history running. */
  historySettled(): Promise<void>;
  /** Every problem of the source in use, one line each (app:info carries the first few). */
  sourceProblems(): string[];
  /** Tries a data source without switching to it. */
  testSource(source: DataSource): Promise<SourceTestResult>;
  secretsStatus(): SecretsStatus;
  /** `notify:test`: one test message through Telegram, e-mail or Pushover, and the service's answer. */
  sendTestMessage(input: TestChannelInput): Promise<TestChannelResult>;
  /** Stores (or forgets) a secret; the source in use that reads it reconnects with it. */
  setSecret(name: SecretName, value: string | null): Promise<SecretsStatus>;
  /**
   * "Refresh now": the source fetches what it can (Tradier: a collection run; a chain folder: a
   * rescan), then the job(s) run outside their schedule. Resolves once the runs are queued.
   */
  refreshNow(job?: PollJob): Promise<void>;
  /** Tickers newly on a watchlist: backfill their history and fetch their views now. */
  tickersAdded(tickers: readonly string[]): void;
  emitStatus(): void;
  /** Alerts not yet read (the tray's count and the dock badge). */
  unreadAlertCount(): number;
  /**
   * Where a click on an alert's notification leads: the alert's ticker and the time (epoch ms) of
   * the snapshot that raised it, or null once the alert is gone.
   */
  alertTarget(id: number): { ticker: string | null; asof: number } | null;
  start(): void;
  /** Every job once, then waits for the resulting deliveries. */
  runOnce(options?: { force?: boolean }): Promise<JobRunSummary[]>;
  /** Stops polling, waits for work in flight and deliveries, closes the service and the store. */
  stop(): Promise<void>;
}

// What the composition root (create-app.ts) takes and gives: its options and the App that
// Electron's main process and the commands use, which the bridge handlers serve (the BridgeApp
// part of it, bridge/bridge-app.ts).
import type { ApiClient } from '../../client/index.ts';
import type { StartOptions } from '../../service/index.ts';
import type { MarketDataSource } from '../../service/index.ts';
import type { BridgeApp } from '../bridge/bridge-app.ts';
import type { DesktopNotifier } from '../notify/channel.ts';
import type { MessageChannelOptions } from '../notify/channel-lookup.ts';
import type { NotificationDispatcher } from '../notify/dispatcher.ts';
import type { WebhookOptions } from '../notify/webhook.ts';
import type { JobRunSummary, TriggerMode } from '../poller/poller.ts';
import type { Timers } from '../lib/timers.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import type { RetentionTuning } from '../store/retention-schedule.ts';
import type { SettingsPatch } from '../settings/schema.ts';
import type { ClientTuning, PollerTuning, TradierConnector } from '../source/connect.ts';
import type { DataSourceOption } from '../source/option.ts';

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
  /** When thinning runs (store/retention-schedule.ts); false turns it off. */
  retention?: false | RetentionTuning;
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
   * Also write every log line, redacted and time-stamped, to this file, rotated by size
   * (core/lib/rotating-log.ts): what `--verbose` asks for, `<data folder>/gammawatch.log`.
   */
  logFile?: string | undefined;
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

export interface App extends BridgeApp {
  /** The current source's client: another after a switch of source. */
  readonly client: ApiClient;
  readonly dispatcher: NotificationDispatcher;
  /** The local service's market, which can produce past snapshots (backtests); null for a remote API. */
  marketSource(): MarketDataSource | null;
  readonly version: string;
  /** The log file this run writes (`--verbose`), or null. */
  readonly logFile: string | null;
  /** Alerts compare only with snapshots stored after this id: those of the current source. */
  alertBaseline(): number;
  /** The app's log (main-side only: never shown to the renderer); every line is redacted. */
  log(message: string): void;
  /** Resolves when the source in use has no import of chain files into history running. */
  historySettled(): Promise<void>;
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

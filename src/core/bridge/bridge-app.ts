// What the bridge's handlers use of the running app (each domain's handlers take only their part,
// a Pick of it). The App that createApp builds (app/app-types.ts) is one, and more; the bridge
// imports nothing of the app's composition.
import type { AlertRuleBody } from '../../shared/alert-rules.ts';
import type { TestChannelInput, TestChannelResult } from '../../shared/bridge/alerts.ts';
import type { AppInfo } from '../../shared/bridge/app-info.ts';
import type { SecretName, SecretsStatus, SourceTestResult } from '../../shared/bridge/data-source.ts';
import type { DataSource, PollJob } from '../../shared/bridge/settings.ts';
import type { UniverseEntry } from '../../shared/bridge/tickers.ts';
import type { ChannelSettings } from '../alerts/policy.ts';
import type { EventHub } from '../events/event-hub.ts';
import type { Poller } from '../poller/poller.ts';
import type { Settings, SettingsPatch } from '../settings/schema.ts';
import type { Connection } from '../source/connect.ts';
import type { DataSourceInfo } from '../source/source-info.ts';
import type { Store } from '../store/database.ts';
import type { WebhookKeys } from '../secrets/webhook-keys.ts';

export interface BridgeApp {
  readonly dataDir: string;
  readonly store: Store<AlertRuleBody>;
  /** The current source's poller: another after a switch of source. */
  readonly poller: Poller;
  readonly events: EventHub;
  readonly source: DataSourceInfo;
  /**
   * The data source in use, for one unit of work (a backtest, an export, a fetch): taken once when
   * the work starts, whose `store` it reads and writes only, so a switch of source meanwhile can
   * never mix two sources' rows; its `closed` signal says the source was switched away.
   */
  sourceWork(): Connection;
  marketNow(): number;
  wallNow(): number;
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
  /** Every problem of the source in use, one line each (app:info carries the first few). */
  sourceProblems(): string[];
  /**
   * What the source's own fetching says now (a Tradier or Cboe collector's last problem, e.g.
   * "Cboe refused (429): retrying in 15 min"), for the poll status; null when it is fine.
   */
  sourceFetchProblem(): string | null;
  /** Tries a data source without switching to it. */
  testSource(source: DataSource): Promise<SourceTestResult>;
  secretsStatus(): SecretsStatus;
  /** `notify:test`: one test message through Telegram, e-mail or Pushover, and the service's answer. */
  sendTestMessage(input: TestChannelInput): Promise<TestChannelResult>;
  /** Stores (or forgets) a secret; the source in use that reads it reconnects with it. */
  setSecret(name: SecretName, value: string | null): Promise<SecretsStatus>;
  /** The webhooks' signing keys: made by the app, kept with its secrets. */
  readonly webhookKeys: WebhookKeys;
  /**
   * "Refresh now": the source fetches what it can (Tradier: a collection run; a chain folder: a
   * rescan), then the job(s) run outside their schedule. Resolves once the runs are queued.
   */
  refreshNow(job?: PollJob): Promise<void>;
  /** Tickers newly on a watchlist: backfill their history and fetch their views now. */
  tickersAdded(tickers: readonly string[]): void;
}

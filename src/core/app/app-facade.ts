// The App that createApp returns, over the parts it put together: each member hands the call to
// the part that does it. What belongs to the data source in use (its client, poller, clock,
// universe) is read from the active source at each call, so a switch of source changes it.
import type { AlertRuleBody } from '../../shared/alert-rules.ts';
import type { EventHub } from '../events/event-hub.ts';
import type { Timers } from '../lib/timers.ts';
import type { MessageChannelOptions } from '../notify/channel-lookup.ts';
import { sendTestMessage } from '../notify/test-message.ts';
import type { Notifications } from '../notify/wiring.ts';
import type { SecretRedactor } from '../secrets/redact.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import type { WebhookKeys } from '../secrets/webhook-keys.ts';
import type { TradierConnector } from '../source/connect.ts';
import { testSource } from '../source/probe.ts';
import { sourceInfoOf } from '../source/source-info.ts';
import type { Store } from '../store/database.ts';
import type { ActiveSource } from './active-source.ts';
import { appInfoOf } from './app-info.ts';
import type { AppLifecycle } from './app-lifecycle.ts';
import { rememberSecretsOf } from './app-secrets.ts';
import type { App } from './app-types.ts';
import type { SettingsInForce } from './settings-in-force.ts';
import type { SourceSwitch } from './source-switch.ts';
import type { StatusPublisher } from './status-publisher.ts';

/** What createApp put together, as the App's members use it. */
export interface AppParts {
  dataDir: string;
  version: string;
  /** The log file `--verbose` writes, or null. */
  logFile: string | null;
  store: Store<AlertRuleBody>;
  events: EventHub;
  notifications: Notifications;
  active: ActiveSource;
  switches: SourceSwitch;
  lifecycle: AppLifecycle;
  status: StatusPublisher;
  settings: SettingsInForce;
  secrets: SecretStore;
  webhookKeys: WebhookKeys;
  redactor: SecretRedactor;
  timers: Timers;
  env: NodeJS.ProcessEnv;
  log(message: string): void;
  /** The Tradier connector a source test uses (tests replace it). */
  tradier?: TradierConnector;
  /** Timeouts of Telegram, e-mail and Pushover for a test message. */
  messages?: MessageChannelOptions;
}

export function appOf(p: AppParts): App {
  const { store, events, notifications, active, switches, lifecycle, status } = p;
  const { settings, secrets, redactor, timers, env, log, version } = p;
  const { dispatcher } = notifications;
  return {
    dataDir: p.dataDir,
    store,
    get client() {
      return active.current.client;
    },
    get poller() {
      return active.current.poller;
    },
    events,
    dispatcher,
    get source() {
      return sourceInfoOf(active.current);
    },
    marketSource: () => active.current.marketSource,
    sourceWork: () => active.current,
    version,
    logFile: p.logFile,
    marketNow: () => active.current.marketClock.now(),
    wallNow: () => timers.now(),
    alertBaseline: () => active.alertBaseline(),
    log,
    redact: redactor.redact,
    settings: () => settings.current(),
    async updateSettings(patch) {
      const ids = (s: { notifications: { webhooks: readonly { id: string }[] } }) =>
        new Set(s.notifications.webhooks.map((w) => w.id));
      const before = ids(settings.current());
      const next = await switches.updateSettings(patch);
      // A webhook removed from the settings takes its signing key with it: one added later under
      // the same id starts unsigned, not with a key someone else may hold.
      const kept = ids(next);
      for (const id of before) if (!kept.has(id)) p.webhookKeys.forget(id);
      return next;
    },
    webhookKeys: p.webhookKeys,
    channels: () => notifications.channels(),
    universe: () => active.current.universe(),
    info: () => appInfoOf(active.current, { version, dataDir: p.dataDir, logFile: p.logFile, store }),
    sourceProblems: () => active.current.problems(),
    sourceFetchProblem: () => active.current.fetchProblem(),
    historySettled: () => active.current.importSettled(),
    testSource: (candidate) =>
      testSource(candidate, {
        dataDir: p.dataDir,
        secrets,
        env,
        ...(p.tradier ? { tradier: p.tradier } : {}),
        onResolved: (option) => rememberSecretsOf(option, redactor),
      }),
    secretsStatus: () => secrets.status(),
    sendTestMessage: (input) =>
      sendTestMessage(
        {
          settings: () => settings.current(),
          secret: (name) => secrets.get(name),
          wallNow: () => Date.now(),
          source: () => {
            const c = active.current;
            return { id: c.id, label: c.label, simulated: c.simulated() };
          },
          env,
          ...(p.messages ? { messages: p.messages } : {}),
        },
        input,
      ),
    setSecret: (name, value) => switches.setSecret(name, value),
    async refreshNow(job) {
      const c = active.current;
      await c.refresh();
      // The source may have changed meanwhile: the new one polls on its own start.
      if (active.isCurrent(c)) void c.poller.refreshNow(job);
    },
    tickersAdded: (tickers) => active.backfill(tickers),
    emitStatus: () => status.emit(),
    unreadAlertCount: () => store.alertEvents.count({ unreadOnly: true }),
    alertTarget(id) {
      const event = store.alertEvents.get(id);
      return event ? { ticker: event.ticker, asof: event.asof } : null;
    },
    start: () => lifecycle.start(),
    async runOnce(runOptions = {}) {
      const summaries = await active.current.poller.runAll({ force: runOptions.force ?? false });
      await dispatcher.idle();
      return summaries;
    },
    stop: () => lifecycle.stop(),
  };
}

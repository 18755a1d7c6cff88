// Builds a watcher (the core app) for tests: a fresh temp data folder, the local service on a
// manual market clock (tests move market time by hand), a recording desktop notifier, no
// jitter, and the bridge handlers with an `invoke` that goes through the validating boundary.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp, type App, type AppOptions } from '../../src/core/app/create-app.ts';
import { dispatch } from '../../src/core/bridge/dispatch.ts';
import { createBridgeHandlers } from '../../src/core/bridge/handlers.ts';
import type { DesktopNotification, DesktopNotifier } from '../../src/core/notify/channel.ts';
import { manualClock, type ManualClock } from '../../src/service/market/clock.ts';
import { startService, type RunningService } from '../../src/service/index.ts';
import type { MarketClock } from '../../src/service/market/source.ts';
import type {
  BridgeHandlers,
  BridgeMethod,
  BridgeInput,
  BridgeOutput,
} from '../../src/shared/bridge/contract.ts';
import type { PollClient, PollResult } from '../../src/core/poller/poll-client.ts';
import type { RequestOptions } from '../../src/client/result.ts';
import { at } from './ny-time.ts';

export interface RecordingNotifier extends DesktopNotifier {
  shown: DesktopNotification[];
}

export function recordingNotifier(): RecordingNotifier {
  const shown: DesktopNotification[] = [];
  return {
    name: 'recording',
    shown,
    async notify(n) {
      shown.push(n);
      return { state: 'sent', attempts: 1 };
    },
  };
}

// Market time of a New York wall-clock moment: the integration tests' watchers start from one.
export { at };

export function tempDataDir(prefix = 'gw-watcher-'): { dir: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export interface TestWatcher {
  app: App;
  clock: ManualClock;
  notifier: RecordingNotifier;
  dataDir: string;
  handlers: BridgeHandlers;
  /** Through the trust boundary; throws on an error envelope. */
  invoke<M extends BridgeMethod>(method: M, input?: BridgeInput<M>): Promise<BridgeOutput<M>>;
  logs: string[];
}

export interface WatcherOptions extends Partial<AppOptions> {
  /** The market clock, or where a new manual one starts (epoch ms). */
  clock?: ManualClock;
  start?: number;
  seed?: number;
  /** Reuse a notifier (across a restart) to count everything it was shown. */
  notifier?: RecordingNotifier;
}

export async function startWatcher(options: WatcherOptions & { dataDir: string }): Promise<TestWatcher> {
  const clock = options.clock ?? manualClock(options.start ?? at('2025-03-10', '11:00'));
  const notifier = options.notifier ?? recordingNotifier();
  const logs: string[] = [];
  const { clock: _c, start: _s, seed, notifier: _n, ...rest } = options;
  const app = await createApp({
    dataSource: { kind: 'local', seed: seed ?? 7, clock },
    trigger: 'manual',
    desktopNotifier: notifier,
    poller: { jitterMs: 0, backfillWindow: '30d', seriesWindow: '10d' },
    service: { warm: false },
    log: (m) => logs.push(m),
    ...rest,
  });
  const handlers = createBridgeHandlers(app);
  return {
    app,
    clock,
    notifier,
    dataDir: options.dataDir,
    handlers,
    logs,
    invoke: bridgeInvoker(handlers, logs),
  };
}

/**
 * `invoke` through the validating trust boundary; throws on an error envelope (with the last log
 * lines when the error is internal, where the cause is).
 */
export function bridgeInvoker(handlers: BridgeHandlers, logs: string[] = []): TestWatcher['invoke'] {
  return async (method, input) => {
    const result = await dispatch(handlers, method, input, {
      validateOutput: true,
      onUnexpectedError: (name, error) =>
        logs.push(
          `bridge: ${name}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        ),
    });
    if (!result.ok) {
      const detail = result.error.code === 'internal' ? `\n${logs.slice(-3).join('\n')}` : '';
      throw new Error(`${method}: ${result.error.code}: ${result.error.message}${detail}`);
    }
    return result.value as BridgeOutput<typeof method>;
  };
}

/** The local API v2 service on loopback for a remote-source watcher: quiet, not warmed, one key. */
export function startTestService(options: {
  clock: MarketClock;
  seed: number;
  apiKey: string;
  dataDir: string;
}): Promise<RunningService> {
  return startService({
    port: 0,
    clock: options.clock,
    seed: options.seed,
    log: 'quiet',
    warm: false,
    apiKeys: [options.apiKey],
    dataDir: options.dataDir,
  });
}

/** createApp on a remote service, triggered by hand, with fast retries and no jitter. */
export function remoteTestApp(options: {
  dataDir: string;
  baseUrl: string;
  apiKey: string;
  clock: MarketClock;
  timeoutMs: number;
}): Promise<App> {
  return createApp({
    dataDir: options.dataDir,
    dataSource: {
      kind: 'remote',
      baseUrl: options.baseUrl,
      apiKey: options.apiKey,
      marketClock: options.clock,
    },
    trigger: 'manual',
    desktopNotifier: recordingNotifier(),
    client: {
      timeoutMs: options.timeoutMs,
      retry: { maxAttempts: 2, baseDelayMs: 5, maxDelayMs: 20, maxTotalWaitMs: 100 },
    },
    poller: { jitterMs: 0, backoffBaseMs: 10, backoffMaxMs: 50 },
    log: () => undefined,
  });
}

// ---- A fake API client for unit tests of the poller -------------------------------------------

export interface FakeCall {
  method: string;
  ticker: string | null;
  force: boolean;
}

/**
 * A PollClient answering every endpoint from `payload(method, ticker)`: the envelope with
 * `meta.asof` from `asof()`. A payload function that throws makes the call fail with that error.
 */
export function fakePollClient(options: {
  asof: () => number;
  payload?: (method: string, ticker: string | null) => unknown;
  notModified?: (method: string, ticker: string | null) => boolean;
}): PollClient & { calls: FakeCall[] } {
  const calls: FakeCall[] = [];
  const answer = async (
    method: string,
    ticker: string | null,
    opts?: RequestOptions,
  ): Promise<PollResult> => {
    calls.push({ method, ticker, force: opts?.force ?? false });
    const data = options.payload ? options.payload(method, ticker) : { ticker, price: 100 };
    const notModified = options.notModified?.(method, ticker) ?? false;
    const asof = new Date(options.asof()).toISOString();
    return {
      body: { meta: { asof, ...(ticker ? { ticker } : {}) }, data },
      url: `fake://${method}/${ticker ?? ''}`,
      status: notModified ? 304 : 200,
      notModified,
      fromCache: notModified,
      stale: false,
      etag: null,
      fetchedAt: options.asof(),
      bytes: notModified ? 0 : 100,
      durationMs: 1,
      attempts: 1,
      warnings: [],
    };
  };
  const t =
    (method: string) =>
    (ticker: string, ...rest: unknown[]) =>
      answer(
        method,
        ticker,
        rest.find((r): r is RequestOptions => typeof r === 'object' && r !== null && 'force' in r),
      );
  const g =
    (method: string) =>
    (...rest: unknown[]) =>
      answer(
        method,
        null,
        rest.find((r): r is RequestOptions => typeof r === 'object' && r !== null && 'force' in r),
      );
  return {
    calls,
    signals: t('signals'),
    marketStructure: t('marketStructure'),
    tradeSetup: t('tradeSetup'),
    explain: t('explain'),
    levels: t('levels'),
    tickerState: t('tickerState'),
    gammaCurve: t('gammaCurve'),
    gammaExpirations: t('gammaExpirations'),
    gexByStrike: t('gexByStrike'),
    optionsVolume: t('optionsVolume'),
    series: t('series'),
    screener: (name, ...rest) =>
      answer(
        `screener:${name}`,
        null,
        rest.find((r): r is RequestOptions => typeof r === 'object' && r !== null && 'force' in r),
      ),
    topSetups: g('topSetups'),
    incomeSetups: g('incomeSetups'),
  };
}

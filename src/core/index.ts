// The core's public entry: what Electron's main process (electron/) and the CLI and headless host
// (src/host) use of the headless app. They import nothing else of src/core; lint enforces it
// (eslint.config.js). Tests may reach further in.

// The app: built by `createApp`, started and stopped by its owner; `events` is its event hub.
export { createApp } from './app/create-app.ts';
export type { App, AppOptions } from './app/app-types.ts';
export type { DataSourceInfo } from './source/source-info.ts';
export { runDataSource, type DataSourceOption } from './source/option.ts';
// Where the data lives, the same for every entry point (Electron, headless, CLI, MCP).
export { dataDirFromArgs, dataDirOption, homeDataDir } from './app/data-dir.ts';
export type { JobRunSummary } from './poller/poller.ts';
// Wall-clock timers, injected where a host times something out (tests pass manual ones).
export { realTimers, type Timers } from './lib/timers.ts';
export { LOG_FILE_NAME, LOG_KEEP_FILES, LOG_MAX_BYTES, RotatingLogFile } from './lib/rotating-log.ts';

// The bridge: the handlers over an App, and the one dispatch every transport calls.
export { createBridgeHandlers } from './bridge/handlers.ts';
export { dispatch, type DispatchOptions } from './bridge/dispatch.ts';

// Backtests outside the bridge (`gammawatch backtest`).
export { runBacktest } from './backtest/run.ts';
export { pastOf } from './backtest/past-of.ts';

// What a shell supplies: its secret store and its desktop notifier.
export { statusOf, type SecretStore, type StoredSecretName } from './secrets/secret-store.ts';
export { DESKTOP_SECRET_FILES } from './secrets/desktop-secret-files.ts';
// Text a host lets go past the bridge and the log (MCP's answers, a command's output).
export { redactDeep, redactText } from './secrets/redact.ts';
export type { DeliveryOutcome, DesktopNotification, DesktopNotifier } from './notify/channel.ts';

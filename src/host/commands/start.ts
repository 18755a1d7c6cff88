// `gammawatch start` (`npm start`): the app, in an Electron window where Electron and a display
// exist, otherwise (or with --headless) in headless mode: the same UI served on a loopback
// address guarded by a per-run token. A first run needs no setup: the simulated market is the
// default data source.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { electronAvailability, hasDisplay } from '../headless/electron-runtime.ts';
import { ensureBuilt, RENDERER_DIR, REPO_ROOT } from '../headless/renderer-build.ts';
import { tokenFromEnv, TOKEN_ENV } from '../headless/guard.ts';
import { runHeadless } from '../headless/run-headless.ts';
import { CLOCK_FLAGS, clockFromFlags } from './clock-flags.ts';
import { backfillOption, warmSeriesOption } from './series-option.ts';
import type { Command } from './command.ts';
import { dataDirOf, homeDataDir, intOption, logFileOption, untilStopSignal } from './options.ts';
import { messageOf } from '../../shared/message-of.ts';
import type { ClockSpec } from '../../shared/clock-spec.ts';
import { runDataSource } from '../../core/index.ts';

const HELP = `usage: gammawatch start [options]

  --headless          serve the UI on 127.0.0.1 instead of opening a window
  --port N            headless port (default: any free port)
  --data-dir DIR      where the database lives (default: $GAMMAWATCH_HOME or ~/.gammawatch)
  --clock real|fast   the simulated market's clock for this run (fast: hours pass in minutes)
  --seed N            the simulated market's seed for this run
  --fast-start ISO    with --clock fast: the market instant to start from (demos, tests;
                      default: the open of the current session, or the next one when closed)
  --fast-speed N      with --clock fast: market seconds per wall second (default 300)
  --no-open           do not open a browser on the headless address
  --warm-series W     headless: the series lookback the local service computes in the
                      background at start (default 180d; e.g. 2y, at most 5y, or off: a
                      ticker's series is then computed when first asked for)
  --backfill W        headless: how far back a newly watched ticker's history is fetched
                      (default 2y; e.g. 30d, at most 5y): a shorter one costs less at the
                      first fetch and stores fewer daily snapshots
  $GAMMAWATCH_TOKEN   headless: the same access token every run (32+ letters, digits, - or _),
                      so with --port an HTTP client (MCP at /mcp) keeps its address and token
  --verbose           also log to <data dir>/gammawatch.log (rotated at 5 MB, 3 kept; the
                      path is shown in Settings → Data)
  -h, --help          this text
`;

/** `$GAMMAWATCH_HOME` (unless empty), else `~/.gammawatch`: the one rule, in options.ts. */
export const defaultDataDir = homeDataDir;

const start: Command = {
  async run(argv) {
    const { values } = parseArgs({
      args: [...argv],
      options: {
        headless: { type: 'boolean', default: false },
        port: { type: 'string' },
        'data-dir': { type: 'string' },
        clock: { type: 'string' },
        seed: { type: 'string' },
        'fast-start': { type: 'string' },
        'fast-speed': { type: 'string' },
        'no-open': { type: 'boolean', default: false },
        'warm-series': { type: 'string' },
        backfill: { type: 'string' },
        verbose: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    });
    if (values.help) {
      process.stdout.write(HELP);
      return 0;
    }
    const port = intOption('port', values.port, 0, 65_535) ?? 0;
    const token = tokenFromEnv(process.env);
    const clock = clockFromFlags(values, CLOCK_FLAGS.start);
    const seed = intOption('seed', values.seed, 0, 2 ** 31 - 1);
    const warmSeries = warmSeriesOption(values['warm-series']);
    // The desktop app starts its own core from the environment (electron/logic/launch.ts), which
    // has no such setting: refused rather than ignored.
    if (values['warm-series'] !== undefined && !values.headless)
      throw new Error('--warm-series needs --headless');
    const backfill = backfillOption(values.backfill);
    if (backfill !== undefined && !values.headless) throw new Error('--backfill needs --headless');
    const dataDir = dataDirOf({ 'data-dir': values['data-dir'] });
    mkdirSync(dataDir, { recursive: true });
    const log = (line: string): void => void process.stderr.write(`gammawatch: ${line}\n`);

    await ensureBuilt(log);

    const electron = values.headless
      ? ({ ok: false, reason: '--headless' } as const)
      : electronAvailability();
    if (electron.ok)
      return runElectron(electron.binary, electronEnv(process.env, dataDir, clock, seed, values.verbose));
    if (!values.headless) log(`starting headless: ${electron.reason}`);

    const dataSource = runDataSource(clock, seed);
    const run = await runHeadless({
      dataDir,
      rendererDir: RENDERER_DIR,
      port,
      dataSource,
      log,
      ...logFileOption(dataDir, values.verbose),
      token,
      ...(values['warm-series'] !== undefined ? { warmSeries } : {}),
      ...(backfill !== undefined ? { backfill } : {}),
    });
    process.stdout.write(`Gammawatch is running. Open ${run.server.url}\n`);
    process.stdout.write(`Data folder: ${dataDir}. Press Ctrl+C to stop.\n`);
    if (token !== undefined) {
      // Not the token itself: it is in the variable the user set, and logs outlive terminals.
      log(
        `the access token is $${TOKEN_ENV}'s: MCP clients use ${run.server.origin}/mcp with Authorization: Bearer <it>`,
      );
    }
    if (!values['no-open']) openBrowser(run.server.url);

    log(`${await untilStopSignal()}: stopping…`);
    try {
      await run.stop();
      return 0;
    } catch (error) {
      log(`stop failed: ${messageOf(error)}`);
      return 1;
    }
  },
};

/**
 * The desktop app's environment: the data folder as $GAMMAWATCH_HOME, and the run's clock (the
 * whole spec as JSON, --fast-start and --fast-speed included), seed and --verbose, which
 * electron/logic/launch.ts reads back.
 */
export function electronEnv(
  base: NodeJS.ProcessEnv,
  dataDir: string,
  clock: ClockSpec | undefined,
  seed: number | undefined,
  verbose: boolean,
): NodeJS.ProcessEnv {
  return {
    ...base,
    GAMMAWATCH_HOME: dataDir,
    ...(clock ? { GAMMAWATCH_CLOCK: JSON.stringify(clock) } : {}),
    ...(seed !== undefined ? { GAMMAWATCH_SEED: String(seed) } : {}),
    ...(verbose ? { GAMMAWATCH_VERBOSE: '1' } : {}),
  };
}

function runElectron(binary: string, env: NodeJS.ProcessEnv): Promise<number> {
  const child = spawn(binary, [REPO_ROOT], { stdio: 'inherit', env });
  return new Promise((resolveExit, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => resolveExit(code ?? 1));
  });
}

/** Best effort: a desktop with a browser opens the address; anywhere else the printed URL is enough. */
function openBrowser(url: string): void {
  if (!hasDisplay(process.env, process.platform)) return;
  const [cmd, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '', url]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(cmd, args as string[], { stdio: 'ignore', detached: true });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // No opener: the URL is printed above.
  }
}

export default start;

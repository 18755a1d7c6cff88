// `gammawatch service`: runs the local API v2 service until SIGINT or SIGTERM. It prints the base
// URL and the API key to stdout (the only place the key is ever shown) and logs to stderr.
import { parseArgs } from 'node:util';
import { parseTicker } from '../../shared/ticker-symbol.ts';
import { cboeUserAgent, DEFAULT_DRAIN_MS, describeSnapshotTime, startService } from '../../service/index.ts';
import { cliVersion } from '../cli.ts';
import type { ClockSpec } from '../../shared/clock-spec.ts';
import { CLOCK_FLAGS, clockFromFlags } from './clock-flags.ts';
import type { Command } from './command.ts';
import { checkKeysFile } from './keys-file.ts';
import { dataDirOption, intOption, untilStopSignal } from './options.ts';
import { warmSeriesOption } from './series-option.ts';
import { DEFAULT_SIMULATOR_SEED } from '../../shared/simulator-seed.ts';

const HELP = `usage: gammawatch service [options]

  --port N          port to listen on (default 8787; 0 picks a free one)
  --host H          address to bind (default 127.0.0.1, loopback only)
  --seed N          simulator seed (default ${DEFAULT_SIMULATOR_SEED}, as the app's)
  --clock C         real | fast | data (fast: market time runs 300x, a session in ~80 s;
                    data: "now" is the newest snapshot of --chains, the default there, so a
                    folder of last week's files still ranks; real: the wall clock)
  --speed N         speed of the fast clock (default 300)
  --at TIME         freeze the market clock at TIME (ISO-8601 in 1970-2099, e.g.
                    2025-03-12T15:00:00Z): a repeatable view of one instant
  --chains DIR      serve the chain files of DIR (Cboe quotedata.csv / delayed-quotes JSON)
                    instead of the simulated market, watched live: files copied in are served
                    within seconds. DIR/history/<TICKER>.csv (daily closes) and DIR/earnings.csv
                    (ticker,date,time) are read too
  --tradier-token T collect chains from Tradier into --chains DIR with token T (or set
                    $GAMMAWATCH_TRADIER_TOKEN, which keeps it out of the process list): quotes,
                    chains with greeks and daily history, at start and every 5 minutes while
                    the market is open, within Tradier's rate limit
  --tickers A,B     the tickers to collect from Tradier (required with a token)
  --sandbox         use Tradier's sandbox (its data is 15 minutes delayed)
  --tradier-base-url ORIGIN
                    another origin for Tradier's API (tests point it at a stand-in)
  --cboe-tickers A,B fetch Cboe's free delayed quotes (15 min delayed, no account; personal use)
                    for these tickers into --chains DIR: at start and every 15 minutes while the
                    market is open, one request at a time at least a second apart; indexes as
                    SPX, NDX, RUT, VIX (asked as _SPX...)
  --cboe-base-url ORIGIN
                    another origin for Cboe's delayed quotes (tests point it at a stand-in)
  --api-key K       accept bearer key K (repeatable)
  --keys-file F     accept the keys of F (JSON array, {"keys": [...]}, or one per line): a
                    regular file of at most 1 MB
  --data-dir D      where a generated key is kept (default $GAMMAWATCH_HOME/service or
                    ~/.gammawatch/service)
  --warm-series W   series lookback computed in the background at start (default 180d;
                    e.g. 2y, at most 5y, or off)
  --drain-ms N      on SIGTERM or SIGINT, stop accepting connections and give the requests in
                    flight N ms to finish before cutting them (default 10000); a second signal
                    cuts them at once
  --quiet           log warnings and errors only
  --help            this text
`;

export async function runService(
  argv: readonly string[],
  signals: NodeJS.EventEmitter = process,
): Promise<number> {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      seed: { type: 'string' },
      clock: { type: 'string' },
      speed: { type: 'string' },
      at: { type: 'string' },
      chains: { type: 'string' },
      'tradier-token': { type: 'string' },
      'tradier-base-url': { type: 'string' },
      tickers: { type: 'string' },
      'cboe-tickers': { type: 'string' },
      'cboe-base-url': { type: 'string' },
      sandbox: { type: 'boolean', default: false },
      'api-key': { type: 'string', multiple: true },
      'keys-file': { type: 'string' },
      'data-dir': { type: 'string' },
      'warm-series': { type: 'string' },
      'drain-ms': { type: 'string' },
      quiet: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const chains = values.chains !== undefined;
  const clock: ClockSpec =
    clockFromFlags(values, CLOCK_FLAGS.service) ?? (chains ? { kind: 'data' } : { kind: 'real' });
  if (clock.kind === 'data' && !chains)
    throw new Error("--clock data needs --chains DIR: it is the newest snapshot of the folder's files");
  const warmSeries = warmSeriesOption(values['warm-series']);
  const tradier = tradierOptions(values, process.env['GAMMAWATCH_TRADIER_TOKEN']);
  if (tradier && !chains)
    throw new Error('Tradier needs --chains DIR: every chain it fetches is written there as a file');
  const cboe = cboeOptions(values);
  if (cboe && !chains)
    throw new Error('Cboe needs --chains DIR: every chain it fetches is written there as a file');
  // One collector per folder: two would interleave two sources' snapshots of one ticker in one history.
  if (cboe && tradier)
    throw new Error(
      '--cboe-tickers and Tradier would both write into --chains DIR: collect from one of them per folder',
    );
  const port = intOption('port', values.port, 0, 65535);
  const seed = intOption('seed', values.seed, -(2 ** 31), 2 ** 31 - 1);
  const drainMs = intOption('drain-ms', values['drain-ms'], 0, 600_000) ?? DEFAULT_DRAIN_MS;
  const dataDir = dataDirOption(values['data-dir']);
  if (values['keys-file'] !== undefined) checkKeysFile(values['keys-file']);

  const service = await startService({
    ...(port !== undefined ? { port } : {}),
    ...(values.host !== undefined ? { host: values.host } : {}),
    ...(seed !== undefined ? { seed } : {}),
    clock,
    ...(values.chains !== undefined ? { chainsDir: values.chains } : {}),
    ...(tradier ? { tradier } : {}),
    ...(cboe ? { cboe } : {}),
    ...(values['api-key'] ? { apiKeys: values['api-key'] } : {}),
    ...(values['keys-file'] !== undefined ? { keysFile: values['keys-file'] } : {}),
    ...(dataDir !== undefined ? { dataDir } : {}),
    log: values.quiet ? 'quiet' : { level: 'info' },
    warm: { seriesWindow: warmSeries },
  });

  const { keys } = service;
  const lines = [`Gammawatch API v2 service at ${service.baseUrl}`];
  const clockText =
    clock.kind === 'frozen'
      ? `clock frozen at ${new Date(clock.at).toISOString()}`
      : clock.kind === 'data'
        ? "the data's own clock (newest snapshot)"
        : `${clock.kind} clock`;
  const status = service.folder?.status();
  const source = status
    ? `chain files in ${status.dir} (${plural(status.files, 'file')}, ${plural(status.tickers.length, 'ticker')}` +
      `${status.newestSnapshot === null ? '' : `, newest ${describeSnapshotTime(status.newestSnapshot)}`}` +
      `${status.problems.length === 0 ? '' : `, ${plural(status.problems.length, 'problem')}: see the log`}), ${clockText}`
    : `simulated market (seed ${seed ?? DEFAULT_SIMULATOR_SEED}, ${clockText})`;
  lines.push(`Serving ${source}`);
  if (tradier)
    lines.push(
      `Collecting ${tradier.tickers.join(', ')} from Tradier ${tradier.environment}` +
        `${tradier.environment === 'sandbox' ? ' (15 min delayed)' : ''} into ${values.chains ?? ''}`,
    );
  if (cboe)
    lines.push(
      `Fetching ${cboe.tickers.join(', ')} from Cboe's delayed quotes (15 min delayed, personal use) into ${values.chains ?? ''}`,
    );
  if (keys.origin === 'generated' || keys.origin === 'data folder') {
    lines.push(
      `API key: ${keys.keys[0] ?? ''}${keys.origin === 'generated' ? ` (new, saved in ${keys.file})` : ` (from ${keys.file})`}`,
    );
  } else {
    lines.push(`API keys: ${keys.keys.length} from the ${keys.origin}`);
  }
  lines.push(`Try: curl -H "Authorization: Bearer <key>" ${service.baseUrl}/top-setups`, 'Stop with Ctrl-C.');
  process.stdout.write(lines.join('\n') + '\n');

  const signal = await untilStopSignal(signals);
  // Listening again: a second signal cuts the requests still in flight instead of killing the process.
  const draining = service.drain({ timeoutMs: drainMs, cutNow: untilStopSignal(signals) });
  // Written once the listener is closed (drain does that at once), so a reader of this line knows.
  process.stdout.write(`${signal}: draining (up to ${drainMs} ms; signal again to stop at once)\n`);
  const drained = await draining;
  process.stdout.write(
    drained.clean
      ? `service stopped (drained in ${drained.ms} ms)\n`
      : `service stopped (cut ${plural(drained.cut, 'connection')} still open after ${drained.ms} ms)\n`,
  );
  return 0;
}

interface TradierFlags {
  'tradier-token'?: string;
  'tradier-base-url'?: string;
  tickers?: string;
  sandbox?: boolean;
}

/** The collector's options from the flags (the token from the flag or the environment), or null. */
function tradierOptions(
  values: TradierFlags,
  envToken: string | undefined,
): { token: string; environment: 'production' | 'sandbox'; baseUrl?: string; tickers: string[] } | null {
  const token = values['tradier-token'] ?? (envToken?.trim() || undefined);
  if (token === undefined) {
    if (values.tickers !== undefined || values['tradier-base-url'] !== undefined || values.sandbox)
      throw new Error(
        '--tickers, --sandbox and --tradier-base-url collect from Tradier: give --tradier-token T or set GAMMAWATCH_TRADIER_TOKEN',
      );
    return null;
  }
  const tickers = tickerList('--tickers', values.tickers);
  if (tickers.length === 0) throw new Error('--tickers A,B is required with a Tradier token');
  return {
    token,
    environment: values.sandbox ? 'sandbox' : 'production',
    ...(values['tradier-base-url'] !== undefined ? { baseUrl: values['tradier-base-url'] } : {}),
    tickers,
  };
}

/** A flag's comma- or space-separated tickers, each held to the one ticker rule, once each. */
function tickerList(flag: string, text: string | undefined): string[] {
  const tickers = (text ?? '')
    .split(/[\s,]+/)
    .filter((t) => t.length > 0)
    .map((t) => {
      const parsed = parseTicker(t);
      if (!parsed.ok) throw new Error(`${flag}: '${t}' is not a ticker: ${parsed.reason}`);
      return parsed.ticker;
    });
  return [...new Set(tickers)];
}

/** The Cboe collector's options from the flags, or null. */
function cboeOptions(values: {
  'cboe-tickers'?: string;
  'cboe-base-url'?: string;
}): { tickers: string[]; baseUrl?: string; userAgent: string } | null {
  if (values['cboe-tickers'] === undefined) {
    if (values['cboe-base-url'] !== undefined)
      throw new Error('--cboe-base-url goes with --cboe-tickers A,B: name the tickers to fetch from Cboe');
    return null;
  }
  const tickers = tickerList('--cboe-tickers', values['cboe-tickers']);
  if (tickers.length === 0) throw new Error('--cboe-tickers A,B: name at least one ticker');
  return {
    tickers,
    ...(values['cboe-base-url'] !== undefined ? { baseUrl: values['cboe-base-url'] } : {}),
    userAgent: cboeUserAgent(cliVersion()),
  };
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

const command: Command = {
  run: (argv) => runService(argv),
};
export default command;

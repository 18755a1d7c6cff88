// `gammawatch service`: runs the local API v2 service until SIGINT or SIGTERM. It prints the base
// URL and the API key to stdout (the only place the key is ever shown) and logs to stderr.
import { parseArgs } from 'node:util';
import { SERIES_WINDOW_PATTERN } from '../../shared/api/index.ts';
import { startService } from '../../service/index.ts';
import { manualClock } from '../../service/market/clock.ts';
import type { Command } from './command.ts';
import { intOption, untilStopSignal } from './options.ts';

const HELP = `usage: gammawatch service [options]

  --port N          port to listen on (default 8787; 0 picks a free one)
  --host H          address to bind (default 127.0.0.1, loopback only)
  --seed N          simulator seed (default 1)
  --clock C         real | fast (fast: market time runs 300x, a session in ~80 s)
  --speed N         speed of the fast clock (default 300)
  --at TIME         freeze the market clock at TIME (ISO-8601, e.g. 2025-03-12T15:00:00Z): a
                    repeatable view of one instant, or of old imported files inside the 36 h
                    ranking window
  --chains DIR      serve the chain files of DIR (Cboe quotedata.csv / delayed-quotes JSON)
                    instead of the simulated market
  --api-key K       accept bearer key K (repeatable)
  --keys-file F     accept the keys of F (JSON array, {"keys": [...]}, or one per line)
  --data-dir D      where a generated key is kept (default $GAMMAWATCH_HOME/service or
                    ~/.gammawatch/service)
  --warm-series W   series lookback computed in the background at start (default 180d;
                    e.g. 2y, or off)
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
      'api-key': { type: 'string', multiple: true },
      'keys-file': { type: 'string' },
      'data-dir': { type: 'string' },
      'warm-series': { type: 'string' },
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
  const clockName = values.clock ?? 'real';
  if (clockName !== 'real' && clockName !== 'fast')
    throw new Error(`--clock must be real or fast, got '${clockName}'`);
  const at = values.at === undefined ? undefined : Date.parse(values.at);
  if (at !== undefined && !Number.isFinite(at))
    throw new Error(`--at must be an ISO-8601 time, got '${values.at}'`);
  const clock = at === undefined ? clockName : manualClock(at);
  const warmSeries = values['warm-series'] ?? '180d';
  if (warmSeries !== 'off' && !SERIES_WINDOW_PATTERN.test(warmSeries)) {
    throw new Error(`--warm-series must be a lookback such as 180d or 2y, or off; got '${warmSeries}'`);
  }
  const port = intOption('port', values.port, 0, 65535);
  const seed = intOption('seed', values.seed, -(2 ** 31), 2 ** 31 - 1);
  const speed = intOption('speed', values.speed, 1, 100_000);

  const service = await startService({
    ...(port !== undefined ? { port } : {}),
    ...(values.host !== undefined ? { host: values.host } : {}),
    ...(seed !== undefined ? { seed } : {}),
    clock,
    ...(speed !== undefined ? { fastSpeed: speed } : {}),
    ...(values.chains !== undefined ? { chainsDir: values.chains } : {}),
    ...(values['api-key'] ? { apiKeys: values['api-key'] } : {}),
    ...(values['keys-file'] !== undefined ? { keysFile: values['keys-file'] } : {}),
    ...(values['data-dir'] !== undefined ? { dataDir: values['data-dir'] } : {}),
    log: values.quiet ? 'quiet' : { level: 'info' },
    warm: { seriesWindow: warmSeries === 'off' ? null : warmSeries },
  });

  const { keys } = service;
  const lines = [`Gammawatch API v2 service at ${service.baseUrl}`];
  const clockText = at === undefined ? `${clockName} clock` : `clock frozen at ${new Date(at).toISOString()}`;
  const source =
    values.chains !== undefined
      ? `chain files in ${values.chains}, ${clockText}`
      : `simulated market (seed ${seed ?? 1}, ${clockText})`;
  lines.push(`Serving ${source}`);
  if (keys.origin === 'generated' || keys.origin === 'data folder') {
    lines.push(
      `API key: ${keys.keys[0] ?? ''}${keys.origin === 'generated' ? ` (new, saved in ${keys.file})` : ` (from ${keys.file})`}`,
    );
  } else {
    lines.push(`API keys: ${keys.keys.length} from the ${keys.origin}`);
  }
  lines.push(`Try: curl -H "Authorization: Bearer <key>" ${service.baseUrl}/top-setups`, 'Stop with Ctrl-C.');
  process.stdout.write(lines.join('\n') + '\n');

  await untilStopSignal(signals);
  await service.close();
  process.stdout.write('service stopped\n');
  return 0;
}

const command: Command = {
  summary: 'run the local API v2 service (simulated market or imported chain files)',
  run: (argv) => runService(argv),
};
export default command;

// `gammawatch backtest`: replays an alert rule over stored history (filled in from the data source
// where it can serve the past) and prints each firing with what price did after it, a summary and
// the baseline of every session. Progress on stderr; Ctrl-C stops the run and prints what it has.
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { z } from 'zod';
import { createApp, pastOf, runBacktest } from '../../core/index.ts';
import { alertRuleInputSchema } from '../../shared/alert-rules.ts';
import {
  BACKTEST_HORIZONS,
  BACKTEST_WINDOWS,
  backtestWindowSchema,
  type BacktestResult,
  type HorizonStats,
} from '../../shared/bridge/backtest.ts';
import { parseTicker } from '../../shared/ticker-symbol.ts';
import type { Command } from './command.ts';
import { dataDirOf, dataSourceOf, logFileOption, untilStopSignal, VERBOSE_HELP } from './options.ts';
import { messageOf } from '../../shared/message-of.ts';

const HELP = `usage: gammawatch backtest --rule JSON [options]

  --rule JSON          the rule, as rules:create takes it, e.g.
                       '{"name":"SPY flips","condition":{"kind":"gamma_regime_change"},"scope":{"kind":"ticker","ticker":"SPY"}}'
  --tickers A,B        replay over these tickers instead of the rule's scope
  --since W            the window: ${BACKTEST_WINDOWS.join(', ')} (default 180d)
  --db FILE            the database (default <data dir>/gammawatch.db)
  --data-dir D         the data folder (default $GAMMAWATCH_HOME or ~/.gammawatch)
  --base-url URL|local a remote API v2 base URL (ending in /api/v2), or local (the default): the
                       built-in simulator, which can produce any past snapshot
  --api-key K          API key for a remote service (or $GAMMAWATCH_API_KEY)
  --seed N             local simulator seed (default: settings)
  --json               the result as one JSON object
  ${VERBOSE_HELP}
  --help               this text
`;

/** The CLI's JSON: the bridge result in snake_case, as the issue's example shows it. */
export function cliJson(rule: unknown, r: BacktestResult): Record<string, unknown> {
  const horizons = (h: Record<string, HorizonStats>) =>
    Object.fromEntries(
      BACKTEST_HORIZONS.map((k) => [
        k,
        { count: h[k]?.count ?? 0, median_pct: h[k]?.medianPct ?? null, up_share: h[k]?.upShare ?? null },
      ]),
    );
  return {
    rule,
    from: r.from,
    to: r.to,
    tickers: r.tickers,
    firings: r.firings.map((f) => ({
      ticker: f.ticker,
      at: f.at,
      title: f.title,
      price: f.price,
      forward: f.forward,
      max_adverse_5d: f.maxAdverse5d,
    })),
    summary: {
      count: r.summary.count,
      per_month: r.summary.perMonth,
      horizons: horizons(r.summary.horizons),
    },
    baseline: { sessions: r.baseline.sessions, horizons: horizons(r.baseline.horizons) },
    notes: r.notes,
    cancelled: r.cancelled,
  };
}

const pct = (v: number | null): string => (v === null ? '—' : `${v > 0 ? '+' : ''}${v.toFixed(2)}%`);
const share = (v: number | null): string => (v === null ? '—' : `${Math.round(v * 100)}% up`);

function text(r: BacktestResult): string {
  const lines = [
    `${r.ruleName}: ${r.summary.count} firing${r.summary.count === 1 ? '' : 's'} from ${r.from.slice(0, 10)} to ${r.to.slice(0, 10)} ` +
      `(${r.summary.perMonth.toFixed(1)} a month)${r.cancelled ? ', cancelled' : ''}`,
  ];
  for (const f of r.firings) {
    lines.push(
      `  ${f.at.slice(0, 16).replace('T', ' ')}  ${f.ticker.padEnd(6)} ${f.price.toFixed(2).padStart(9)}  ` +
        `1d ${pct(f.forward['1d']).padStart(7)}  5d ${pct(f.forward['5d']).padStart(7)}  20d ${pct(f.forward['20d']).padStart(7)}  ` +
        `max adverse 5d ${pct(f.maxAdverse5d).padStart(7)}  ${f.title}`,
    );
  }
  for (const h of BACKTEST_HORIZONS) {
    const s = r.summary.horizons[h];
    const b = r.baseline.horizons[h];
    lines.push(
      `  ${h.padStart(3)}: median ${pct(s.medianPct)}, ${share(s.upShare)} (baseline ${pct(b.medianPct)}, ${share(b.upShare)} over ${b.count} sessions)`,
    );
  }
  for (const n of r.notes) lines.push(`  note: ${n}`);
  return lines.join('\n') + '\n';
}

function parseRule(raw: string | undefined): z.output<typeof alertRuleInputSchema> {
  if (raw === undefined) throw new Error('--rule is required (the rule as JSON; --help shows an example)');
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    throw new Error(`--rule is not JSON: ${messageOf(error)}`, {
      cause: error,
    });
  }
  const parsed = alertRuleInputSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'rule'}: ${i.message}`);
    throw new Error(`--rule is not a valid rule: ${issues.join('; ')}`);
  }
  return parsed.data;
}

function parseTickers(list: string | undefined): string[] | undefined {
  if (list === undefined) return undefined;
  const tickers = list
    .split(',')
    .filter((t) => t.trim() !== '')
    .map((t) => {
      const parsed = parseTicker(t);
      if (!parsed.ok) throw new Error(`--tickers: '${t.trim()}' is not a ticker symbol: ${parsed.reason}`);
      return parsed.ticker;
    });
  if (tickers.length === 0 || tickers.length > 100) throw new Error('--tickers takes 1 to 100 tickers');
  return tickers;
}

export async function runBacktestCommand(
  argv: readonly string[],
  signals: NodeJS.EventEmitter = process,
): Promise<number> {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      rule: { type: 'string' },
      tickers: { type: 'string' },
      since: { type: 'string', default: '180d' },
      db: { type: 'string' },
      'data-dir': { type: 'string' },
      'base-url': { type: 'string' },
      'api-key': { type: 'string' },
      seed: { type: 'string' },
      json: { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const rule = parseRule(values.rule);
  const tickers = parseTickers(values.tickers);
  const window = backtestWindowSchema.safeParse(values.since);
  if (!window.success)
    throw new Error(`--since must be one of ${BACKTEST_WINDOWS.join(', ')}, got '${values.since}'`);
  const dataDir = dataDirOf(values);
  const source = dataSourceOf(values);
  const app = await createApp({
    dataDir,
    ...(values.db ? { dbFile: path.resolve(values.db) } : {}),
    ...(source ? { dataSource: source } : {}),
    pollOnStart: false,
    ...logFileOption(dataDir, values.verbose),
    log: (m) => process.stderr.write(`gammawatch backtest: ${m}\n`),
  });
  const controller = new AbortController();
  void untilStopSignal(signals).then(() => controller.abort());
  try {
    let lastLine = '';
    const work = app.sourceWork();
    const result = await runBacktest(
      {
        store: work.store,
        past: pastOf(work),
        now: work.marketClock.now(),
        channels: app.channels(),
        signal: controller.signal,
        progress: (p) => {
          const line = `${p.phase} ${p.done}/${p.total}${p.ticker ? ` ${p.ticker}` : ''}`;
          if (line !== lastLine) process.stderr.write(`gammawatch backtest: ${line}\n`);
          lastLine = line;
        },
      },
      { runId: 'cli', rule, window: window.data, tickers },
    );
    process.stdout.write(values.json ? JSON.stringify(cliJson(rule, result)) + '\n' : text(result));
    return result.cancelled ? 130 : 0;
  } finally {
    await app.stop();
  }
}

const command: Command = {
  run: (argv) => runBacktestCommand(argv),
};
export default command;

// `gammawatch analyze <chain file> [--json] [--r R] [--q Q]`: one imported chain through the
// engine, offline. A readable summary by default; with --json exactly three objects, the `data` the
// local service would serve for this chain from /curves/gex_by_strike (exp=combined),
// /curves/gamma/expirations and /market-structure.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { gammaByExpiration, gexByStrike } from '../../service/engine/curves.ts';
import { EMPTY_HISTORY } from '../../service/engine/interpret/history-metrics.ts';
import { interpretMarketStructure } from '../../service/engine/interpret/market-structure.ts';
import { usd, usdCompact } from '../../service/engine/interpret/levels.ts';
import { buildTickerMetrics } from '../../service/engine/snapshot.ts';
import type { PricingParams, TickerMetrics } from '../../service/engine/types.ts';
import { displayAsof } from '../../service/http/envelope.ts';
import { ChainImportError, importChainFile, type ChainImport } from '../../service/market/import/index.ts';
import type { MarketStructureData } from '../../shared/api/market-structure.ts';
import type { Command } from './command.ts';
import { messageOf } from '../../shared/message-of.ts';

const USAGE = [
  'usage: gammawatch analyze <chain file> [--json] [--r R] [--q Q]',
  '',
  '  <chain file>  a Cboe quotedata.csv or Cboe delayed-quotes JSON file',
  '  --json        print { gex_by_strike, gamma_expirations, market_structure } as JSON',
  '  --r R         risk-free rate, continuous, decimal (default 0)',
  '  --q Q         dividend yield, continuous, decimal (default 0)',
].join('\n');

/** A rate as typed on the command line: a decimal between -100 % and 100 %. */
const rateSchema = z.coerce.number().finite().min(-1).max(1);

const argsSchema = z.object({
  file: z.string().min(1),
  json: z.boolean(),
  pricing: z.object({ r: rateSchema, q: rateSchema }),
});
type AnalyzeArgs = z.infer<typeof argsSchema>;

class UsageError extends Error {}

function parse(argv: readonly string[]): AnalyzeArgs | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        json: { type: 'boolean', default: false },
        r: { type: 'string', default: '0' },
        q: { type: 'string', default: '0' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw new UsageError(messageOf(error));
  }
  if (parsed.values.help) return 'help';
  if (parsed.positionals.length !== 1) {
    throw new UsageError(
      parsed.positionals.length === 0 ? 'missing <chain file>' : 'expected exactly one chain file',
    );
  }
  const result = argsSchema.safeParse({
    file: parsed.positionals[0],
    json: parsed.values.json,
    pricing: { r: parsed.values.r, q: parsed.values.q },
  });
  if (!result.success) {
    const key = String(result.error.issues[0]?.path.at(-1) ?? 'r') as 'r' | 'q';
    throw new UsageError(`--${key}: '${parsed.values[key]}' is not a decimal between -1 and 1`);
  }
  return result.data;
}

function pct(x: number | null, digits = 2): string {
  return x === null ? 'n/a' : `${x.toFixed(digits)} %`;
}

function summary(imp: ChainImport, m: TickerMetrics, s: MarketStructureData): string {
  const c = imp.chain;
  const k = s.key_levels;
  // Highest first, so the flip shows where it sits among the σ bands.
  const named: [string, number | null][] = [
    ['+1σ 1m', k.plus_1sigma_1m],
    ['+1σ 1w', k.plus_1sigma_1w],
    ['+1σ 1d', k.plus_1sigma_1d],
    ['spot', k.spot],
    ['flip', k.gamma_flip],
    ['-1σ 1d', k.minus_1sigma_1d],
    ['-1σ 1w', k.minus_1sigma_1w],
    ['-1σ 1m', k.minus_1sigma_1m],
  ];
  const levels = named.filter((l): l is [string, number] => l[1] !== null).sort((a, b) => b[1] - a[1]);
  const move = (label: string, p: number | null): string =>
    p === null ? `${label} n/a` : `${label} ±${pct(p)} (±${usd((m.price * p) / 100)})`;
  const lines = [
    `${m.ticker}${imp.name ? ` (${imp.name})` : ''}: ${imp.format} snapshot ${displayAsof(c.asof)}, ` +
      `${c.size} contracts, ${c.expirations.length} expiration${c.expirations.length === 1 ? '' : 's'}`,
    '',
    `spot              ${usd(m.price)}`,
    `gamma flip        ${m.gex_flip === null ? `none (${m.gex_flip_reason ?? 'no sign change'})` : `${usd(m.gex_flip)} (spot ${pct(m.dist_to_gex_flip_pct)} from it)`}`,
    `gamma regime      ${m.gamma_regime}`,
    `GEX per 1 % move  ${usdCompact(m.gex_usd_per_1_pct_move)} (nearest expiration ${usdCompact(m.nearest_gex_usd_per_1_pct_move)})`,
    `ATM IV            ${m.atm_iv === null ? 'n/a' : pct(m.atm_iv * 100, 1)}`,
    `expected 1σ move  ${[move('1d', m.expected_move_pct_1d), move('1w', m.expected_move_pct_1w), move('1m', m.expected_move_pct_1m)].join(', ')}`,
    `structure         ${s.structure_regime} (${s.bias}): ${s.expected_behavior}`,
    '',
    'key levels',
    ...levels.map(([name, v]) => `  ${name.padEnd(10)} ${usd(v)}`),
  ];
  const notes = [...imp.notes.map((n) => `import: ${n}`), ...m.notes];
  if (notes.length > 0) lines.push('', 'data quality', ...notes.map((n) => `  - ${n}`));
  return lines.join('\n');
}

async function run(argv: readonly string[]): Promise<number> {
  let args: AnalyzeArgs | 'help';
  try {
    args = parse(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`gammawatch analyze: ${error.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (args === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  let imp: ChainImport;
  try {
    imp = await importChainFile(args.file);
  } catch (error) {
    if (!(error instanceof ChainImportError)) throw error;
    process.stderr.write(`gammawatch analyze: cannot import the chain: ${error.message}\n`);
    return 1;
  }
  const pricing: PricingParams = args.pricing;
  const m = buildTickerMetrics({
    chain: imp.chain,
    history: EMPTY_HISTORY,
    earnings: null,
    simulated: false,
    pricing,
  });
  const structure = interpretMarketStructure(m);
  if (args.json) {
    const out = {
      gex_by_strike: gexByStrike(imp.chain, { exp: 'combined', pricing }),
      gamma_expirations: gammaByExpiration(imp.chain, pricing),
      market_structure: structure,
    };
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  } else {
    process.stdout.write(`${summary(imp, m, structure)}\n`);
  }
  return 0;
}

const analyze: Command = {
  summary: 'analyze one imported chain file (Cboe CSV or JSON) offline',
  run,
};

export default analyze;

// One chain file (Cboe CSV or JSON) through the engine, offline: what `gammawatch analyze` prints.
// A readable summary, or as JSON the three objects the local service would serve as `data` for this
// chain from /curves/gex_by_strike (exp=combined), /curves/gamma/expirations and /market-structure,
// plus `notes`: every data-quality note the summary prints (the import's, such as rows listed
// twice, then the engine's), word for word. The CLI reaches it through src/service/index.ts.
import type { MarketStructureData } from '../shared/api/market-structure.ts';
import { displayAsof } from '../shared/market-calendar.ts';
import { gammaByExpiration, gexByStrike } from './engine/curves.ts';
import { EMPTY_HISTORY } from './engine/interpret/history-metrics.ts';
import { priceText } from './engine/interpret/index-points.ts';
import { priceLevels, usdCompact, type Band } from './engine/interpret/levels.ts';
import { interpretMarketStructure } from './engine/interpret/market-structure.ts';
import { buildTickerMetrics } from './engine/snapshot.ts';
import { carryPricing } from './engine/carry.ts';
import type { PricingParams, TickerMetrics } from './engine/types.ts';
import { importChainFile, importChainStream, type ChainImport } from './market/import/index.ts';

/** A rate or a yield the caller states, continuous, decimal; one left out is the ticker's stated carry. */
export interface CarryOverride {
  r?: number | undefined;
  q?: number | undefined;
}

export interface ChainFileAnalysisOptions {
  /** Risk-free rate and dividend yield; without them the file's ticker's stated carry (src/shared/carry.ts). */
  pricing?: CarryOverride | undefined;
  /** The three service payloads as pretty JSON instead of the readable summary. */
  json: boolean;
}

function pct(x: number | null, digits = 2): string {
  return x === null ? 'n/a' : `${x.toFixed(digits)} %`;
}

/** The data-quality notes, as both outputs give them: the import's first (prefixed), then the engine's. */
function dataQualityNotes(imp: ChainImport, m: TickerMetrics): string[] {
  return [...imp.notes.map((n) => `import: ${n}`), ...m.notes];
}

/** The ticker's stated carry, with whatever the caller stated in place of its rate or its yield. */
export function chainFilePricing(ticker: string, given: CarryOverride | undefined): PricingParams {
  const stated = carryPricing(ticker);
  if (given?.r === undefined && given?.q === undefined) return stated;
  return { r: given.r ?? stated.r, q: given.q ?? stated.q };
}

/** "4.00 % rate, 1.30 % dividend yield (stated for SPX)": what every figure was priced with. */
function carryLine(ticker: string, p: PricingParams): string {
  const origin =
    p.carrySource === 'stated'
      ? `stated for ${ticker}`
      : p.carrySource === 'default'
        ? `${ticker} not in the carry table: no dividend assumed`
        : 'given';
  return `${pct(p.r * 100)} rate, ${pct(p.q * 100)} dividend yield (${origin})`;
}

function summary(imp: ChainImport, m: TickerMetrics, s: MarketStructureData, pricing: PricingParams): string {
  const c = imp.chain;
  const k = s.key_levels;
  // Dollars for a stock or an ETF, points for an index (SPX, VIX…).
  const usd = priceText(m.ticker);
  // Highest first, so the flip shows where it sits among the σ bands.
  const named: [string, number | null][] = [
    ['+1σ 1m', k.plus_1sigma_1m],
    ['+1σ 1w', k.plus_1sigma_1w],
    ['+1σ 1d', k.plus_1sigma_1d],
    ['call wall', k.call_wall ?? null],
    ['spot', k.spot],
    ['flip', k.gamma_flip],
    ['max pain', k.max_pain ?? null],
    ['put wall', k.put_wall ?? null],
    ['-1σ 1d', k.minus_1sigma_1d],
    ['-1σ 1w', k.minus_1sigma_1w],
    ['-1σ 1m', k.minus_1sigma_1m],
  ];
  const levels = named.filter((l): l is [string, number] => l[1] !== null).sort((a, b) => b[1] - a[1]);
  // The walls and max pain are listed even when the chain has none, as the JSON's nulls say.
  const missing = named.filter(([name, v]) => v === null && /wall|pain/.test(name)).map(([name]) => name);
  // The 1σ move in price units is the band the key levels and every screen read (moves.ts), not
  // spot × the rounded percent, which is off by a cent or more (±30.18 for the screens' ±30.17).
  const bands = priceLevels(m);
  const move = (label: string, p: number | null, band: Band | null): string =>
    p === null || band === null ? `${label} n/a` : `${label} ±${pct(p)} (±${usd(band.sigma)})`;
  const lines = [
    `${m.ticker}${imp.name ? ` (${imp.name})` : ''}: ${imp.format} snapshot ${displayAsof(c.asof)}, ` +
      `${c.size} contracts, ${c.expirations.length} expiration${c.expirations.length === 1 ? '' : 's'}`,
    '',
    `spot              ${usd(m.price)}`,
    `gamma flip        ${m.gex_flip === null ? `none (${m.gex_flip_reason ?? 'no sign change'})` : `${usd(m.gex_flip)} (spot ${pct(m.dist_to_gex_flip_pct)} from it)`}`,
    `gamma regime      ${m.gamma_regime}`,
    `GEX per 1 % move  ${usdCompact(m.gex_usd_per_1_pct_move)} (nearest expiration ${usdCompact(m.nearest_gex_usd_per_1_pct_move)})`,
    `ATM IV            ${m.atm_iv === null ? 'n/a' : pct(m.atm_iv * 100, 1)}`,
    `priced with       ${carryLine(m.ticker, pricing)}`,
    `expected 1σ move  ${[move('1d', m.expected_move_pct_1d, bands.d1), move('1w', m.expected_move_pct_1w, bands.w1), move('1m', m.expected_move_pct_1m, bands.m1)].join(', ')}`,
    `structure         ${s.structure_regime} (${s.bias}): ${s.expected_behavior}`,
    '',
    'key levels',
    ...levels.map(([name, v]) => `  ${name.padEnd(10)} ${usd(v)}`),
    ...missing.map((name) => `  ${name.padEnd(10)} none`),
  ];
  const notes = dataQualityNotes(imp, m);
  if (notes.length > 0) lines.push('', 'data quality', ...notes.map((n) => `  - ${n}`));
  return lines.join('\n');
}

/**
 * The analysis of one chain file as text to print (no final newline). A file that cannot be
 * imported throws a ChainImportError whose message says why.
 */
export async function analyzeChainFile(file: string, options: ChainFileAnalysisOptions): Promise<string> {
  return analyzeImport(await importChainFile(file), options);
}

/**
 * The same for a chain read from a stream (stdin): its format told from its content alone; content
 * that is neither Cboe CSV nor Cboe JSON throws a ChainImportError that says so.
 */
export async function analyzeChainStream(
  chunks: AsyncIterable<Buffer | string>,
  options: ChainFileAnalysisOptions,
): Promise<string> {
  return analyzeImport(await importChainStream(chunks), options);
}

function analyzeImport(imp: ChainImport, options: ChainFileAnalysisOptions): string {
  const pricing = chainFilePricing(imp.chain.ticker, options.pricing);
  const m = buildTickerMetrics({
    chain: imp.chain,
    history: EMPTY_HISTORY,
    earnings: null,
    simulated: false,
    pricing,
  });
  const structure = interpretMarketStructure(m);
  if (!options.json) return summary(imp, m, structure, pricing);
  const out = {
    gex_by_strike: gexByStrike(imp.chain, { exp: 'combined', pricing }),
    gamma_expirations: gammaByExpiration(imp.chain, pricing),
    market_structure: structure,
    notes: dataQualityNotes(imp, m),
  };
  return JSON.stringify(out, null, 2);
}

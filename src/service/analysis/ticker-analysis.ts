// One ticker at one snapshot, through the whole pipeline: chain → metrics → regime → trade setup,
// computed once; the views that only some endpoints need (market structure, income, key levels,
// the ranking item) are derived on first use and kept with it.
import type {
  IncomeItem,
  MarketStructureData,
  TopSetupsItem,
  TradeSetupBlob,
} from '../../shared/api/index.ts';
import { analyzeChainDetailed, type ChainAnalysis } from '../engine/analyze.ts';
import { carryPricing } from '../engine/carry.ts';
import type { OptionChain } from '../engine/chain.ts';
import { recommendIncome } from '../engine/interpret/income.ts';
import { interpretMarketStructure } from '../engine/interpret/market-structure.ts';
import { classifyRegime, type RegimeResult } from '../engine/interpret/regime.ts';
import { toTopSetupsItem } from '../engine/interpret/trade-projections.ts';
import { interpretTradeSetup } from '../engine/interpret/trade-setup.ts';
import type { KeyLevel } from '../../shared/api/levels.ts';
import { keyLevels } from '../engine/levels.ts';
import { buildTickerSnapshot } from '../engine/snapshot.ts';
import type { PricingParams, TickerMetrics } from '../engine/types.ts';
import type { MarketDataSource } from '../market/source.ts';

export class TickerAnalysis {
  #detail: ChainAnalysis | undefined;
  #item: TopSetupsItem | undefined;
  #structure: MarketStructureData | undefined;
  #income: IncomeItem[] | undefined;
  #levels: KeyLevel[] | undefined;
  readonly #memo = new Map<string, unknown>();

  constructor(
    readonly chain: OptionChain,
    readonly metrics: TickerMetrics,
    readonly regime: RegimeResult,
    readonly setup: TradeSetupBlob,
    /** The ticker's carry (engine/carry.ts) or the service's override; VIX's forwards are added per figure. */
    readonly pricing: PricingParams,
    /** The source's revision of the ticker when analysed ('' when snapshots never change). */
    readonly revision: string = '',
    /** The chain analysis the metrics were read from, when the caller has it (else computed on first use). */
    detail?: ChainAnalysis,
  ) {
    this.#detail = detail;
  }

  get ticker(): string {
    return this.metrics.ticker;
  }

  /** The snapshot instant, epoch ms. */
  get asof(): number {
    return this.metrics.asof;
  }

  get detail(): ChainAnalysis {
    return (this.#detail ??= analyzeChainDetailed(this.chain, this.pricing));
  }

  get topSetupsItem(): TopSetupsItem {
    return (this.#item ??= toTopSetupsItem(this.metrics, this.setup));
  }

  get marketStructure(): MarketStructureData {
    return (this.#structure ??= interpretMarketStructure(this.metrics));
  }

  get income(): IncomeItem[] {
    // The analysis's pricing (VIX's per-expiration forwards included): the rows' deltas read the
    // same rate and yields as the figures they sit beside.
    return (this.#income ??= recommendIncome(this.metrics, this.chain, this.regime, this.detail.pricing));
  }

  get keyLevels(): KeyLevel[] {
    return (this.#levels ??= keyLevels(this.chain, this.detail));
  }

  /**
   * Anything else derived from this snapshot, computed once per key: the HTTP layer keeps its
   * serialised responses here, so a repeated request for the same view is a buffer copy.
   */
  memo<T>(key: string, compute: () => T): T {
    if (this.#memo.has(key)) return this.#memo.get(key) as T;
    const value = compute();
    this.#memo.set(key, value);
    return value;
  }
}

/**
 * The pipeline for one snapshot, or null when the source has no chain there. Without `given` the
 * chain is read with its ticker's stated carry (engine/carry.ts), as the simulator priced it.
 */
export function analyzeSnapshot(
  source: MarketDataSource,
  ticker: string,
  time: number,
  given?: PricingParams,
  revision: string = source.revision?.(ticker) ?? '',
): TickerAnalysis | null {
  const chain = source.chain(ticker, time);
  if (chain === null) return null;
  const pricing = given ?? carryPricing(chain.ticker);
  const { metrics: built, analysis } = buildTickerSnapshot({
    chain,
    history: source.history(ticker, time),
    earnings: source.earnings(ticker, time),
    simulated: source.simulated,
    pricing,
  });
  // What only the source knows about the snapshot (a closed-day file, a partial download) is a
  // data-quality note like the chain's own: the ticker state, explain and market structure show it.
  const extra = source.snapshotNotes?.(ticker, time, chain) ?? [];
  const metrics = extra.length === 0 ? built : { ...built, notes: [...built.notes, ...extra] };
  const regime = classifyRegime(metrics);
  return new TickerAnalysis(
    chain,
    metrics,
    regime,
    interpretTradeSetup(metrics, regime, chain, analysis.pricing, analysis.more.zero_dte),
    pricing,
    revision,
    analysis,
  );
}

// Skew and sentiment read right for VIX (before: "puts −41 % vs calls: calls as rich as puts …
// Bullish" was VIX read as if it were a stock). VIX options are the equity market's hedge: upside
// VIX calls are what a portfolio buys against a sell-off, so VIX's skew is normally call-side (25-delta
// call IV 15-80 % over the put's) and that is no upside bet. A rising VIX is bearish for equities.
// So for VIX, and only for it:
// - skew_tone, on the 25-delta call IV's premium over the put's (call / put − 1): ≥ 80 % → defensive
//   (equity hedges bid); 15-80 % → balanced (the fear gauge's normal shape); flatter → balanced too,
//   said as flat (little demand for upside VIX calls). Never upside_leaning: a call-rich VIX is not a
//   bullish one.
// - sentiment, in equity terms, first matching row: no skew and no put/call OI → unknown; VIX ≥ 30,
//   or VIX ≥ 20 with defensive skew → fearful; VIX ≥ 20, or defensive skew → cautious; otherwise
//   neutral. Never bullish or speculative: call buying on VIX is hedging.
import type { LabelDriverLine } from '../../../shared/api/label-drivers.ts';
import type { MarketStructureData } from '../../../shared/api/market-structure.ts';
import { settlesOnFuture } from '../../../shared/index-underlyings.ts';
import type { TickerMetrics } from '../types.ts';
import type { SentimentRead } from './sentiment.ts';
import { sentence } from './wording.ts';

/** 25-delta call IV premium over the put's (percent) at or above which VIX's call skew is steep… */
export const VIX_STEEP_CALL_SKEW_PCT = 80;
/** …and at or below which it is flat for VIX. */
export const VIX_FLAT_SKEW_PCT = 15;
/** VIX levels (points) at which equity sentiment reads cautious, and fearful. */
export const VIX_CAUTIOUS = 20;
export const VIX_FEARFUL = 30;

type SkewTone = NonNullable<MarketStructureData['drivers']['skew_tone']>;

/** Whether skew and sentiment are read as a volatility index's (VIX), not as a stock's. */
export function readsAsVolatilityIndex(m: Pick<TickerMetrics, 'ticker'>): boolean {
  return settlesOnFuture(m.ticker);
}

export function vixSkewTone(m: TickerMetrics): SkewTone | null {
  const p = m.put_call_25d_iv_premium_pct;
  if (p === null || !Number.isFinite(p) || p <= -100) return null;
  // The payload's figure is the put's premium over the call; VIX is read the other way round.
  const c = 100 / (1 + p / 100) - 100;
  const callsOver = Math.round(c);
  if (c >= VIX_STEEP_CALL_SKEW_PCT) {
    return {
      state: 'defensive',
      label: sentence(
        `25-delta VIX calls ${callsOver} % over puts: steep call skew, equity hedges bid (calls ${VIX_FLAT_SKEW_PCT}-${VIX_STEEP_CALL_SKEW_PCT} % over puts is normal for VIX)`,
      ),
      tags: ['call_skew', 'hedging_demand'],
    };
  }
  if (c > VIX_FLAT_SKEW_PCT) {
    return {
      state: 'balanced',
      label: sentence(
        `25-delta VIX calls ${callsOver} % over puts: call skew, the normal shape of a fear gauge`,
      ),
      tags: ['call_skew', 'normal_skew'],
    };
  }
  return {
    state: 'balanced',
    label: sentence(
      `25-delta VIX calls ${callsOver} % over puts: flat skew for VIX, little demand for upside VIX calls`,
    ),
    tags: ['flat_skew'],
  };
}

export function vixSentiment(m: TickerMetrics, skew: SkewTone['state'] | null): SentimentRead {
  const vix = m.price;
  const steep = skew === 'defensive';
  let label: string;
  if (skew === null && m.pcr_oi === null) label = 'unknown';
  else if (vix >= VIX_FEARFUL || (vix >= VIX_CAUTIOUS && steep)) label = 'fearful';
  else if (vix >= VIX_CAUTIOUS || steep) label = 'cautious';
  else label = 'neutral';
  const lines: LabelDriverLine[] = [
    {
      name: 'VIX level',
      text: `VIX ${vix.toFixed(2)}: ${vix >= VIX_FEARFUL ? 'fear' : vix >= VIX_CAUTIOUS ? 'elevated' : 'calm'} (cautious at ≥ ${VIX_CAUTIOUS}, fearful at ≥ ${VIX_FEARFUL}); a rising VIX is bearish for equities`,
    },
    {
      name: 'Skew',
      text:
        skew === null
          ? 'No 25-delta IVs: skew unknown'
          : `VIX ${steep ? 'call skew steep: equity hedges bid' : 'call skew normal or flat'} (steep at calls ≥ ${VIX_STEEP_CALL_SKEW_PCT} % over puts)`,
    },
    {
      name: 'Put/call OI',
      text:
        m.pcr_oi === null
          ? 'Put/call OI unknown'
          : `Put/call OI ${m.pcr_oi.toFixed(2)}: VIX calls are equity hedges, so call-heavy open interest is protection, not a bullish bet`,
    },
  ];
  return {
    label,
    drivers: {
      kind: 'sentiment',
      value: label,
      drivers: lines.map((l) => ({ name: l.name, text: sentence(l.text) })),
      rule: sentence(
        `VIX is read in equity terms: fearful at VIX ≥ ${VIX_FEARFUL}, or ≥ ${VIX_CAUTIOUS} with steep call skew; cautious at VIX ≥ ${VIX_CAUTIOUS} or steep call skew; neutral otherwise. Call skew and call-heavy open interest are VIX's normal shape, never bullish.`,
      ),
    },
  };
}

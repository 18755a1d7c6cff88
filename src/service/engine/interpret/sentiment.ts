// The sentiment label of market structure, with the figures that decided it ("Sentiment fearful"
// was once shown at IV rank 0). Fear is a price as much as a position: puts bid over calls and
// put-heavy open interest are hedging, and only with options priced above the calm end of the
// ticker's own year (IV rank ≥ 25) is it fear; hedged but cheap reads cautious.
//
// First matching row:
//   no skew and no put/call OI                                   → unknown
//   speculative interest ≥ 0.7, or call_chasing flow             → speculative
//   defensive skew AND put/call OI ≥ 1.2 AND IV rank ≥ 25 (or n/a) → fearful
//   upside skew, or put/call OI ≤ 0.7 with call accumulation     → bullish
//   defensive skew, put/call OI ≥ 1.2 or put_dominant flow       → cautious
//   otherwise                                                    → neutral
import type { LabelDriverLine, LabelDrivers } from '../../../shared/api/label-drivers.ts';
import type { TickerMetrics } from '../types.ts';
import {
  PCR_CALL_HEAVY,
  PCR_PUT_HEAVY,
  SKEW_DEFENSIVE_PCT,
  SKEW_UPSIDE_PCT,
  SPECULATIVE_HIGH,
} from './market-structure.ts';
import { round } from './series-math.ts';
import { sentence } from './wording.ts';

/** IV rank (the ticker's own year) below which put demand reads cautious, not fearful. */
export const FEARFUL_MIN_IV_RANK = 25;

/** The rule in one sentence (a function: the thresholds come from market-structure.ts, which imports this file). */
export const sentimentRule = (): string =>
  sentence(
    `Fearful needs all three: 25-delta puts at least ${SKEW_DEFENSIVE_PCT} % over calls, put/call OI ≥ ${PCR_PUT_HEAVY} and IV rank ≥ ${FEARFUL_MIN_IV_RANK} (fear is priced); with IV rank lower it is cautious. Speculative at speculative interest ≥ ${SPECULATIVE_HIGH} or call chasing; bullish on calls as rich as puts, or put/call OI ≤ ${PCR_CALL_HEAVY} with call accumulation.`,
  );

/** The skew tone's state, as market-structure.ts reads it (null: no 25-delta IVs). */
type SkewState = 'defensive' | 'balanced' | 'upside_leaning' | null;

export interface SentimentRead {
  label: string;
  drivers: LabelDrivers;
}

const fmt = (x: number | null | undefined, digits = 2): string =>
  x === null || x === undefined || !Number.isFinite(x) ? 'n/a' : String(round(x, digits));

export function readSentiment(m: TickerMetrics, skew: SkewState): SentimentRead {
  const pcr = m.pcr_oi;
  const ivr = m.iv_rank;
  const spec = m.speculative_interest_score ?? 0;
  const putHeavy = pcr !== null && pcr >= PCR_PUT_HEAVY;
  const fearPriced = ivr === null || ivr >= FEARFUL_MIN_IV_RANK;
  let label: string;
  if (skew === null && pcr === null) label = 'unknown';
  else if (spec >= SPECULATIVE_HIGH || m.call_regime === 'call_chasing') label = 'speculative';
  else if (skew === 'defensive' && putHeavy && fearPriced) label = 'fearful';
  else if (
    skew === 'upside_leaning' ||
    (pcr !== null && pcr <= PCR_CALL_HEAVY && m.call_regime === 'call_accumulation')
  )
    label = 'bullish';
  else if (skew === 'defensive' || putHeavy || m.call_regime === 'put_dominant') label = 'cautious';
  else label = 'neutral';

  const premium = m.put_call_25d_iv_premium_pct;
  const lines: LabelDriverLine[] = [
    {
      name: 'Skew',
      text:
        skew === null
          ? 'No 25-delta IVs: skew unknown'
          : `25-delta puts ${fmt(premium, 1)} % over calls: ${skew.replace('_', ' ')} (defensive at ≥ ${SKEW_DEFENSIVE_PCT} %, upside leaning at ≤ ${SKEW_UPSIDE_PCT} %)`,
    },
    {
      name: 'Put/call OI',
      text:
        pcr === null
          ? 'Put/call OI unknown'
          : `Put/call OI ${fmt(pcr)}: ${putHeavy ? 'put-heavy' : pcr <= PCR_CALL_HEAVY ? 'call-heavy' : 'balanced'} (put-heavy at ≥ ${PCR_PUT_HEAVY}, call-heavy at ≤ ${PCR_CALL_HEAVY})`,
    },
    {
      name: 'IV rank',
      text:
        ivr === null
          ? 'IV rank n/a (too little IV history): fear not checked against price'
          : `IV rank ${Math.round(ivr)} over its own year: ${fearPriced ? 'fear is priced' : 'options are cheap, so put demand is hedging, not fear'} (fearful needs ≥ ${FEARFUL_MIN_IV_RANK})`,
    },
    {
      name: 'Flow',
      text: `Call regime ${m.call_regime ?? 'n/a'}, speculative interest ${fmt(m.speculative_interest_score)} (speculative at ≥ ${SPECULATIVE_HIGH})`,
    },
  ];
  return {
    label,
    drivers: {
      kind: 'sentiment',
      value: label,
      drivers: lines.map((l) => ({ name: l.name, text: sentence(l.text) })),
      rule: sentimentRule(),
    },
  };
}

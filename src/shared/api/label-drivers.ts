// What made a label: each label the service writes for a ticker (the regime, the sentiment…) with
// the figures that decided it, in words, each beside the threshold it was judged against. Ours,
// additive on explain and market structure: lenient, extra keys kept.
import { z } from 'zod';

/** One input of a label's rule: "Volatility", "IV rank 72 ≥ 60 (high vol, against AAPL's own year)". */
export const labelDriverLineSchema = z.looseObject({
  /** The input in a word or two: "Trend", "Volatility", "Skew". */
  name: z.string().min(1),
  /** The figure and the threshold it was read against, as a sentence. */
  text: z.string().min(1),
});
export type LabelDriverLine = z.infer<typeof labelDriverLineSchema>;

export const labelDriversSchema = z.looseObject({
  /** Which label: `regime`, `sentiment`. */
  kind: z.string().min(1),
  /** The label's value as the payload spells it (`trending_high_vol`). */
  value: z.string().min(1),
  drivers: z.array(labelDriverLineSchema),
  /** The rule in one sentence, thresholds included. */
  rule: z.string().optional(),
  /** A remark shown with the drivers: why a correlated name can read differently, say. */
  note: z.string().optional(),
});
export type LabelDrivers = z.infer<typeof labelDriversSchema>;

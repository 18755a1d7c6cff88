// The full deterministic `trade_setup` blob carried by every /top-setups item.
import { z } from 'zod';
import {
  directionSchema,
  opportunityTierSchema,
  regimeLabelSchema,
  tradeBiasSchema,
  tradeTypeSchema,
} from './enums.ts';
import { score0to1, score0to10, tickerText } from './primitives.ts';
import { structureLegsSchema, tradeStructureSchema, zeroDteSetupSchema } from './trade-setup.ts';

export const tradeSetupBlobSchema = z.looseObject({
  ticker: tickerText,
  /** Snapshot time; the spec gives no format, so any non-empty string. */
  timestamp: z.string().min(1),
  interpreter_version: z.string().min(1),
  regime: regimeLabelSchema,
  regime_confidence: z.number().min(0),
  opportunity_score: score0to10,
  opportunity_tier: opportunityTierSchema,
  trade_type: tradeTypeSchema,
  trade_bias: tradeBiasSchema,
  direction: directionSchema,
  structures: z.array(tradeStructureSchema),
  entry_trigger: z.string().nullable(),
  stop_description: z.string().nullable(),
  target_description: z.string().nullable(),
  size_fraction: score0to1,
  max_risk_pct: z.number().min(0).max(100),
  prefer_defined_risk: z.boolean(),
  caution_flags: z.array(z.string()),
  /** Inputs the interpreter wanted but did not have. */
  missing_fields: z.array(z.string()),
  /** The inputs the interpreter read, as it read them; keys not fixed by the spec. */
  signal_snapshot: z.looseObject({}),
  agent_summary: z.string(),
  /** Ours (additive): the concrete legs of each structure, in the order of `structures`. */
  structure_legs: z.array(structureLegsSchema).optional(),
  /** Ours (additive): 0DTE structures, on a chain with an expiration ending that day. */
  zero_dte_setup: zeroDteSetupSchema.optional(),
});
export type TradeSetupBlob = z.infer<typeof tradeSetupBlobSchema>;

// /tickers/{ticker}/levels (`svc.ticker.levels.v2`, our id). The plain-text formats are just text.
import { z } from 'zod';
import { envelopeSchema, tickerMetaSchema } from './envelope.ts';
import { forwardsShape } from './forwards.ts';
import { LEVELS_TEXT_FORMATS } from './enums.ts';
import { openLabel, displayTime, isoDate, tickerText, usd } from './primitives.ts';

/** Kinds our service emits; a remote service may name others. */
export const LEVEL_KINDS = [
  'spot',
  'gamma_flip',
  'sigma_1d',
  'sigma_1w',
  'sigma_1m',
  'call_wall',
  'put_wall',
  'max_pain',
  // Ours, beyond the flip and the walls (engine/more-levels.ts).
  'abs_gamma',
  'gex_positive',
  'gex_negative',
  'nearest_flip',
  'zero_dte_flip',
  'zero_dte_call_wall',
  'zero_dte_put_wall',
] as const;
export type LevelKind = (typeof LEVEL_KINDS)[number];
export const levelKindSchema = openLabel(LEVEL_KINDS);

/** Whether a stored or remote level's kind is one we know how to style. */
export function isLevelKind(kind: string): kind is LevelKind {
  return (LEVEL_KINDS as readonly string[]).includes(kind);
}

/** A key level as our service computes it and the text renderings (levels-render.ts) draw it. */
export interface KeyLevel {
  /** Stable snake_case key, e.g. plus_1sigma_1w (the market-structure key_levels names). */
  id: string;
  label: string;
  price: number;
  kind: LevelKind;
  /** Ours: the expiration a 0DTE level belongs to (it is drawn only until that one settles). */
  expiration?: string;
}

export const levelSchema = z.looseObject({
  /** Display label, e.g. "Gamma flip" or "+1σ 1W". */
  label: z.string().min(1),
  price: usd,
  kind: levelKindSchema,
  /** Ours (additive): the 0DTE levels' expiration, so a comparison or an export can tell days apart. */
  expiration: isoDate.optional(),
});
export type Level = z.infer<typeof levelSchema>;

/**
 * Ours (additive on the levels payload): the key levels on the front quarterly future of the index
 * (SPX → ES, NDX → NQ, RUT → RTY; engine/futures-equivalent.ts). `basis` is the future's fair value
 * (the index's forward to `settles`) − spot, and each level's equivalent is its price + basis.
 * Where it cannot be computed, `basis`, `fair_value` and `basis_source` are null, `levels` is empty
 * and `reason` says why.
 */
export const futuresEquivalentSchema = z.looseObject({
  /** The future's root: ES, NQ or RTY. */
  symbol: z.string().min(1),
  /** The front quarterly contract, e.g. ESZ6 (month code H M U Z, the year's last digit). */
  contract: z.string().min(1),
  /** Its settlement date: the third Friday of the quarter's month (the trading day before on a holiday). */
  settles: isoDate,
  /** The Monday of the settlement week, from which the next quarterly is the front. */
  rolls: isoDate.optional(),
  /** Fair value − spot, index points; null where it could not be computed. */
  basis: z.number().finite().nullable(),
  /** The index's forward to the settlement, index points; null with basis. */
  fair_value: z.number().finite().nullable().optional(),
  /** How the fair value was read, e.g. "forwards 2026-12-11/2026-12-31 interpolated (ln F linear in time)". */
  basis_source: z.string().nullable(),
  /** Why there is no basis. */
  reason: z.string().optional(),
  /** An ETF's (SPY's) levels reach the future through its index: index spot / ETF spot, each level × it + basis. */
  ratio: z.number().positive().optional(),
  /** The contract's minimum tick, index points (0.25 for ES and NQ, 0.10 for RTY); absent before it was stated. */
  tick: z.number().positive().optional(),
  /** Each level's equivalent by level id: price + basis, on the contract's tick (basis and fair value stay to the cent). */
  levels: z.record(z.string(), z.number().finite()),
});
export type FuturesEquivalent = z.infer<typeof futuresEquivalentSchema>;

/**
 * Payload "not shown" by the spec. Our choice: `{ ticker, asof, price, levels: [{ label, price, kind }] }`,
 * levels sorted by price descending (the order a chart's price axis reads).
 */
export const levelsDataSchema = z.looseObject({
  ticker: tickerText,
  asof: displayTime,
  price: usd,
  levels: z.array(levelSchema),
  ...forwardsShape,
  /** Ours (additive): the levels on the index's front quarterly future (SPX → ES); absent for other tickers. */
  futures_equivalent: futuresEquivalentSchema.optional(),
});
export type LevelsData = z.infer<typeof levelsDataSchema>;

export const levelsResponseSchema = envelopeSchema(tickerMetaSchema('levels'), levelsDataSchema);
export type LevelsResponse = z.infer<typeof levelsResponseSchema>;

/**
 * A text format's levels as JSON (ours; the spec leaves the levels format open): `format=tradingview`
 * or `tos` (or `view=`, the official client's spelling) asked with `Accept: application/json`, or
 * with `view=` and no text type in Accept. `text` is exactly the plain-text body the same format
 * answers as `text/plain`. Same schema id as the JSON levels.
 */
export const levelsTextDataSchema = z.looseObject({
  ticker: tickerText,
  asof: displayTime,
  format: z.enum(LEVELS_TEXT_FORMATS),
  /** `text/plain; charset=utf-8`: what the same request with a text Accept answers. */
  content_type: z.string(),
  text: z.string().min(1),
});
export type LevelsTextData = z.infer<typeof levelsTextDataSchema>;

export const levelsTextResponseSchema = envelopeSchema(tickerMetaSchema('levels'), levelsTextDataSchema);
export type LevelsTextResponse = z.infer<typeof levelsTextResponseSchema>;

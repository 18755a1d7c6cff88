// /tickers/{ticker}/explain (`svc.ticker.explain.v2`).
import { z } from 'zod';
import { envelopeSchema, tickerMetaSchema } from './envelope.ts';
import { displayTime, tickerText } from './primitives.ts';
import { labelDriversSchema } from './label-drivers.ts';

/** Views our service serves; `view` is an open selector, so other names are tolerated in responses. */
export const EXPLAIN_VIEWS = ['standard', 'brief', 'detailed'] as const;
export const DEFAULT_EXPLAIN_VIEW = 'standard';

/**
 * Payload "not shown" by the spec. Our choice: `{ ticker, asof, view, summary, bullets[], tags[] }`:
 * a one-paragraph summary, the supporting points as bullets, and tags for filtering.
 */
export const explainDataSchema = z.looseObject({
  ticker: tickerText,
  asof: displayTime,
  view: z.string().min(1),
  summary: z.string().min(1),
  bullets: z.array(z.string()),
  tags: z.array(z.string()),
  /** Ours (additive): what made the regime label, figure by figure, with its rule. */
  label_drivers: z.array(labelDriversSchema).optional(),
});
export type ExplainData = z.infer<typeof explainDataSchema>;

export const explainResponseSchema = envelopeSchema(tickerMetaSchema('explain'), explainDataSchema);
export type ExplainResponse = z.infer<typeof explainResponseSchema>;

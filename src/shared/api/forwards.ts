// Ours, additive on the curves and levels payloads: each listed expiration's forward as the chain
// implies it by put-call parity, what the options were priced off, and the rate and dividend yield
// every figure (deltas, gammas, the forwards themselves) was priced with. For options that settle on a
// future (VIX) every figure is priced off these forwards; for the rest they are a data-quality
// figure (carry and dividends make a forward differ from spot; a stale spot shows).
import { z } from 'zod';

export const expirationForwardSchema = z.looseObject({
  expiry: z.string().min(1),
  /** Null when no strike of the expiration has two-sided call and put quotes. */
  forward: z.number().positive().nullable(),
  strikes_used: z.number().int().min(0),
});
export type ExpirationForwardItem = z.infer<typeof expirationForwardSchema>;

/** Fields spread into a payload's object schema; optional, so another service's payloads still parse. */
export const forwardsShape = {
  priced_off: z.enum(['forward', 'spot']).optional(),
  /** The risk-free rate every figure was priced with, continuous, decimal (0.04 is 4 %). */
  rate: z.number().finite().optional(),
  /** The dividend yield, continuous, decimal; null where each expiration's forward sets its own (VIX). */
  dividend_yield: z.number().finite().nullable().optional(),
  /** `stated`: the app's table of rates and yields; `default`: a ticker it lacks (no dividend); `given`: the caller's. */
  carry_source: z.enum(['stated', 'default', 'given']).optional(),
  forwards: z.array(expirationForwardSchema).optional(),
};

// /tickers/{ticker}/options/volume (`svc.options.volume.v2`, our id).
import { z } from 'zod';
import { envelopeSchema, tickerMetaSchema } from './envelope.ts';
import { count, displayTime, isoDate, tickerText, usd } from './primitives.ts';

/** Contracts traded today at one strike of the chosen expiration. */
export const volumePointSchema = z.looseObject({
  strike: usd,
  call_volume: count,
  put_volume: count,
  total: count,
});
export type VolumePoint = z.infer<typeof volumePointSchema>;

export const volumeTotalsSchema = z.looseObject({ call_volume: count, put_volume: count, total: count });

/**
 * Payload "not shown" by the spec. Our choice: `{ ticker, asof, expiry, price, points, totals }`,
 * `expiry` the resolved YYYY-MM-DD date, points sorted by strike, `total = call_volume + put_volume`.
 */
export const optionsVolumeDataSchema = z.looseObject({
  ticker: tickerText,
  asof: displayTime,
  expiry: isoDate,
  price: usd,
  points: z.array(volumePointSchema),
  totals: volumeTotalsSchema,
});
export type OptionsVolumeData = z.infer<typeof optionsVolumeDataSchema>;

export const optionsVolumeResponseSchema = envelopeSchema(
  tickerMetaSchema('optionsVolume'),
  optionsVolumeDataSchema,
);
export type OptionsVolumeResponse = z.infer<typeof optionsVolumeResponseSchema>;

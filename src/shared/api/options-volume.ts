// /tickers/{ticker}/options/volume (`svc.options.volume.v2`, our id).
import { z } from 'zod';
import { envelopeSchema, tickerMetaSchema } from './envelope.ts';
import { count, displayTime, isoDate, ivDecimal, tickerText, usd } from './primitives.ts';

/**
 * Values of `include` (comma-separated; the official client sends `include=iv`). `iv` adds each
 * strike's call and put IV and the expiration's ATM IV; any other value is a 400 with `allowed`.
 */
export const OPTIONS_VOLUME_INCLUDES = ['iv'] as const;
export type OptionsVolumeInclude = (typeof OPTIONS_VOLUME_INCLUDES)[number];

/** An IV as a decimal (0.25 = 25 %), null where the contract has no usable IV. Only with `include=iv`. */
const strikeIv = ivDecimal.nullable().optional();

/** Contracts traded today at one strike of the chosen expiration. */
export const volumePointSchema = z.looseObject({
  strike: usd,
  call_volume: count,
  put_volume: count,
  total: count,
  call_iv: strikeIv,
  put_iv: strikeIv,
});
export type VolumePoint = z.infer<typeof volumePointSchema>;

export const volumeTotalsSchema = z.looseObject({ call_volume: count, put_volume: count, total: count });

/**
 * Payload "not shown" by the spec. Our choice: `{ ticker, asof, expiry, price, points, totals }`,
 * `expiry` the resolved YYYY-MM-DD date, points sorted by strike, `total = call_volume + put_volume`.
 * With `include=iv` (additive): `call_iv`/`put_iv` on every point and `atm_iv` for the expiration.
 */
export const optionsVolumeDataSchema = z.looseObject({
  ticker: tickerText,
  asof: displayTime,
  expiry: isoDate,
  price: usd,
  points: z.array(volumePointSchema),
  totals: volumeTotalsSchema,
  atm_iv: strikeIv,
});
export type OptionsVolumeData = z.infer<typeof optionsVolumeDataSchema>;

export const optionsVolumeResponseSchema = envelopeSchema(
  tickerMetaSchema('optionsVolume'),
  optionsVolumeDataSchema,
);
export type OptionsVolumeResponse = z.infer<typeof optionsVolumeResponseSchema>;

// Times cross the store's boundary as epoch milliseconds, or as ISO-8601 text (what API v2's
// `meta.asof` carries) which is parsed here, once. Inside the store every time is an integer.
import { z } from 'zod';

/** Epoch milliseconds. */
export type EpochMs = number;

/** A time as callers may give it: epoch ms, an ISO-8601 timestamp with offset, or a Date. */
export type TimeInput = number | string | Date;

export const epochMsSchema = z.number().int().min(0).max(8.64e15);

export const timeInputSchema = z.union([
  epochMsSchema,
  z.iso.datetime({ offset: true }).transform((text) => Date.parse(text)),
  z.date().transform((date, ctx) => {
    const ms = date.getTime();
    if (Number.isNaN(ms)) ctx.addIssue({ code: 'custom', message: 'invalid Date' });
    return ms;
  }),
]);

/** Days to milliseconds. */
export const DAY_MS = 86_400_000;

import { z } from 'zod';

// Equity and ETF symbols: letters and digits with an optional class suffix (BRK.B, BF-B).
// Case is normalised here so that `aapl` and `AAPL` are one ticker everywhere in the store.
export const tickerSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z][A-Z0-9]{0,9}([.-][A-Z0-9]{1,4})?$/, {
    message:
      'a ticker is a letter followed by up to 9 letters or digits, with an optional .X or -X class suffix',
  });

// The store keys rows by the one ticker rule (src/shared/ticker-symbol.ts), so `aapl`, `AAPL` and
// ` AAPL ` are one ticker and `^VIX` is stored as VIX, the same symbol the service and bridge use.
export { tickerSchema } from '../../shared/ticker-symbol.ts';

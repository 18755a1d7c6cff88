// The `{ meta, data }` envelope and the two renderings of a snapshot time: `meta.asof` is ISO-8601
// UTC for machines, `data.asof` a New York wall-clock string for people. Both always describe the
// SNAPSHOT, never the moment of the request, so equal inputs give equal bytes.
import { displayAsof, isoUtc } from '../../shared/market-calendar.ts';

export { displayAsof, isoUtc };

export interface Envelope<D> {
  meta: Record<string, unknown>;
  data: D;
}

/** The envelope of a per-ticker endpoint: meta carries schema, ticker and the snapshot's asof. */
export function tickerEnvelope<D>(schema: string, ticker: string, asofMs: number, data: D): Envelope<D> {
  return { meta: { schema, ticker, asof: isoUtc(asofMs) }, data };
}

// Where a backtest's history comes from (a PastSource): the local service's market when the data
// source runs one (local-backfill.ts), else the remote API's daily series (remote-backfill.ts).
import type { Connection } from '../source/connect.ts';
import { localPast } from './local-backfill.ts';
import type { PastSource } from './past-source.ts';
import { remotePast } from './remote-backfill.ts';

/** What the history source is picked from: one data source, taken when the work starts. */
export type PastContext = Pick<Connection, 'store' | 'ingest' | 'client' | 'marketSource'>;

/** The history source of a data source: its market where it runs one, else its API's series. */
export function pastOf(source: PastContext): PastSource {
  const market = source.marketSource;
  return market ? localPast(source.ingest, market) : remotePast(source.store, source.client);
}

// The endpoints of API v2 as the client knows them. Names, paths and response schemas come from the
// shared endpoint list (src/shared/api/endpoints.ts); the client adds its concurrency limits and the
// invariants checked on every response.
import type { z } from 'zod';
import {
  API_ENDPOINTS,
  ENDPOINT_NAMES,
  checkBucketSums,
  checkIncomeSetups,
  checkMarketStructureData,
  checkOptionsVolume,
  checkSeriesOrder,
  checkSignalsData,
  checkTopSetups,
  checkTradeSetupData,
  type EndpointName,
  type Violation,
} from '../shared/api/index.ts';

export { ENDPOINT_NAMES, type EndpointName };

/** Requests in flight per endpoint; options volume has its own, lower, server-side rate limit. */
export const DEFAULT_CONCURRENCY = 4;
export const DEFAULT_ENDPOINT_CONCURRENCY: Partial<Record<EndpointName, number>> = { optionsVolume: 1 };

export interface JsonEndpoint<S extends z.ZodType> {
  schema: S;
  check?: (body: z.infer<S>) => Violation[];
}

type Response<K extends EndpointName> = (typeof API_ENDPOINTS)[K]['response'];
type Checks = { [K in EndpointName]?: (body: z.infer<Response<K>>) => Violation[] };

/** Invariants beyond the schema, by endpoint; the others are checked by their schema alone. */
const CHECKS = {
  tickerState: (b) => checkSignalsData(b.data),
  marketStructure: (b) => checkMarketStructureData(b.data),
  signals: (b) => checkSignalsData(b.data),
  series: (b) => checkSeriesOrder(b.data),
  gammaExpirations: (b) => checkBucketSums(b.data.points),
  optionsVolume: (b) => checkOptionsVolume(b.data),
  tradeSetup: (b) => checkTradeSetupData(b.data),
  topSetups: (b) => checkTopSetups(b.meta, b.data.items),
  screener: (b) => checkTopSetups(b.meta, b.data.items),
  incomeSetups: (b) => checkIncomeSetups(b.meta, b.data.items),
} satisfies Checks;

function jsonEndpoint<K extends EndpointName>(name: K): JsonEndpoint<Response<K>> {
  const schema: Response<K> = API_ENDPOINTS[name].response;
  const check = (CHECKS as Checks)[name];
  return check ? { schema, check } : { schema };
}

/** Every endpoint with its response schema; `levels` for its JSON form (the text form has no schema). */
export const JSON_ENDPOINTS = Object.fromEntries(
  ENDPOINT_NAMES.map((name) => [name, jsonEndpoint(name)]),
) as {
  [K in EndpointName]: JsonEndpoint<Response<K>>;
};

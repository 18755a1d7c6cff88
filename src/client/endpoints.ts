// The endpoints of API v2 as the client knows them: a name (for concurrency limits), the response
// schema and the invariants checked on every response.
import type { z } from 'zod';
import {
  accessResponseSchema,
  checkBucketSums,
  checkIncomeSetups,
  checkMarketStructureData,
  checkOptionsVolume,
  checkSeriesOrder,
  checkSignalsData,
  checkTopSetups,
  checkTradeSetupData,
  explainResponseSchema,
  gammaCurveResponseSchema,
  gammaExpirationsResponseSchema,
  gexByStrikeResponseSchema,
  incomeResponseSchema,
  levelsResponseSchema,
  llmSpecResponseSchema,
  marketStructureResponseSchema,
  optionsVolumeResponseSchema,
  screenerResponseSchema,
  seriesResponseSchema,
  signalsResponseSchema,
  tickerStateResponseSchema,
  topSetupsResponseSchema,
  tradeSetupResponseSchema,
  type Violation,
} from '../shared/api/index.ts';

export const ENDPOINT_NAMES = [
  'tickerState',
  'marketStructure',
  'explain',
  'signals',
  'series',
  'gammaCurve',
  'gammaExpirations',
  'gexByStrike',
  'levels',
  'optionsVolume',
  'tradeSetup',
  'topSetups',
  'screener',
  'incomeSetups',
  'access',
  'llmSpec',
] as const;
export type EndpointName = (typeof ENDPOINT_NAMES)[number];

/** Requests in flight per endpoint; options volume has its own, lower, server-side rate limit. */
export const DEFAULT_CONCURRENCY = 4;
export const DEFAULT_ENDPOINT_CONCURRENCY: Partial<Record<EndpointName, number>> = { optionsVolume: 1 };

export interface JsonEndpoint<S extends z.ZodType> {
  schema: S;
  check?: (body: z.infer<S>) => Violation[];
}

const def = <S extends z.ZodType>(schema: S, check?: (body: z.infer<S>) => Violation[]): JsonEndpoint<S> =>
  check ? { schema, check } : { schema };

/** `levels` is here for its JSON form; the text form has no schema. */
export const JSON_ENDPOINTS = {
  tickerState: def(tickerStateResponseSchema, (b) => checkSignalsData(b.data)),
  marketStructure: def(marketStructureResponseSchema, (b) => checkMarketStructureData(b.data)),
  explain: def(explainResponseSchema),
  signals: def(signalsResponseSchema, (b) => checkSignalsData(b.data)),
  series: def(seriesResponseSchema, (b) => checkSeriesOrder(b.data)),
  gammaCurve: def(gammaCurveResponseSchema),
  gammaExpirations: def(gammaExpirationsResponseSchema, (b) => checkBucketSums(b.data.points)),
  gexByStrike: def(gexByStrikeResponseSchema),
  levels: def(levelsResponseSchema),
  optionsVolume: def(optionsVolumeResponseSchema, (b) => checkOptionsVolume(b.data)),
  tradeSetup: def(tradeSetupResponseSchema, (b) => checkTradeSetupData(b.data)),
  topSetups: def(topSetupsResponseSchema, (b) => checkTopSetups(b.meta, b.data.items)),
  screener: def(screenerResponseSchema, (b) => checkTopSetups(b.meta, b.data.items)),
  incomeSetups: def(incomeResponseSchema, (b) => checkIncomeSetups(b.meta, b.data.items)),
  access: def(accessResponseSchema),
  llmSpec: def(llmSpecResponseSchema),
} satisfies Record<EndpointName, JsonEndpoint<z.ZodType>>;

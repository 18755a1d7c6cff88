// The API v2 resource schemas the bridge relays, gathered in one place so the bridge's methods
// name them once. Payloads are the `data` object of an API v2 response, as the watcher stored it.
import { z } from 'zod';
import { METRIC_CATALOG, METRIC_KEYS, type MetricKey } from '../api/index.ts';

export {
  explainDataSchema,
  gammaCurveDataSchema,
  gammaExpirationsDataSchema,
  gexByStrikeDataSchema,
  incomeItemSchema,
  incomeMetaSchema,
  levelsDataSchema,
  marketStructureDataSchema,
  metricKeySchema,
  optionsVolumeDataSchema,
  screenerMetaSchema,
  seriesDataSchema,
  signalsDataSchema,
  tickerStateDataSchema,
  topSetupsItemSchema,
  topSetupsMetaSchema,
  tradeSetupDataSchema,
} from '../api/index.ts';

/** Catalog keys whose values are numbers: the ones a threshold can compare. */
export const NUMERIC_METRIC_KEYS = METRIC_KEYS.filter((key) => METRIC_CATALOG[key].type === 'float') as [
  MetricKey,
  ...MetricKey[],
];
export const numericMetricKeySchema = z.enum(NUMERIC_METRIC_KEYS);
export type NumericMetricKey = z.infer<typeof numericMetricKeySchema>;

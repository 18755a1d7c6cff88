// Every `meta.schema` identifier, in one place. The spec names the first ten; the rest are ours,
// for the payloads the spec shows without an id (signals, levels, options volume, discovery).
export const SCHEMA_IDS = {
  tickerState: 'svc.ticker.state.v2',
  marketStructure: 'svc.ticker.market_structure.v2',
  explain: 'svc.ticker.explain.v2',
  series: 'svc.series.v2',
  gammaCurve: 'svc.curve.gamma.v2',
  gammaExpirations: 'svc.curve.gamma.expirations.v2',
  gexByStrike: 'svc.curve.gex_by_strike.v2',
  tradeSetup: 'svc.agent.trade_setup.v2',
  topSetups: 'svc.top_setups.v2',
  incomeSetups: 'svc.income_setups.v1',
  // Ours (spec: "not shown").
  signals: 'svc.ticker.signals.v2',
  levels: 'svc.ticker.levels.v2',
  optionsVolume: 'svc.options.volume.v2',
  access: 'svc.access.v2',
  llmSpec: 'svc.llm_spec.v2',
} as const;

export type SchemaKey = keyof typeof SCHEMA_IDS;
export type SchemaId = (typeof SCHEMA_IDS)[SchemaKey];

/** Ids the spec itself names; a response carrying another id for these resources is wrong. */
export const SPEC_NAMED_SCHEMA_KEYS = [
  'tickerState',
  'marketStructure',
  'explain',
  'series',
  'gammaCurve',
  'gammaExpirations',
  'gexByStrike',
  'tradeSetup',
  'topSetups',
  'incomeSetups',
] as const satisfies readonly SchemaKey[];

// The part of the API client the poller calls, as a structural interface: the real ApiClient
// satisfies it, and unit tests pass small fakes. Results are the client's, envelope and metadata.
import type {
  ApiResult,
  RequestOptions,
  ExplainQuery,
  GammaCurveQuery,
  GexByStrikeQuery,
  IncomeQuery,
  MarketStructureQuery,
  OptionsVolumeQuery,
  SeriesQuery,
  TickerStateQuery,
  TopSetupsQuery,
} from '../../client/index.ts';
import type { ScreenerPreset } from '../../shared/api/enums.ts';

export interface Envelope {
  meta: unknown;
  data: unknown;
}

export type PollResult = ApiResult<Envelope>;

export interface PollClient {
  signals(ticker: string, options?: RequestOptions): Promise<PollResult>;
  marketStructure(
    ticker: string,
    query?: MarketStructureQuery,
    options?: RequestOptions,
  ): Promise<PollResult>;
  tradeSetup(ticker: string, options?: RequestOptions): Promise<PollResult>;
  explain(ticker: string, query?: ExplainQuery, options?: RequestOptions): Promise<PollResult>;
  levels(ticker: string, options?: RequestOptions): Promise<PollResult>;
  tickerState(ticker: string, query?: TickerStateQuery, options?: RequestOptions): Promise<PollResult>;
  gammaCurve(ticker: string, query?: GammaCurveQuery, options?: RequestOptions): Promise<PollResult>;
  gammaExpirations(ticker: string, options?: RequestOptions): Promise<PollResult>;
  gexByStrike(ticker: string, query?: GexByStrikeQuery, options?: RequestOptions): Promise<PollResult>;
  optionsVolume(ticker: string, query: OptionsVolumeQuery, options?: RequestOptions): Promise<PollResult>;
  series(ticker: string, query?: SeriesQuery, options?: RequestOptions): Promise<PollResult>;
  screener(name: ScreenerPreset, query?: TopSetupsQuery, options?: RequestOptions): Promise<PollResult>;
  topSetups(query?: TopSetupsQuery, options?: RequestOptions): Promise<PollResult>;
  incomeSetups(query?: IncomeQuery, options?: RequestOptions): Promise<PollResult>;
}

// The views of one ticker the app stores as snapshots, one row each: the poller polls every row
// with the row's params, the chain-folder import and the backtest build the same rows from a
// snapshot without HTTP, the curve queries default to a row's params (so an on-demand curve and a
// polled one are one series) and the replay reads the rows it shows. A new stored view is one row
// here, its client call in src/core/poller/view-calls.ts and its builder in
// src/service/snapshot-payloads.ts (the type checker asks for both).
//
// A view is named by its snapshot endpoint, the value SQLite stores (`curve_gamma`); the API's
// endpoint (`gammaCurve`, the client's method) and the bridge's curve kind (`gamma`) are wire names
// translated where the client and the bridge are met, never used as the view's name. Shared
// because the service may not import core and both read this.
import type { PollJob } from './bridge/settings.ts';
import type { SnapshotEndpoint } from './bridge/tickers.ts';

/** Parameters that tell stored series of one endpoint apart (the curve bucket, the screener name). */
export type SeriesParams = Readonly<Record<string, string>>;

/** What identifies a stored series: its endpoint, its ticker (none for the rankings), its params. */
export interface SeriesIdentity {
  readonly endpoint: SnapshotEndpoint;
  readonly ticker: string | null;
  readonly params: SeriesParams;
}

/**
 * The one text key of a stored series, `endpoint:ticker:name=value&…` with the names sorted, so a
 * series the poller queues and one fetched on demand are the same request.
 */
export function storedSeriesKey({ endpoint, ticker, params }: SeriesIdentity): string {
  const paramText = Object.keys(params)
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
  return `${endpoint}:${ticker ?? ''}:${paramText}`;
}

export interface StoredView {
  /** The view's one name: the snapshot endpoint its payloads are stored under. */
  readonly endpoint: SnapshotEndpoint;
  /** The poll job that fetches it for every watched ticker. */
  readonly job: PollJob;
  /** The params the poller stores it under (the key's params); on-demand views may ask for others. */
  readonly params: SeriesParams;
  /** The replay shows a new frame each time one of these is stored. */
  readonly replayed: boolean;
}

/**
 * Every per-ticker view of one snapshot, in the order the poller asks for them. Not here: the
 * series (it spans many sessions, under its own window) and the rankings (made of the whole
 * universe at an instant, not of one ticker).
 */
export const STORED_VIEWS = [
  { endpoint: 'signals', job: 'signals', params: {}, replayed: false },
  // The ticker views the UI shows offline: structure, setup, explanation, levels, raw state.
  { endpoint: 'market_structure', job: 'market_structure', params: {}, replayed: true },
  { endpoint: 'trade_setup', job: 'market_structure', params: {}, replayed: false },
  { endpoint: 'explain', job: 'market_structure', params: {}, replayed: false },
  { endpoint: 'levels', job: 'market_structure', params: {}, replayed: true },
  { endpoint: 'state', job: 'market_structure', params: {}, replayed: false },
  { endpoint: 'curve_gamma', job: 'curves', params: { exp: 'combined' }, replayed: true },
  { endpoint: 'curve_gamma_expirations', job: 'curves', params: {}, replayed: true },
  { endpoint: 'curve_gex_by_strike', job: 'curves', params: { exp: 'combined' }, replayed: true },
  { endpoint: 'options_volume', job: 'curves', params: { exp: 'nearest' }, replayed: false },
] as const satisfies readonly StoredView[];

export type StoredViewRow = (typeof STORED_VIEWS)[number];
export type StoredViewName = StoredViewRow['endpoint'];

/** The row of one view, with its params' literal types (`{ exp: 'combined' }`). */
export function storedView<V extends StoredViewName>(view: V): Extract<StoredViewRow, { endpoint: V }> {
  const row = STORED_VIEWS.find((r): r is Extract<StoredViewRow, { endpoint: V }> => r.endpoint === view);
  if (row === undefined) throw new RangeError(`no stored view ${view}`);
  return row;
}

/** The rows one poll job fetches, in the table's order. */
export function storedViewsOf(job: PollJob): StoredViewRow[] {
  return STORED_VIEWS.filter((row) => row.job === job);
}

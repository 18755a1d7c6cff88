// What the strike curves can be drawn from instead of their own live (or as-of) queries: a frame
// of a replay, i.e. the three curves and the key levels stored at or before one instant. The
// curve choices (expiration, naive view, GEX bucket) stay the charts' own; a replay follows them.
import type { GexByStrikeBucket } from '../../../../shared/api/enums.ts';
import type { TickerCurveResult } from '../../../../shared/bridge/tickers.ts';
import type { Resource } from '../../../state/resource.svelte.ts';
import type { GammaSelection } from './curves-state.svelte.ts';
import type { MarkerLevels } from '../frame/markers.ts';

export type CurveOf<K extends TickerCurveResult['kind']> = Extract<TickerCurveResult, { kind: K }>;

export interface CurveFrame {
  gamma: Resource<CurveOf<'gamma'>>;
  expirations: Resource<CurveOf<'gamma_expirations'>>;
  gex: Resource<CurveOf<'gex_by_strike'>>;
  /** Flip, walls, ±1σ as stored at the frame's instant. */
  levels: MarkerLevels;
}

/** The curve choices a replay must follow. */
export interface CurveChoices {
  exp: GammaSelection;
  naive: boolean;
  gexExp: GexByStrikeBucket;
}

// What the Rankings view was showing, kept for the whole session: the Top setups filters, the
// screener (preset and overrides) and the saved view each came from. Module state on purpose:
// leaving for a ticker and coming back finds the filters as they were. The address carries them
// too (see rankings-link.ts), so a copied link reopens the same view.
import type { ScreenerPreset } from '../../../shared/api/index.ts';
import type { ScreenerOverrides, TopSetupsFilters } from '../../../shared/bridge/rankings.ts';

class RankingsState {
  topFilters = $state<TopSetupsFilters>({});
  /** The saved Top setups view the filters came from (null: none, or edited since). */
  topViewId = $state<number | null>(null);
  preset = $state<ScreenerPreset>('momentum_breakout');
  overrides = $state<ScreenerOverrides>({});
  /** The user screener on screen (null: a plain preset). */
  screenerId = $state<number | null>(null);
  /** On the Screeners tab: the tickers matching now, or the screener's track record. */
  screenerMode = $state<'matches' | 'track'>('matches');
}

export const rankingsState = new RankingsState();

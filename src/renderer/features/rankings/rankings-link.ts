// The address of a rankings view with its filters, and back: "#/rankings/top_setups?regime=
// range_bound&min_score=5" or "#/rankings/screeners?preset=trend_pullback&iv_rank_min=40". The
// app's router reads only the path, so the query is this view's own; every value is checked with
// the bridge's schemas, and a bad link is refused with a message instead of half-applied.
import { SCREENER_PRESETS, type ScreenerPreset } from '../../../shared/api/index.ts';
import {
  screenerOverridesSchema,
  topSetupsFiltersSchema,
  type ScreenerOverrides,
  type TopSetupsFilters,
} from '../../../shared/bridge/rankings.ts';
import { fromSearch, toSearch } from './filter-model.ts';

export type RankingsLink =
  | { tab: 'top_setups'; filters: TopSetupsFilters }
  | { tab: 'screeners'; preset: ScreenerPreset; overrides: ScreenerOverrides };

export function linkOf(link: RankingsLink): string {
  const query =
    link.tab === 'top_setups' ? toSearch(link.filters) : toSearch(link.overrides, { preset: link.preset });
  return `#/rankings/${link.tab}${query ? `?${query}` : ''}`;
}

/** The link's view, or a message saying what is wrong with it. `hash` starts with "#/rankings/". */
export function parseLink(hash: string): { ok: true; link: RankingsLink } | { ok: false; message: string } {
  const match = /^#\/rankings\/(top_setups|screeners)(?:\?(.*))?$/.exec(hash.trim());
  if (!match) return { ok: false, message: 'This is not a link to a rankings view' };
  const { values, extra } = fromSearch(match[2] ?? '');
  if (match[1] === 'top_setups') {
    const cleaned = Object.fromEntries(
      Object.entries(values).filter(([, v]) => v !== null && !(Array.isArray(v) && v.length === 0)),
    );
    const parsed = topSetupsFiltersSchema.safeParse(cleaned);
    if (!parsed.success) return { ok: false, message: 'The link has a filter value that is out of range' };
    return { ok: true, link: { tab: 'top_setups', filters: parsed.data } };
  }
  const preset = extra.get('preset') ?? '';
  if (!(SCREENER_PRESETS as readonly string[]).includes(preset))
    return { ok: false, message: 'The link names no known screener preset' };
  const parsed = screenerOverridesSchema.safeParse(values);
  if (!parsed.success) return { ok: false, message: 'The link has a filter value that is out of range' };
  return { ok: true, link: { tab: 'screeners', preset: preset as ScreenerPreset, overrides: parsed.data } };
}

// Hash routes: every view has an address, so an alert can link to "SPY at 10:35" and the back
// button works. Parsing never throws: anything unknown lands on the watchlists.
import { parseTicker } from '../../shared/ticker-symbol.ts';

export const TICKER_TABS = [
  'overview',
  'signals',
  'explain',
  'trade_setup',
  'levels',
  'price',
  'curves',
  'state',
] as const;
export type TickerTab = (typeof TICKER_TABS)[number];

export const RANKING_TABS = ['top_setups', 'screeners', 'income'] as const;
export type RankingTab = (typeof RANKING_TABS)[number];

export type Route =
  | { name: 'watchlists'; id: number | null }
  | { name: 'ticker'; ticker: string; tab: TickerTab; at: string | null }
  | { name: 'rankings'; tab: RankingTab }
  | { name: 'alerts'; tab: 'history' | 'rules' }
  | { name: 'history'; ticker: string | null; a: string | null; b: string | null }
  | { name: 'settings'; section: SettingsSection | null };

/**
 * Settings sections with an address of their own (onboarding links to the data source, the rule
 * editor to the notification channels).
 */
export const SETTINGS_SECTIONS = ['data-source', 'notifications'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

const HOME: Route = { name: 'watchlists', id: null };

export function parseRoute(hash: string): Route {
  const raw = hash.replace(/^#/, '');
  const [path = '', query = ''] = raw.split('?', 2);
  const parts = path.split('/').filter(Boolean).map(safeDecode);
  const params = new URLSearchParams(query);
  const instant = (key: string): string | null => {
    const value = params.get(key);
    return value && Number.isFinite(Date.parse(value)) ? value : null;
  };
  switch (parts[0]) {
    case undefined:
    case 'watchlists': {
      const id = Number(parts[1]);
      return { name: 'watchlists', id: Number.isInteger(id) && id > 0 ? id : null };
    }
    case 'ticker': {
      const parsed = parseTicker(parts[1] ?? '');
      if (!parsed.ok) return HOME;
      const ticker = parsed.ticker;
      const tab = (TICKER_TABS as readonly string[]).includes(parts[2] ?? '')
        ? (parts[2] as TickerTab)
        : 'overview';
      return { name: 'ticker', ticker, tab, at: instant('at') };
    }
    case 'rankings': {
      const tab = (RANKING_TABS as readonly string[]).includes(parts[1] ?? '')
        ? (parts[1] as RankingTab)
        : 'top_setups';
      return { name: 'rankings', tab };
    }
    case 'alerts':
      return { name: 'alerts', tab: parts[1] === 'rules' ? 'rules' : 'history' };
    case 'history': {
      const parsed = parseTicker(parts[1] ?? '');
      return {
        name: 'history',
        ticker: parsed.ok ? parsed.ticker : null,
        a: instant('a'),
        b: instant('b'),
      };
    }
    case 'settings': {
      const section = (SETTINGS_SECTIONS as readonly string[]).includes(parts[1] ?? '')
        ? (parts[1] as SettingsSection)
        : null;
      return { name: 'settings', section };
    }
    default:
      return HOME;
  }
}

export function href(route: Route): string {
  switch (route.name) {
    case 'watchlists':
      return route.id === null ? '#/watchlists' : `#/watchlists/${route.id}`;
    case 'ticker': {
      const base = `#/ticker/${encodeURIComponent(route.ticker)}/${route.tab}`;
      return route.at ? `${base}?at=${encodeURIComponent(route.at)}` : base;
    }
    case 'rankings':
      return `#/rankings/${route.tab}`;
    case 'alerts':
      return `#/alerts/${route.tab}`;
    case 'history': {
      if (!route.ticker) return '#/history';
      const q = new URLSearchParams();
      if (route.a) q.set('a', route.a);
      if (route.b) q.set('b', route.b);
      const query = q.toString();
      return `#/history/${encodeURIComponent(route.ticker)}${query ? `?${query}` : ''}`;
    }
    case 'settings':
      return route.section ? `#/settings/${route.section}` : '#/settings';
  }
}

/** Shorthand for the most common link. */
export function tickerHref(ticker: string, options: { tab?: TickerTab; at?: string | null } = {}): string {
  return href({ name: 'ticker', ticker, tab: options.tab ?? 'overview', at: options.at ?? null });
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return '';
  }
}

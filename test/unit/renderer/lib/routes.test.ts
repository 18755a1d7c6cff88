import { describe, expect, it } from 'vitest';
import { href, parseRoute, tickerHref, type Route } from '../../../../src/renderer/lib/routes.ts';

describe('parseRoute', () => {
  it.each<[string, Route]>([
    ['', { name: 'watchlists', id: null }],
    ['#/watchlists/3', { name: 'watchlists', id: 3 }],
    ['#/watchlists/abc', { name: 'watchlists', id: null }],
    ['#/ticker/spy', { name: 'ticker', ticker: 'SPY', tab: 'overview', at: null }],
    ['#/ticker/SPY/levels', { name: 'ticker', ticker: 'SPY', tab: 'levels', at: null }],
    ['#/ticker/SPY/nope', { name: 'ticker', ticker: 'SPY', tab: 'overview', at: null }],
    [
      '#/ticker/SPY/signals?at=2026-03-02T15%3A00%3A00.000Z',
      { name: 'ticker', ticker: 'SPY', tab: 'signals', at: '2026-03-02T15:00:00.000Z' },
    ],
    ['#/ticker/SPY?at=yesterday', { name: 'ticker', ticker: 'SPY', tab: 'overview', at: null }],
    ['#/ticker/<script>', { name: 'watchlists', id: null }],
    ['#/ticker/%E0%A4%A', { name: 'watchlists', id: null }],
    ['#/alerts/rules', { name: 'alerts', tab: 'rules' }],
    ['#/alerts', { name: 'alerts', tab: 'history' }],
    ['#/rankings/income', { name: 'rankings', tab: 'income' }],
    ['#/rankings/whatever', { name: 'rankings', tab: 'top_setups' }],
    [
      '#/history/QQQ?a=2026-03-02T15:00:00Z&b=2026-03-02T16:00:00Z',
      { name: 'history', ticker: 'QQQ', a: '2026-03-02T15:00:00Z', b: '2026-03-02T16:00:00Z' },
    ],
    ['#/history', { name: 'history', ticker: null, a: null, b: null }],
    ['#/settings', { name: 'settings', section: null }],
    ['#/settings/data-source', { name: 'settings', section: 'data-source' }],
    ['#/settings/nowhere', { name: 'settings', section: null }],
    ['#/elsewhere', { name: 'watchlists', id: null }],
  ])('%s', (hash, expected) => {
    expect(parseRoute(hash)).toEqual(expected);
  });
});

describe('href round-trips through parseRoute', () => {
  it.each<Route>([
    { name: 'watchlists', id: null },
    { name: 'watchlists', id: 12 },
    { name: 'ticker', ticker: 'BRK.B', tab: 'trade_setup', at: '2026-03-02T15:00:00.000Z' },
    { name: 'ticker', ticker: 'SPY', tab: 'overview', at: null },
    { name: 'rankings', tab: 'screeners' },
    { name: 'alerts', tab: 'rules' },
    { name: 'history', ticker: 'SPY', a: '2026-03-02T15:00:00.000Z', b: null },
    { name: 'settings', section: null },
    { name: 'settings', section: 'data-source' },
  ])('%o', (route) => {
    expect(parseRoute(href(route))).toEqual(route);
  });

  it('links a ticker at a snapshot', () => {
    expect(tickerHref('SPY', { at: '2026-03-02T15:00:00Z' })).toBe(
      '#/ticker/SPY/overview?at=2026-03-02T15%3A00%3A00Z',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { alertRoute } from '../../../electron/logic/alert-route.ts';
import { parseRoute } from '../../../src/renderer/lib/routes.ts';

describe('alertRoute', () => {
  it.each([
    ['SPY', '2026-11-20T15:35:00.000Z'],
    ['BRK.B', '2026-01-02T21:00:00.000Z'],
  ])('opens %s at the alert snapshot, in a route the renderer understands', (ticker, asof) => {
    expect(parseRoute(alertRoute({ ticker, asof }))).toEqual({
      name: 'ticker',
      ticker,
      tab: 'overview',
      at: asof,
    });
  });

  it('opens the alert history for a ranking alert with no ticker', () => {
    expect(parseRoute(alertRoute({ ticker: null, asof: '2026-11-20T15:35:00.000Z' }))).toEqual({
      name: 'alerts',
      tab: 'history',
    });
  });
});

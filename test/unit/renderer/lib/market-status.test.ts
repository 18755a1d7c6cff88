import { describe, expect, it } from 'vitest';
import { marketStatus } from '../../../../src/renderer/lib/market-status.ts';

// Mon 2026-03-02: 09:30–16:00 ET is 14:30–21:00Z.
const market = {
  open: false,
  sessionOpen: '2026-03-02T14:30:00.000Z',
  sessionClose: '2026-03-02T21:00:00.000Z',
  earlyClose: false,
};

describe('marketStatus: the header follows the market clock between app:info reads', () => {
  it.each([
    ['before the open', '2026-03-02T14:29:00Z', { open: false, verb: 'opens', at: market.sessionOpen }],
    ['at the open', '2026-03-02T14:30:00Z', { open: true, verb: 'closes', at: market.sessionClose }],
    ['mid-session', '2026-03-02T18:00:00Z', { open: true, verb: 'closes', at: market.sessionClose }],
    ['at the close', '2026-03-02T21:00:00Z', { open: false, verb: 'closed', at: market.sessionClose }],
  ])('%s', (_name, now, status) => {
    expect(marketStatus(market, Date.parse(now))).toEqual(status);
  });
});

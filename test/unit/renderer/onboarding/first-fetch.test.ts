import { describe, expect, it } from 'vitest';
import { firstFetchProgress } from '../../../../src/renderer/features/onboarding/first-fetch.ts';
import type { TickerRow } from '../../../../src/shared/bridge/tickers.ts';

type Status = TickerRow['status'];
const rows = (...statuses: Status[]) => statuses.map((status) => ({ status }));
const running = { paused: false, state: 'running' as const };

describe('first-fetch progress', () => {
  it.each([
    ['nothing in yet', rows('pending', 'pending', 'pending', 'pending'), 0, 4, 0],
    ['one in', rows('ok', 'pending', 'pending', 'pending'), 1, 4, 25],
    ['failures count as answered', rows('ok', 'error', 'unknown_ticker', 'pending'), 3, 4, 75],
    ['rounded percent', rows('ok', 'pending', 'pending'), 1, 3, 33],
  ])('%s: %i of %i, %i %%', (_, given, done, total, percent) => {
    const p = firstFetchProgress(given, running);
    expect(p).toMatchObject({ done, total, percent, stalled: false });
    expect(p?.text).toBe(`Fetching first snapshots: ${done} of ${total} tickers in…`);
  });

  it.each([
    ['every row in', rows('ok', 'ok', 'error')],
    ['no rows yet', null],
    ['an empty list', rows()],
  ])('is hidden when %s', (_, given) => {
    expect(firstFetchProgress(given, running)).toBeNull();
  });

  it.each([
    [
      { paused: true, state: 'paused' as const },
      'Polling is paused: 1 of 2 tickers in. Resume it to fetch the rest.',
    ],
    [
      { paused: false, state: 'offline' as const },
      'The data source does not answer: 1 of 2 tickers in. Retrying…',
    ],
  ])('says why it does not move (%j)', (poll, text) => {
    expect(firstFetchProgress(rows('ok', 'pending'), poll)).toMatchObject({ stalled: true, text });
  });

  it('speaks of one ticker in the singular', () => {
    expect(firstFetchProgress(rows('pending'), null)?.text).toBe(
      'Fetching first snapshots: 0 of 1 ticker in…',
    );
  });
});

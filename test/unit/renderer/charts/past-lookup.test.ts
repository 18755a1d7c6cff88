// The overlays' lookup (charts/overlays/past-lookup.ts) against a fake bridge: which stored
// snapshot an overlay draws, the next nearest when an answer comes from outside the session, and
// "none" when the session has nothing that fits.
import { describe, expect, it } from 'vitest';
import type { BridgeClient } from '../../../../src/renderer/lib/bridge-client.ts';
import { findPast, type PastLookup } from '../../../../src/renderer/features/charts/overlays/past-lookup.ts';

const SHOWN = '2026-03-03T15:00:00.000Z'; // Tuesday 10:00 ET: yesterday is Monday's session

/**
 * A bridge whose timeline lists `stored` within the asked range; the lookup answers as of `at`,
 * except that `stale` instants answer with an older snapshot (as an options_volume of another
 * expiration can).
 */
function fake(stored: string[], stale: string[] = [], failTimeline = false) {
  const timelineInputs: Record<string, unknown>[] = [];
  const bridge = {
    async invoke(method: string, input: Record<string, unknown>) {
      if (method !== 'ticker:timeline') throw new Error(`unexpected ${method}`);
      if (failTimeline) throw new Error('the app is offline');
      timelineInputs.push(input);
      const from = Date.parse(input['from'] as string);
      const to = Date.parse(input['to'] as string);
      const entries = stored
        .filter((t) => Date.parse(t) >= from && Date.parse(t) <= to)
        .map((asof) => ({ asof, endpoints: ['market_structure'] }));
      return { ticker: input['ticker'], entries, truncated: false, thinned: [] };
    },
    on: () => () => undefined,
    onConnection: () => () => undefined,
  } as unknown as BridgeClient;
  const fetched: string[] = [];
  const lookup: PastLookup<string> = {
    endpoint: 'market_structure',
    fetch: async (_b, ticker, at) => {
      fetched.push(at);
      const asof = stale.includes(at) ? '2026-02-20T15:00:00.000Z' : at;
      return { value: `${ticker}@${asof}`, asof };
    },
  };
  return { bridge, lookup, fetched, timelineInputs };
}

describe('findPast', () => {
  it('the stored snapshot nearest to the same time in the session before', async () => {
    const f = fake(['2026-03-02T14:40:00.000Z', '2026-03-02T16:00:00.000Z', '2026-03-03T14:50:00.000Z']);
    const result = await findPast(f.bridge, f.lookup, 'SPY', SHOWN, 'yesterday');
    expect(result).toEqual({
      status: 'ready',
      asof: '2026-03-02T14:40:00.000Z',
      session: '2026-03-02',
      value: 'SPY@2026-03-02T14:40:00.000Z',
      error: null,
    });
    expect(f.timelineInputs[0]).toMatchObject({
      ticker: 'SPY',
      endpoints: ['market_structure'],
      from: '2026-03-02T14:30:00.000Z',
      to: '2026-03-03T14:29:59.999Z',
    });
  });

  it('an answer from before the session (another key stored then): the next nearest instead', async () => {
    const f = fake(['2026-03-02T15:00:00.000Z', '2026-03-02T17:00:00.000Z'], ['2026-03-02T15:00:00.000Z']);
    const result = await findPast(f.bridge, f.lookup, 'SPY', SHOWN, 'yesterday');
    expect(f.fetched).toEqual(['2026-03-02T15:00:00.000Z', '2026-03-02T17:00:00.000Z']);
    expect(result.asof).toBe('2026-03-02T17:00:00.000Z');
  });

  it.each([
    { name: 'nothing stored in the session', stored: ['2026-02-27T20:00:00.000Z'], stale: [], fetches: 0 },
    {
      name: 'every candidate answers from outside it',
      stored: ['2026-03-02T15:00:00.000Z'],
      stale: ['2026-03-02T15:00:00.000Z'],
      fetches: 1,
    },
  ])('none, naming the session looked in: $name', async ({ stored, stale, fetches }) => {
    const f = fake(stored, stale);
    const result = await findPast(f.bridge, f.lookup, 'SPY', SHOWN, 'yesterday');
    expect(result).toMatchObject({ status: 'none', session: '2026-03-02', value: null });
    expect(f.fetched).toHaveLength(fetches);
  });

  it('a week ago looks in the session seven days before', async () => {
    const f = fake(['2026-02-24T15:05:00.000Z', '2026-03-02T15:00:00.000Z']);
    const result = await findPast(f.bridge, f.lookup, 'SPY', SHOWN, 'week');
    expect(result).toMatchObject({
      status: 'ready',
      asof: '2026-02-24T15:05:00.000Z',
      session: '2026-02-24',
    });
  });

  it.each([
    { name: 'no snapshot shown', ticker: 'SPY', shown: null },
    { name: 'no ticker', ticker: '', shown: SHOWN },
  ])('none without asking: $name', async ({ ticker, shown }) => {
    const f = fake(['2026-03-02T15:00:00.000Z']);
    expect((await findPast(f.bridge, f.lookup, ticker, shown, 'yesterday')).status).toBe('none');
    expect(f.timelineInputs).toHaveLength(0);
  });

  it('a failed call is an error with its message, not a none', async () => {
    const f = fake([], [], true);
    const result = await findPast(f.bridge, f.lookup, 'SPY', SHOWN, 'yesterday');
    expect(result).toMatchObject({ status: 'error', error: 'the app is offline', session: '2026-03-02' });
  });
});

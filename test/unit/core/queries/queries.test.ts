import { afterEach, describe, expect, it } from 'vitest';
import { toBridgeDelivery } from '../../../../src/core/queries/alerts.ts';
import { nextFire, nextRunAt } from '../../../../src/core/poller/next-run.ts';
import { toBridgeRun } from '../../../../src/core/queries/poll-status.ts';
import { filtersToQuery } from '../../../../src/core/queries/ranking-lists.ts';
import { windowStart } from '../../../../src/core/queries/series.ts';
import { isStale } from '../../../../src/core/queries/snapshot-meta.ts';
import { tickerRows } from '../../../../src/core/queries/ticker-rows.ts';
import { openDatabase, type Store } from '../../../../src/core/store/database.ts';
import { at } from '../../../support/watcher-factory.ts';

const stores: Store<unknown>[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) if (s.isOpen) s.close();
});

describe('small query helpers', () => {
  it.each([
    ['30d', '2025-03-10', '2025-02-08'],
    ['2w', '2025-03-10', '2025-02-24'],
    ['6m', '2025-03-10', '2024-09-08'], // 6 × 30.4375 days, rounded: 183
    ['2y', '2025-03-10', '2023-03-10'],
  ])('windowStart(%s) from %s', (window, today, start) => {
    expect(windowStart(window, today)).toBe(start);
  });

  it('windowStart refuses what is not a window', () => {
    expect(() => windowStart('forever', '2025-03-10')).toThrow(/not a window/);
  });

  it.each([
    ['open, fresh', at('2025-03-10', '11:00'), at('2025-03-10', '10:45'), false],
    ['open, old', at('2025-03-10', '11:00'), at('2025-03-10', '10:00'), true],
    ['closed, has the close', at('2025-03-10', '20:00'), at('2025-03-10', '16:00'), false],
    ['closed, missed the close', at('2025-03-10', '20:00'), at('2025-03-10', '13:00'), true],
    ['weekend, has Friday close', at('2025-03-08', '12:00'), at('2025-03-07', '15:59'), false],
  ])('isStale: %s', (_name, now, asof, stale) => {
    expect(isStale(asof, now)).toBe(stale);
  });

  it.each([
    ['*/5 * * * *', at('2025-03-10', '11:02'), at('2025-03-10', '11:05')],
    ['30 16 * * 1-5', at('2025-03-07', '17:00'), at('2025-03-10', '16:30')],
    ['bad cron', at('2025-03-10', '11:00'), null],
  ])('nextFire(%s)', (expr, after, next) => {
    expect(nextFire(expr, after)).toBe(next);
  });

  // A chain folder's clock is its newest file (a Sunday of 2023) while cron fires on the wall clock.
  const folderClock = at('2023-05-14', '18:00');
  it.each([
    [
      'a folder: the wall clock, not the files',
      'wall',
      at('2025-03-10', '11:02'),
      folderClock,
      0,
      at('2025-03-10', '11:05'),
    ],
    [
      'the real-time market',
      'wall',
      at('2025-03-10', '11:02'),
      at('2025-03-10', '11:02'),
      1,
      at('2025-03-10', '11:05'),
    ],
    // 300×: three market minutes away are 0.6 s of wall time.
    [
      'a fast clock',
      'market',
      at('2025-03-10', '01:00'),
      at('2025-03-10', '11:02'),
      300,
      at('2025-03-10', '01:00') + 600,
    ],
    [
      'a clock moved by hand',
      'market',
      at('2025-03-10', '01:00'),
      at('2025-03-10', '11:02'),
      0,
      at('2025-03-10', '11:05'),
    ],
  ] as const)('nextRunAt: %s', (_name, firesOn, wallNow, marketNow, rate, next) => {
    expect(nextRunAt('*/5 * * * *', { firesOn, wallNow, marketNow, rate })).toBe(next);
  });

  it('filters become the query the API would have received', () => {
    expect([
      ...filtersToQuery({ limit: 5, regime: ['range_bound', 'flush_panic'], iv_rank_min: 30 }),
    ]).toEqual([
      ['limit', '5'],
      ['regime', 'range_bound,flush_panic'],
      ['iv_rank_min', '30'],
    ]);
    expect(filtersToQuery(undefined).size).toBe(0);
  });

  it.each([
    ['desktop', ['desktop', null]],
    ['in_app', ['in_app', null]],
    ['webhook:ops', ['webhook', 'ops']],
  ])('delivery channel %s', (channel, [kind, target]) => {
    const d = toBridgeDelivery({
      eventId: 1,
      channel,
      state: 'sent',
      attempts: 1,
      lastError: null,
      updatedAt: 0,
      quietHours: null,
      digestUntil: null,
    });
    expect([d.channel, d.target]).toEqual([kind, target]);
  });

  it('poll runs of unknown jobs are left out of the bridge view', () => {
    const run = {
      id: 1,
      job: 'mystery',
      startedAt: 0,
      finishedAt: 1,
      durationMs: 1,
      requests: 0,
      notModified: 0,
      bytes: 0,
      errors: 0,
      detail: null,
    };
    expect(toBridgeRun(run)).toBeNull();
    expect(
      toBridgeRun({ ...run, job: 'signals', errors: 2, detail: { errors: ['signals SPY: boom'] } })?.error,
    ).toBe('signals SPY: boom');
    // A capped Retry-After is said in the poll status, from the run's stored notes.
    const note = 'signals SPY: rate limited: the server asked to wait 24 h; waiting 5 min';
    expect(toBridgeRun({ ...run, job: 'signals', detail: { notes: [note] } })?.note).toBe(note);
    expect(toBridgeRun({ ...run, job: 'signals', detail: { errors: [] } })?.note).toBeNull();
  });
});

describe('tickerRows', () => {
  function store() {
    const s = openDatabase(':memory:');
    stores.push(s);
    return s;
  }
  const sig = (minutes: number, fields: Record<string, unknown>) => ({
    endpoint: 'signals',
    ticker: 'SPY',
    asof: at('2025-03-10', '10:00') + minutes * 60_000,
    data: { ticker: 'SPY', price: 500, gamma_regime: 'positive', regime_label: 'range_bound', ...fields },
  });

  it('a row from the latest signals and structure, with what changed since the previous snapshot', () => {
    const s = store();
    s.snapshots.ingest([
      sig(0, { iv_rank: 40 }),
      sig(5, { iv_rank: 40, price: 505, gamma_regime: 'negative', regime_label: 'nonsense' }),
      {
        endpoint: 'market_structure',
        ticker: 'SPY',
        asof: at('2025-03-10', '10:05'),
        data: {
          key_levels: { spot: 505, plus_1sigma_1d: 510 },
          supporting_factors: { expected_move_pct_1d: 0.99 },
        },
      },
    ]);
    const [row] = tickerRows({ store: s, marketNow: at('2025-03-10', '10:10'), tickerError: () => null }, [
      'SPY',
    ]);
    expect(row).toMatchObject({
      ticker: 'SPY',
      status: 'ok',
      price: 505,
      gamma_regime: 'negative',
      regime_label: null, // not a RegimeLabel: shown as unknown rather than passed on
      expected_move_1d: 5,
      expected_move_1d_pct: 0.99,
      stale: false,
    });
    expect(row?.changed).toEqual(
      expect.arrayContaining(['price', 'gamma_regime', 'regime_label', 'expected_move_1d']),
    );
    expect(row?.changed).not.toContain('iv_rank');
  });

  // The row's gamma is the card's gamma tone (TSLA/AMD read "n/a" beside "dealers heavily long
  // gamma"), and its distance to flip is positive when the flip is above spot.
  it.each([
    [
      'tone wins over the flip regime',
      { gamma_regime: 'unknown', gex_flip: null },
      'strong_positive',
      'positive',
    ],
    ['short tone', { gamma_regime: 'positive', gex_flip: 490 }, 'negative', 'negative'],
    ['no tone: the spec regime', { gamma_regime: 'negative', gex_flip: 510 }, null, 'negative'],
  ])('gamma: %s', (_, fields, tone, expected) => {
    const s = store();
    s.snapshots.ingest([
      sig(0, fields),
      {
        endpoint: 'market_structure',
        ticker: 'SPY',
        asof: at('2025-03-10', '10:00'),
        data: {
          drivers: { gamma_tone: tone ? { state: tone, label: 'x' } : null },
          key_levels: { spot: 500 },
        },
      },
    ]);
    const [row] = tickerRows({ store: s, marketNow: at('2025-03-10', '10:05'), tickerError: () => null }, [
      'SPY',
    ]);
    expect(row?.gamma_regime).toBe(expected);
  });

  it.each([
    ['flip above, stored as spot − flip', 509, -1.8, 1.8],
    ['flip above, stored as flip − spot', 509, 1.8, 1.8],
    ['flip below', 491, 1.8, -1.8],
  ])('distance to flip: %s', (_, flip, stored, expected) => {
    const s = store();
    s.snapshots.ingest([sig(0, { gex_flip: flip, dist_to_gex_flip_pct: stored })]);
    const [row] = tickerRows({ store: s, marketNow: at('2025-03-10', '10:05'), tickerError: () => null }, [
      'SPY',
    ]);
    expect(row?.dist_to_gex_flip_pct).toBe(expected);
  });

  it.each([
    [null, 'pending'],
    [{ kind: 'not_found', message: '404' }, 'unknown_ticker'],
    [{ kind: 'network', message: 'down' }, 'error'],
  ])('without data the status says why (%j)', (failure, status) => {
    const [row] = tickerRows({ store: store(), marketNow: 0, tickerError: () => failure }, ['ZZZ']);
    expect(row).toMatchObject({ status, price: null, asof: null, changed: [] });
  });
});

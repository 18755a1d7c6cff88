// The price-and-levels query over a real SQLite file: which stored market-structure snapshots it
// reads (the window's, the active source's, evenly thinned to the cap, first and last kept), how
// each becomes a point (missing levels null, a body without spot left out), the daily closes
// beside them, and where each window starts. The query's fast path (ids listed alone, the chosen
// bodies read in one statement, key levels checked by hand) is held to the path it replaced
// (instants, byId per snapshot, keyLevelsSchema) on a store of mixed bodies.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import {
  levelsHistory,
  levelsHistoryRows,
  levelsPointOf,
  windowFirstDate,
} from '../../../../src/core/queries/levels-history.ts';
import { sampleEvenly } from '../../../../src/core/queries/replay-frames.ts';
import { isKeyLevels } from '../../../../src/core/store/key-levels.ts';
import { keyLevelsSchema } from '../../../../src/shared/api/market-structure.ts';
import type { LevelsPoint } from '../../../../src/shared/bridge/levels-history.ts';
import { levelsHistoryOutputSchema } from '../../../../src/shared/bridge/levels-history.ts';
import { type IsoDate } from '../../../../src/shared/market-calendar.ts';
import type { Store } from '../../../../src/core/store/database.ts';
import { marketStructurePayload, tempStore } from '../../../support/store-factory.ts';
import { at } from '../../../support/ny-time.ts';

const DAY: IsoDate = '2026-11-24';
const iso = (ms: number) => new Date(ms).toISOString();

const keyLevels = (spot: number, extra: Record<string, unknown> = {}) => ({
  key_levels: {
    spot,
    gamma_flip: spot - 5,
    plus_1sigma_1d: spot + 3,
    minus_1sigma_1d: spot - 3,
    plus_1sigma_1w: null,
    minus_1sigma_1w: null,
    plus_1sigma_1m: null,
    minus_1sigma_1m: null,
    call_wall: spot + 10,
    put_wall: spot - 10,
    max_pain: spot,
    ...extra,
  },
});

function putStructure(store: Store, ticker: string, asof: number, data: unknown): void {
  store.snapshots.ingest([{ endpoint: 'market_structure', ticker, params: {}, asof, data }]);
}

/** Snapshots every 10 minutes from 09:30, spot 500 + i. */
function polls(store: Store, n: number, date: IsoDate = DAY): number[] {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = at(date, '09:30') + i * 10 * 60_000;
    putStructure(store, 'SPY', t, keyLevels(500 + i));
    times.push(t);
  }
  return times;
}

describe('levelsHistoryRows', () => {
  let s: ReturnType<typeof tempStore>;
  beforeEach(() => {
    s = tempStore();
  });
  afterEach(() => s.cleanup());

  it.each<[string, number, number, number[]]>([
    ['fits under the cap: every snapshot', 3, 5, [0, 1, 2]],
    ['exactly the cap', 4, 4, [0, 1, 2, 3]],
    ['ten into four, first and last kept', 10, 4, [0, 3, 6, 9]],
    ['seven into three', 7, 3, [0, 3, 6]],
  ])('%s', (_name, n, cap, kept) => {
    const times = polls(s.store, n);
    const out = levelsHistoryRows(s.store, {
      ticker: 'SPY',
      from: at(DAY, '00:00'),
      to: at(DAY, '23:59'),
      cap,
    });
    expect(out.points.map((p) => p.asof)).toEqual(kept.map((i) => iso(times[i] as number)));
    expect(out.points.map((p) => p.spot)).toEqual(kept.map((i) => 500 + i));
    expect(out.total).toBe(n);
    expect(out.truncated).toBe(n > cap);
  });

  it('keeps the bounds inclusive and other tickers out', () => {
    const times = polls(s.store, 5);
    putStructure(s.store, 'QQQ', times[2] as number, keyLevels(400));
    const out = levelsHistoryRows(s.store, {
      ticker: 'SPY',
      from: times[1] as number,
      to: times[3] as number,
    });
    expect(out.points.map((p) => p.spot)).toEqual([501, 502, 503]);
  });

  it('reads the active data source only', () => {
    s.store.useSource('sim:a');
    polls(s.store, 3);
    s.store.useSource('folder:b');
    putStructure(s.store, 'SPY', at(DAY, '12:00'), keyLevels(777));
    const window = { ticker: 'SPY', from: at(DAY, '00:00'), to: at(DAY, '23:59') };
    expect(levelsHistoryRows(s.store, window).points.map((p) => p.spot)).toEqual([777]);
    s.store.useSource('sim:a');
    expect(levelsHistoryRows(s.store, window).points.map((p) => p.spot)).toEqual([500, 501, 502]);
  });

  it.each(['asc', 'desc'] as const)(
    'lists instants as range lists snapshots (%s), bodies untouched',
    (order) => {
      polls(s.store, 6);
      putStructure(s.store, 'QQQ', at(DAY, '10:00'), keyLevels(400));
      const query = { endpoint: 'market_structure', ticker: 'SPY', from: at(DAY, '09:40'), order, limit: 3 };
      expect(s.store.snapshots.instants(query)).toEqual(
        s.store.snapshots.range(query).map((r) => ({ id: r.id, asof: r.asof })),
      );
      expect(s.store.snapshots.instants(query)).toHaveLength(3);
    },
  );

  it.each(['asc', 'desc'] as const)('lists ids as instants lists them (%s)', (order) => {
    polls(s.store, 6);
    putStructure(s.store, 'QQQ', at(DAY, '10:00'), keyLevels(400));
    const query = { endpoint: 'market_structure', ticker: 'SPY', from: at(DAY, '09:40'), order, limit: 3 };
    expect(s.store.snapshots.ids(query)).toEqual(s.store.snapshots.instants(query).map((r) => r.id));
  });

  it("reads bodies by id as byId does, in the order given, the active source's only", () => {
    s.store.useSource('sim:a');
    polls(s.store, 4);
    const other = s.store.snapshots.instants({ endpoint: 'market_structure', ticker: 'SPY', limit: 10 });
    s.store.useSource('folder:b');
    putStructure(s.store, 'SPY', at(DAY, '12:00'), { headline: 'no levels' });
    putStructure(s.store, 'SPY', at(DAY, '12:10'), keyLevels(600));
    s.store.compactPayloads({ maxRows: 1 });
    const mine = s.store.snapshots.ids({ endpoint: 'market_structure', ticker: 'SPY', order: 'asc' });
    const ids = [mine[1] as number, ...other.map((o) => o.id), 99_999, mine[0] as number];
    expect(s.store.snapshots.dataOf(ids)).toEqual(
      [mine[1], mine[0]].map((id) => {
        const snap = s.store.snapshots.byId(id as number);
        return { id: snap?.id, asof: snap?.asof, data: snap?.data };
      }),
    );
    expect(s.store.snapshots.dataOf([])).toEqual([]);
    expect(() => s.store.snapshots.dataOf([0])).toThrow(/snapshot ids/);
    expect(() => s.store.snapshots.dataOf([1.5])).toThrow(/snapshot ids/);
  });

  it.each<[string, number, boolean]>([
    ['every snapshot (under the bound)', 2000, false],
    ['thinned to a bound', 7, false],
    // A store from before the levels were kept beside each snapshot: those bodies are decoded.
    ['every snapshot, half stored before levels were kept', 2000, true],
    ['thinned to a bound, half stored before levels were kept', 7, true],
  ])('answers as the path it replaced: %s', (_name, cap, older) => {
    // Simulated records, records without levels or with unusable ones, some compacted (brotli),
    // some still pending, and another ticker's beside them.
    const bodies: unknown[] = [];
    for (let i = 0; i < 30; i++) {
      const variant = i % 6;
      bodies.push(
        variant === 1
          ? { headline: 'no key levels' }
          : variant === 2
            ? keyLevels(500 + i, { call_wall: null, put_wall: undefined, max_pain: -1 })
            : variant === 3
              ? keyLevels(500 + i, { gamma_flip: 0 })
              : variant === 4
                ? keyLevels(500 + i, { call_wall: null, put_wall: null, max_pain: null })
                : marketStructurePayload(i, 'SPY'),
      );
    }
    bodies.forEach((data, i) => putStructure(s.store, 'SPY', at(DAY, '09:30') + i * 60_000, data));
    putStructure(s.store, 'QQQ', at(DAY, '09:45'), keyLevels(400));
    s.store.compactPayloads({ maxRows: 12 });
    if (older) {
      const raw = new Database(s.file);
      expect(raw.prepare('DELETE FROM snapshot_levels WHERE snapshot_id % 2 = 0').run().changes).toBe(15);
      raw.close();
    }
    const query = { ticker: 'SPY', from: at(DAY, '09:31'), to: at(DAY, '23:59'), cap };

    // The path it replaced, as it was written.
    const listed = s.store.snapshots.instants({
      endpoint: 'market_structure',
      params: {},
      ticker: 'SPY',
      from: query.from,
      to: query.to,
      order: 'asc',
      limit: 100_000,
    });
    const chosen = sampleEvenly(listed, cap);
    const finite = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
    const points: LevelsPoint[] = [];
    for (const info of chosen) {
      const snap = s.store.snapshots.byId(info.id);
      const parsed = keyLevelsSchema.safeParse((snap?.data as { key_levels?: unknown } | null)?.key_levels);
      if (!snap || !parsed.success || finite(parsed.data.spot) === null) continue;
      const k = parsed.data;
      points.push({
        asof: iso(snap.asof),
        spot: k.spot,
        gamma_flip: finite(k.gamma_flip),
        call_wall: finite(k.call_wall),
        put_wall: finite(k.put_wall),
        plus_1sigma_1d: finite(k.plus_1sigma_1d),
        minus_1sigma_1d: finite(k.minus_1sigma_1d),
      });
    }

    const out = levelsHistoryRows(s.store, query);
    expect(out.points).toEqual(points);
    expect(out.total).toBe(listed.length);
    expect(out.truncated).toBe(listed.length > chosen.length);
    // The window holds records the chart cannot use, and the bound leaves some out.
    expect(points.length).toBeLessThan(chosen.length);
    expect(out.total).toBe(29);
    if (cap < 29) expect(out.points.length).toBeLessThan(cap);
  });

  it('gives each session its latest price and flip as the close, oldest first', () => {
    s.store.metrics.put([
      { ticker: 'SPY', metric: 'price', ts: at('2026-11-20', '15:00'), value: 490 },
      { ticker: 'SPY', metric: 'price', ts: at('2026-11-20', '16:00'), value: 491 },
      { ticker: 'SPY', metric: 'gex_flip', ts: at('2026-11-20', '16:00'), value: 480 },
      { ticker: 'SPY', metric: 'price', ts: at('2026-11-23', '16:00'), value: 495 },
      // A flip without a price is not a close.
      { ticker: 'SPY', metric: 'gex_flip', ts: at('2026-11-19', '16:00'), value: 470 },
    ]);
    const out = levelsHistoryRows(s.store, {
      ticker: 'SPY',
      from: at('2026-11-19', '00:00'),
      to: at(DAY, '23:59'),
    });
    expect(out.closes).toEqual([
      { date: '2026-11-20', price: 491, gex_flip: 480 },
      { date: '2026-11-23', price: 495, gex_flip: null },
    ]);
  });
});

describe('levelsPointOf', () => {
  const t = at(DAY, '10:00');
  it.each<[string, unknown, Record<string, unknown> | null]>([
    [
      'every level',
      keyLevels(500),
      {
        spot: 500,
        gamma_flip: 495,
        call_wall: 510,
        put_wall: 490,
        plus_1sigma_1d: 503,
        minus_1sigma_1d: 497,
      },
    ],
    [
      'no flip, no walls (a record of another service)',
      {
        key_levels: {
          ...keyLevels(500).key_levels,
          gamma_flip: null,
          call_wall: undefined,
          put_wall: undefined,
        },
      },
      {
        spot: 500,
        gamma_flip: null,
        call_wall: null,
        put_wall: null,
        plus_1sigma_1d: 503,
        minus_1sigma_1d: 497,
      },
    ],
    ['no key levels', { headline: 'x' }, null],
    ['no spot', { key_levels: { ...keyLevels(500).key_levels, spot: null } }, null],
    ['not an object', null, null],
  ])('%s', (_name, data, expected) => {
    const point = levelsPointOf(t, data);
    expect(point).toEqual(expected === null ? null : { asof: iso(t), ...expected });
  });
});

describe('isKeyLevels', () => {
  // Every field takes each kind of value in turn, the others left valid: the hand check must
  // agree with keyLevelsSchema on each.
  const values: unknown[] = [
    1,
    450.25,
    0,
    -3,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    null,
    undefined,
    '500',
    true,
    {},
    [],
    [500],
  ];
  const base = keyLevels(500).key_levels;
  const fields = [...Object.keys(base), 'extra'];
  it.each(fields)('agrees with keyLevelsSchema on %s', (field) => {
    for (const value of values) {
      const present = { ...base, [field]: value };
      expect(isKeyLevels(present), `${field}=${String(value)}`).toBe(
        keyLevelsSchema.safeParse(present).success,
      );
      const absent: Record<string, unknown> = { ...base };
      delete absent[field];
      expect(isKeyLevels(absent), `${field} absent`).toBe(keyLevelsSchema.safeParse(absent).success);
    }
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['undefined', undefined],
    ['an array', [base]],
    ['a number', 500],
    ['a string', 'levels'],
    ['an empty object', {}],
    ['a simulated record', (marketStructurePayload(3, 'SPY') as { key_levels: unknown }).key_levels],
  ])('agrees with keyLevelsSchema on %s', (_name, value) => {
    expect(isKeyLevels(value)).toBe(keyLevelsSchema.safeParse(value).success);
  });
});

describe('windowFirstDate', () => {
  it.each<[string, '1d' | '5d' | '1m' | '6m', IsoDate, IsoDate]>([
    ['today is its own day', '1d', '2026-11-24', '2026-11-24'],
    ['five sessions back from a Tuesday cross the weekend', '5d', '2026-11-24', '2026-11-18'],
    [
      'five sessions from a Saturday end on its Friday (27, 25, 24, 23, 20)',
      '5d',
      '2026-11-28',
      '2026-11-20',
    ],
    // Thanksgiving (Thu 26 Nov 2026) is no session.
    ['five sessions skip a holiday', '5d', '2026-11-30', '2026-11-23'],
    ['a month', '1m', '2026-11-24', '2026-10-25'],
    ['six months (183 days, as the series windows count them)', '6m', '2026-11-24', '2026-05-25'],
  ])('%s', (_name, window, end, first) => {
    expect(windowFirstDate(window, end)).toBe(first);
  });
});

describe('levelsHistory', () => {
  let s: ReturnType<typeof tempStore>;
  beforeEach(() => {
    s = tempStore();
  });
  afterEach(() => s.cleanup());
  const now = at('2026-11-25', '12:00');

  it('ends at the newest stored snapshot, and answers the bridge schema', () => {
    const times = polls(s.store, 4);
    const out = levelsHistory(s.store, { ticker: 'SPY', window: '1d' }, now);
    expect(levelsHistoryOutputSchema.parse(out)).toEqual(out);
    expect(out.from).toBe(iso(at(DAY, '00:00')));
    expect(out.to).toBe(iso(times[3] as number));
    expect(out.points).toHaveLength(4);
  });

  it('ends at a history-review time: nothing after it', () => {
    const times = polls(s.store, 4);
    const out = levelsHistory(s.store, { ticker: 'SPY', window: '1d', at: iso(times[1] as number) }, now);
    expect(out.points.map((p) => p.spot)).toEqual([500, 501]);
  });

  it('says when nothing is stored', () => {
    expect(levelsHistory(s.store, { ticker: 'IWM', window: '5d' }, now)).toEqual({
      ticker: 'IWM',
      window: '5d',
      from: null,
      to: null,
      points: [],
      total: 0,
      truncated: false,
      closes: [],
    });
  });
});

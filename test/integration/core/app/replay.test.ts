// Replay over a real app (local simulated market, real SQLite, the validating bridge boundary): the
// frames of a stored day and week are the instants the poller stored curves or levels, each frame
// is what was stored at or before it (never later), the days list the stored ones, and a batch
// stays within its bound. A batch whose frames share stored snapshots (each read and parsed once)
// answers exactly as the path before that, which read and parsed every part of every frame.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../../../src/core/bridge/dispatch.ts';
import { curveRequest } from '../../../../src/core/queries/curve-views.ts';
import { replayFrames } from '../../../../src/core/queries/replay-frames.ts';
import { snapshotMeta } from '../../../../src/core/queries/snapshot-meta.ts';
import { payload } from '../../../../src/core/queries/ticker-views.ts';
import type { Store } from '../../../../src/core/store/database.ts';
import { REPLAY_MAX_BATCH, replayFrameSchema } from '../../../../src/shared/bridge/replay.ts';
import { storedView, type SeriesIdentity } from '../../../../src/shared/stored-views.ts';
import { at, startWatcher, tempDataDir, type TestWatcher } from '../../../support/watcher-factory.ts';

const MON = '2025-03-10';
const TUE = '2025-03-11';
/** Polls of the curves and market-structure jobs, New York time. */
const POLLS: [string, string][] = [
  [MON, '10:00'],
  [MON, '10:30'],
  [MON, '11:00'],
  [TUE, '10:00'],
  [TUE, '10:30'],
];
const iso = (ms: number) => new Date(ms).toISOString();

/** The frames as replayFrames gave them before it shared snapshots: every part of every frame read. */
function framesReadOneByOne(store: Store<unknown>, ticker: string, times: string[]) {
  const gammaKey = curveRequest({ ticker, kind: 'gamma', exp: 'combined' });
  const gexKey = curveRequest({ ticker, kind: 'gex_by_strike', exp: 'combined' });
  const shape = replayFrameSchema.shape;
  return times.map((at) => {
    const atMs = Date.parse(at);
    type Key = Pick<SeriesIdentity, 'endpoint' | 'params'>;
    const find = ({ endpoint, params }: Key) =>
      store.snapshots.latestAtOrBefore({ endpoint, ticker, params }, atMs);
    const curve = <T>(key: Key, parse: (d: unknown) => T) => {
      const snap = find(key);
      const data = snap ? parse(snap.data) : null;
      return { snapshot: snap && data !== null ? snapshotMeta(snap, atMs) : null, data };
    };
    const structure = find(storedView('market_structure'));
    const levels = find(storedView('levels'));
    const record = structure?.data as { key_levels?: unknown; zero_dte?: unknown } | null | undefined;
    const zeroDte =
      record?.zero_dte === null
        ? null
        : (payload(shape.zeroDte.unwrap().unwrap(), record?.zero_dte) ?? undefined);
    return {
      at,
      ...(zeroDte === undefined ? {} : { zeroDte }),
      gamma: curve(gammaKey, (d) => payload(shape.gamma.shape.data.unwrap(), d)),
      expirations: curve(storedView('curve_gamma_expirations'), (d) =>
        payload(shape.expirations.shape.data.unwrap(), d),
      ),
      gex: curve(gexKey, (d) => payload(shape.gex.shape.data.unwrap(), d)),
      keyLevels: structure ? payload(shape.keyLevels.unwrap(), record?.key_levels) : null,
      levels: levels
        ? payload(shape.levels.unwrap(), (levels.data as { levels?: unknown } | null)?.levels)
        : null,
    };
  });
}

describe('replay:times and replay:frames', () => {
  const tmp = tempDataDir('gw-replay-');
  let w: TestWatcher;

  beforeAll(async () => {
    w = await startWatcher({ dataDir: tmp.dir, start: at(MON, '09:45') });
    w.app.store.watchlists.create('Main', ['SPY']);
    for (const [date, time] of POLLS) {
      w.clock.set(at(date, time));
      const runs = await w.app.poller.runAll({ jobs: ['curves', 'market_structure'] });
      expect(runs.reduce((n, r) => n + r.errors, 0)).toBe(0);
    }
  }, 120_000);

  afterAll(async () => {
    await w.app.stop();
    tmp.cleanup();
  });

  it('lists the stored days, newest first, and the latest day by default', async () => {
    const times = await w.invoke('replay:times', { ticker: 'spy' });
    expect(times.days).toEqual([TUE, MON]);
    expect(times).toMatchObject({ ticker: 'SPY', span: 'day', date: TUE, truncated: false });
    expect(times.times).toEqual([iso(at(TUE, '10:00')), iso(at(TUE, '10:30'))]);
    expect(times.total).toBe(2);
  });

  it.each([
    ['a day', 'day', MON, [`${MON} 10:00`, `${MON} 10:30`, `${MON} 11:00`]],
    ['the week holding a Wednesday', 'week', '2025-03-12', POLLS.map(([d, t]) => `${d} ${t}`)],
    ['a day with nothing stored', 'day', '2025-03-07', []],
  ] as const)('frames of %s', async (_name, span, date, expected) => {
    const times = await w.invoke('replay:times', { ticker: 'SPY', span, date });
    expect(times.date).toBe(date);
    expect(times.times).toEqual(
      expected.map((s) => {
        const [d, t] = s.split(' ') as [string, string];
        return iso(at(d, t));
      }),
    );
  });

  it('gives each frame what was stored at or before it, curves and levels together', async () => {
    const { times } = await w.invoke('replay:times', { ticker: 'SPY', span: 'week', date: MON });
    const { frames } = await w.invoke('replay:frames', { ticker: 'SPY', times });
    expect(frames.map((f) => f.at)).toEqual(times);
    for (const frame of frames) {
      for (const curve of [frame.gamma, frame.expirations, frame.gex]) {
        expect(curve.data?.points.length).toBeGreaterThan(0);
        expect(Date.parse(curve.snapshot?.asof ?? '')).toBeLessThanOrEqual(Date.parse(frame.at));
      }
      expect(frame.keyLevels?.spot).toBeGreaterThan(0);
      expect(frame.levels?.length).toBeGreaterThan(0);
    }
    // The market moved between polls: the frames are not one snapshot repeated.
    expect(new Set(frames.map((f) => f.gex.data?.price)).size).toBeGreaterThan(1);
    // A frame between two polls shows the earlier one; before any poll, nothing.
    const between = iso(at(MON, '10:15'));
    const before = iso(at(MON, '09:00'));
    const [mid, none] = (await w.invoke('replay:frames', { ticker: 'SPY', times: [between, before] })).frames;
    expect(mid?.gamma.snapshot?.asof).toBe(iso(at(MON, '10:00')));
    expect(none).toMatchObject({ gamma: { snapshot: null, data: null }, keyLevels: null, levels: null });
  });

  it('answers a batch whose frames share snapshots as reading every frame apart did', async () => {
    // Frames between polls stand on the poll before them; the first stands on nothing.
    const times = [
      at(MON, '09:00'),
      at(MON, '10:00'),
      at(MON, '10:05'),
      at(MON, '10:15'),
      at(MON, '10:30'),
      at(MON, '10:45'),
      at(MON, '10:46'),
      at(MON, '12:00'),
      at(TUE, '10:00'),
      at(TUE, '16:00'),
    ].map(iso);
    const expected = framesReadOneByOne(w.app.store, 'SPY', times);
    const direct = replayFrames(
      { store: w.app.store },
      { ticker: 'SPY', times, gammaExp: 'combined', gexExp: 'combined' },
    );
    expect(direct.frames).toEqual(expected);
    expect(JSON.stringify(direct.frames)).toBe(JSON.stringify(expected));
    expect(new Set(expected.map((f) => f.gamma.snapshot?.id)).size).toBeLessThan(times.length - 1);
    expect(await w.invoke('replay:frames', { ticker: 'SPY', times })).toEqual(direct);
  });

  it('keeps a batch bounded and answers a day of frames in a payload a trader can wait for', async () => {
    const many = Array.from({ length: REPLAY_MAX_BATCH + 1 }, () => iso(at(MON, '10:00')));
    expect(await dispatch(w.handlers, 'replay:frames', { ticker: 'SPY', times: many })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    const { frames } = await w.invoke('replay:frames', {
      ticker: 'SPY',
      times: many.slice(0, REPLAY_MAX_BATCH),
    });
    // Three whole curves per frame (~60 kB of JSON for SPY): a full batch stays under 2.5 MB.
    expect(JSON.stringify(frames).length).toBeLessThan(2_500_000);
  });

  it('answers an empty replay for a ticker with nothing stored', async () => {
    expect(await w.invoke('replay:times', { ticker: 'QQQ' })).toMatchObject({
      date: null,
      days: [],
      times: [],
      total: 0,
    });
  });
});

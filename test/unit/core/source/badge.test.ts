// What the header badge says, per source and state, and how problems are listed.
import { describe, expect, it } from 'vitest';
import { problemsOf } from '../../../../src/core/app/app-info.ts';
import { badgeText, MAX_PROBLEMS, problemLines, type BadgeState } from '../../../../src/core/source/badge.ts';

const NOW = Date.parse('2026-09-15T12:00:00Z');

describe('badgeText', () => {
  it.each<[string, BadgeState, string]>([
    ['the simulator', { kind: 'local' }, 'SIMULATED DATA'],
    ['a remote service', { kind: 'remote', host: 'api.example.com', simulated: false }, 'api.example.com'],
    [
      'a remote service serving simulated payloads',
      { kind: 'remote', host: 'api.example.com', simulated: true },
      'SIMULATED DATA',
    ],
    [
      'a chain folder (EDT)',
      { kind: 'chains', newestSnapshot: Date.parse('2026-09-14T20:31:00Z'), now: NOW },
      'Chain files as of Sep 14 16:31 ET',
    ],
    [
      'a chain folder (EST, morning)',
      { kind: 'chains', newestSnapshot: Date.parse('2026-01-05T14:35:00Z'), now: NOW },
      'Chain files as of Jan 5 09:35 ET',
    ],
    [
      'a chain folder of another year',
      { kind: 'chains', newestSnapshot: Date.parse('2023-08-21T02:38:00Z'), now: NOW },
      'Chain files as of Aug 20 2023 22:38 ET',
    ],
    [
      'an empty chain folder',
      { kind: 'chains', newestSnapshot: null, now: NOW },
      'Chain folder: no files yet',
    ],
    [
      'Tradier sandbox, nothing fetched yet',
      { kind: 'tradier', delayed: true, lastSuccessAt: null },
      'Tradier · 15 min delayed',
    ],
    [
      'Tradier production, nothing fetched yet',
      { kind: 'tradier', delayed: false, lastSuccessAt: null },
      'Tradier · real-time',
    ],
    [
      'Tradier sandbox after a fetch',
      { kind: 'tradier', delayed: true, lastSuccessAt: Date.parse('2026-09-14T18:05:00Z') },
      'Tradier · 15 min delayed · as of 14:05 ET',
    ],
    [
      'Tradier production after a fetch',
      { kind: 'tradier', delayed: false, lastSuccessAt: Date.parse('2026-12-01T21:00:00Z') },
      'Tradier · real-time · as of 16:00 ET',
    ],
    [
      'Cboe, nothing fetched yet',
      { kind: 'cboe', newestSnapshot: null },
      'Cboe · 15 min delayed · no chain yet',
    ],
    [
      'Cboe after a fetch: the time Cboe stamped its delayed chain',
      { kind: 'cboe', newestSnapshot: Date.parse('2026-09-14T17:50:00Z') },
      'Cboe · 15 min delayed · as of 13:50 ET',
    ],
  ])('%s', (_name, state, text) => {
    expect(badgeText(state)).toBe(text);
  });
});

describe('problemLines', () => {
  it('lists the collector first, then skipped files newest first', () => {
    expect(
      problemLines(
        [
          { file: 'a.csv', message: 'not a Cboe chain' },
          { file: 'history/TSLA.csv', message: 'no close column' },
        ],
        ['Tradier: the token was refused (401)'],
      ),
    ).toEqual([
      'Tradier: the token was refused (401)',
      'history/TSLA.csv: no close column',
      'a.csv: not a Cboe chain',
    ]);
  });

  it('names every refused file: as many lines as files refused', () => {
    const many = Array.from({ length: 25 }, (_, i) => ({ file: `f${i}.csv`, message: 'truncated' }));
    const lines = problemLines(many, []);
    expect(lines).toHaveLength(25);
    expect(lines[0]).toBe('f24.csv: truncated');
    expect(lines.at(-1)).toBe('f0.csv: truncated');
    expect(lines.some((l) => l.includes('see the log'))).toBe(false);
  });

  it.each([
    [0, 0],
    [3, 3],
    [MAX_PROBLEMS, MAX_PROBLEMS],
    [25, MAX_PROBLEMS],
  ])('app:info carries the first of %i problems (%i) and counts them all', (total, carried) => {
    const lines = Array.from({ length: total }, (_, i) => `f${i}.csv: truncated`);
    expect(problemsOf(lines)).toEqual({ problems: lines.slice(0, carried), problemCount: total });
  });

  it('is empty when all is well', () => {
    expect(problemLines([], [])).toEqual([]);
  });
});

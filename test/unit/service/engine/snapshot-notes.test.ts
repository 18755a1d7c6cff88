// The notes a chain folder adds about a file: which session it shows (closed day, before the
// open), and a partial download (quality.ts sessionNotes, partialChainNote).
import { describe, expect, it } from 'vitest';
import { partialChainNote, sessionNotes } from '../../../../src/service/engine/quality.ts';
import { sentence } from '../../../../src/service/engine/interpret/wording.ts';
import { addDays } from '../../../../src/shared/market-calendar.ts';
import { makeChain } from '../../../support/chain-factory.ts';
import { at } from '../../../support/ny-time.ts';

describe('sessionNotes', () => {
  it.each([
    [
      'a Sunday',
      at('2023-08-20', '22:38'),
      'snapshot taken on a Sunday (Sun Aug 20 2023), when the exchange was closed: its prices are the close of the Fri Aug 18 2023 session, and its daily point is that session',
    ],
    [
      'a Saturday',
      at('2025-09-13', '12:00'),
      'snapshot taken on a Saturday (Sat Sep 13 2025), when the exchange was closed: its prices are the close of the Fri Sep 12 2025 session, and its daily point is that session',
    ],
    [
      'Labor Day',
      at('2025-09-01', '12:00'),
      'snapshot taken on Labor Day (Mon Sep 1 2025), when the exchange was closed: its prices are the close of the Fri Aug 29 2025 session, and its daily point is that session',
    ],
    [
      'Good Friday',
      at('2024-03-29', '11:00'),
      'snapshot taken on Good Friday (Fri Mar 29 2024), when the exchange was closed: its prices are the close of the Thu Mar 28 2024 session, and its daily point is that session',
    ],
    [
      'before the open',
      at('2025-09-15', '05:18'),
      'snapshot taken before the open (05:18 ET on Mon Sep 15 2025): its prices are the close of the Fri Sep 12 2025 session, and its daily point is that session',
    ],
  ])('%s gets a note naming the session it shows', (_name, asof, note) => {
    expect(sessionNotes(asof)).toEqual([note]);
  });

  it.each([
    ['09:30 on a trading day', at('2025-09-15', '09:30')],
    ['15:59', at('2025-09-15', '15:59')],
    ['20:00 after the close', at('2025-09-15', '20:00')],
    ['an early close day after 13:00', at('2025-11-28', '14:00')],
  ])('%s needs no note', (_name, asof) => {
    expect(sessionNotes(asof)).toEqual([]);
  });
});

describe('partialChainNote', () => {
  const asof = at('2025-09-15', '10:00');
  /** Weekly expirations from the snapshot's Friday on. */
  const weeklies = (n: number) => Array.from({ length: n }, (_, i) => addDays('2025-09-19', 7 * i));
  const chainOf = (expirations: readonly string[]) => makeChain({ asof, expirations });
  const full = [...weeklies(8), '2025-12-19', '2026-03-20', '2026-06-18', '2026-12-18', '2027-01-15'];

  it.each([
    [
      'the nearest 11 of the usual ~30, compared with the other files',
      weeklies(11),
      [30, 32, 34],
      "partial chain: only the nearest 11 expirations (to Nov 28), where the ticker's other files list 30 to 34; put/call OI and GEX cover those only",
    ],
    [
      'a single expiration (the Cboe sample’s shape), no other files',
      weeklies(1),
      [],
      'partial chain: only the nearest expiration (Sep 19), none more than 60 days out; put/call OI and GEX cover it only',
    ],
    [
      'nothing beyond 60 days although the other files are no longer',
      weeklies(6),
      [6, 6],
      'partial chain: only the nearest 6 expirations (to Oct 24), none more than 60 days out; put/call OI and GEX cover those only',
    ],
    [
      'half the usual count, with a far expiration (the year shown when it differs)',
      [...weeklies(3), '2026-01-16'],
      [8, 8],
      "partial chain: only the nearest 4 expirations (to Jan 16 2026), where the ticker's other files list 8; put/call OI and GEX cover those only",
    ],
  ])('%s', (_name, expirations, others, note) => {
    expect(partialChainNote(chainOf(expirations), others)).toBe(note);
  });

  it.each([
    ['a full listing, no other files', full, []],
    ['a full listing like the other files', full, [12, 13, 14]],
    ['slightly fewer than usual (a weekly expired)', full, [15, 16]],
  ])('%s is not partial', (_name, expirations, others) => {
    expect(partialChainNote(chainOf(expirations), others)).toBeNull();
  });

  it('reads as a sentence once the market structure capitalises it', () => {
    const note = partialChainNote(chainOf(weeklies(2)), []) as string;
    expect(sentence(note)).toMatch(/^Partial chain: only the nearest 2 expirations \(to Sep 26\)/);
  });
});

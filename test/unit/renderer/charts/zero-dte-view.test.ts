// The 0DTE panel says "expiring today" only until the expiration settles (13:00 ET on Fri
// 2026-11-27, an early close); after that, from the record's status or, for a record taken before
// the close and still shown, from the clock, it says the expiration settled and names the next
// session's.
import { describe, expect, it } from 'vitest';
import { zeroDteView } from '../../../../src/renderer/features/charts/zero-dte/zero-dte-view.ts';
import type { ZeroDteData, ZeroDteStatusData } from '../../../../src/shared/api/market-structure.ts';
import { at } from '../../../support/watcher-factory.ts';

const FRIDAY_ZERO: ZeroDteData = {
  expiration: '2026-11-27',
  gex_usd_per_1_pct_move: -1.5e8,
  gamma_share_pct: 42,
  flip: null,
  flip_reason: 'total GEX negative across ±20 % of spot',
  call_wall: 662.5,
  put_wall: 660,
};
const SETTLED: ZeroDteStatusData = {
  state: 'settled',
  date: '2026-11-27',
  settled_expiration: '2026-11-27',
  settled_at: '2026-11-27 13:00 ET',
  next_session: '2026-11-30',
  next_expiration: '2026-11-30',
  note: "Today's 2026-11-27 expiration settled at 13:00 ET (early close): it is not 0DTE. The next session's (Mon 2026-11-30) 0DTE is the 2026-11-30 expiration.",
};
const TERM = {
  shape: 'contango',
  front_expiration: '2026-11-27',
  back_expiration: '2026-12-04',
  slope_pts: 1,
  points: ['2026-11-27', '2026-11-30', '2026-12-04'].map((expiration) => ({
    expiration,
    days: 0,
    atm_iv: 0.2,
    put_25d_iv: null,
    call_25d_iv: null,
    risk_reversal_25d_pts: null,
    butterfly_25d_pts: null,
  })),
};

describe('the 0DTE panel state', () => {
  it.each([
    {
      name: 'a 12:55 record shown at 12:58: expiring today',
      data: { zero_dte: FRIDAY_ZERO, term_structure: TERM },
      now: at('2026-11-27', '12:58'),
      kind: 'expiring',
      text: null,
    },
    {
      name: 'the same record still shown at 13:00 (the early close): settled, Monday next',
      data: { zero_dte: FRIDAY_ZERO, term_structure: TERM },
      now: at('2026-11-27', '13:00'),
      kind: 'settled',
      text: "The 2026-11-27 expiration settled at 13:00 ET, after this snapshot: it is not 0DTE any more. The next session's (2026-11-30) 0DTE is the 2026-11-30 expiration.",
    },
    {
      name: 'the same record on Sunday, as of a past time: read as it was',
      data: { zero_dte: FRIDAY_ZERO, term_structure: TERM },
      now: null,
      kind: 'expiring',
      text: null,
    },
    {
      name: 'the 13:00 record: its status says the expiration settled',
      data: { zero_dte: null, zero_dte_status: SETTLED },
      now: at('2026-11-29', '20:00'),
      kind: 'settled',
      text: SETTLED.note,
    },
    {
      name: 'a Saturday record: no session, the next one named',
      data: {
        zero_dte: null,
        zero_dte_status: {
          ...SETTLED,
          state: 'none',
          date: '2026-11-28',
          settled_expiration: null,
          settled_at: null,
          note: 'No session on Sat 2026-11-28: nothing is 0DTE. …',
        },
      },
      now: at('2026-11-28', '11:00'),
      kind: 'none',
      text: 'No session on Sat 2026-11-28: nothing is 0DTE. …',
    },
    {
      name: 'a trading day with nothing of its own listed, after its close: the plain sentence',
      data: {
        zero_dte: null,
        zero_dte_status: {
          ...SETTLED,
          state: 'none',
          date: '2025-09-10',
          settled_expiration: null,
          settled_at: null,
          next_session: '2025-09-11',
          next_expiration: null,
          note: "Today's session closed at 16:00 ET with no expiration of its own listed. …",
        },
      },
      now: at('2025-09-10', '16:15'),
      kind: 'none',
      text: 'No expiration ends today: no 0DTE figures for this snapshot.',
    },
    {
      name: 'a service without the status: the plain sentence',
      data: { zero_dte: null },
      now: at('2026-11-25', '11:00'),
      kind: 'none',
      text: 'No expiration ends today: no 0DTE figures for this snapshot.',
    },
  ])('$name', ({ data, now, kind, text }) => {
    const view = zeroDteView(data, now);
    expect(view?.kind).toBe(kind);
    if (text !== null) expect(view && 'note' in view ? view.note : null).toBe(text);
  });

  it('a record of a service without 0DTE figures shows no panel', () => {
    expect(zeroDteView({}, at('2026-11-27', '12:00'))).toBeNull();
  });
});

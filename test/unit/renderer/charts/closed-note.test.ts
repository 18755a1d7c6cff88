// The sentence under a chart drawn from a stored curve while the market is closed: its "as of"
// says the source's delay, as the chart's own "as of" does (Cboe's free quotes, Tradier's sandbox).
import { describe, expect, it } from 'vitest';
import { closedNote } from '../../../../src/renderer/features/charts/frame/closed-note.ts';
import { formatMarketTime } from '../../../../src/renderer/lib/format.ts';
import type { AppInfo } from '../../../../src/shared/bridge/app-info.ts';
import type { CurveOrigin } from '../../../../src/shared/bridge/curve-origin.ts';

const ASOF = '2026-11-27T18:00:00.000Z';
const NEXT_OPEN = '2026-11-30T14:30:00.000Z';

function source(delayedMinutes?: number): Pick<AppInfo, 'dataSource'> {
  return {
    dataSource: {
      kind: 'cboe',
      label: 'Cboe delayed quotes (15 min delayed)',
      baseUrl: null,
      badge: 'Cboe · 15 min delayed',
      problems: [],
      problemCount: 0,
      ...(delayedMinutes === undefined ? {} : { delayedMinutes }),
    },
  };
}

const stored: CurveOrigin = { source: 'closed_stored', message: null, nextOpen: NEXT_OPEN };
const bucket: CurveOrigin = {
  source: 'closed_bucket',
  message: null,
  bucket: 'first_weekly',
  nextOpen: NEXT_OPEN,
};

describe('closedNote', () => {
  it('a delayed source: the note’s "as of" says "15 min delayed"', () => {
    const at = `as of ${formatMarketTime(ASOF)} · 15 min delayed.`;
    expect(closedNote(stored, ASOF, source(15))).toBe(
      `Market closed: the last pull of this expiration, ${at} Live pulls resume at the open, ${formatMarketTime(NEXT_OPEN)}.`,
    );
    expect(closedNote(bucket, ASOF, source(15))).toBe(
      `Market closed: this date is the first weekly expiration, so its cached curve is shown, ${at} Live pulls resume at the open, ${formatMarketTime(NEXT_OPEN)}.`,
    );
  });

  it('a source without a delay, or no app info: the time alone', () => {
    expect(closedNote(stored, ASOF, source())).toContain(`as of ${formatMarketTime(ASOF)}. Live`);
    expect(closedNote(bucket, ASOF, null)).toContain(`as of ${formatMarketTime(ASOF)}. Live`);
  });

  it('no note for an answer that is not a closed-market stand-in', () => {
    expect(closedNote(null, ASOF, source(15))).toBeNull();
    expect(closedNote({ source: 'stored', message: null }, ASOF, source(15))).toBeNull();
    expect(closedNote({ source: 'closed_never', message: null }, ASOF, source(15))).toBeNull();
  });
});

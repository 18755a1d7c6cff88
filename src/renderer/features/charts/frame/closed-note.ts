// The sentence under a chart drawn from a stored answer while the market is closed: which stored
// curve stands in for a live one, as of when, and when live pulls resume. Its "as of" carries the
// source's delay (" · 15 min delayed") as the chart's own "as of" does, so a delayed source says
// so wherever its time is shown.
import type { AppInfo } from '../../../../shared/bridge/app-info.ts';
import type { CurveOrigin } from '../../../../shared/bridge/curve-origin.ts';
import { formatMarketTime, humanize } from '../../../lib/format.ts';
import { delaySuffix } from '../../../lib/source-badge.ts';

/** The note, or null when the answer is not a closed-market stand-in. */
export function closedNote(
  origin: CurveOrigin | null | undefined,
  asof: string | null | undefined,
  info: Pick<AppInfo, 'dataSource'> | null | undefined,
): string | null {
  const source = origin?.source ?? 'stored';
  const at = `${formatMarketTime(asof)}${delaySuffix(info)}`;
  const nextOpen = formatMarketTime(origin?.nextOpen);
  if (source === 'closed_stored')
    return `Market closed: the last pull of this expiration, as of ${at}. Live pulls resume at the open, ${nextOpen}.`;
  if (source === 'closed_bucket')
    return `Market closed: this date is the ${humanize(origin?.bucket).toLowerCase()} expiration, so its cached curve is shown, as of ${at}. Live pulls resume at the open, ${nextOpen}.`;
  return null;
}

// Lookback flags (`service --warm-series W`, `start --headless --warm-series W`): checked here
// against the limit the service applies later, so a lookback the service would refuse (99y: beyond
// its 5y maximum) is refused while the arguments are parsed, with exit code 1, instead of being
// accepted and then logging a stack trace on every use.
import { SERIES_WINDOW_PATTERN } from '../../shared/api/index.ts';

/**
 * The longest lookback per unit that src/service/series/window.ts accepts (MAX_WINDOW_DAYS, 5 × 366
 * days, measured with calendar months): 1830 days or 261 weeks, and 60 months or 5 years, which are
 * at most 1827 days from any date, while 61 months or 6 years are always more than 1830. The host
 * may not import the service's internals (only src/service/index.ts), hence the table.
 */
const MAX_PER_UNIT: Record<string, number> = { d: 1830, w: 261, m: 60, y: 5 };

/** `text` when it is a lookback the service accepts; else a message naming `flag`. */
function checkedLookback(flag: string, text: string, offAllowed: boolean): string {
  if (!SERIES_WINDOW_PATTERN.test(text))
    throw new Error(
      `${flag} must be a lookback such as 180d or 2y${offAllowed ? ', or off' : ''}; got '${text}'`,
    );
  const unit = text.slice(-1);
  if (Number(text.slice(0, -1)) > (MAX_PER_UNIT[unit] ?? 0))
    throw new Error(`${flag}: '${text}' is longer than the 5y maximum`);
  return text;
}

/** The lookback to warm (default 180d), or null for `off`. Throws a message naming the flag. */
export function warmSeriesOption(raw: string | undefined): string | null {
  const text = raw ?? '180d';
  if (text === 'off') return null;
  return checkedLookback('--warm-series', text, true);
}

/**
 * `start --headless --backfill W`: how far back a newly watched ticker's history is fetched, or
 * undefined for the poller's default (2y). Throws a message naming the flag.
 */
export function backfillOption(raw: string | undefined): string | undefined {
  return raw === undefined ? undefined : checkedLookback('--backfill', raw, false);
}

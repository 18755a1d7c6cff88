// Cboe "quotedata.csv" chain files made for tests and benchmarks, in the layout Cboe's delayed
// quotes page downloads: a three-line preamble (name and last price, the `Date:` line, the column
// header) and one row per expiration and strike with calls on the left and puts on the right.
// Prices, IVs and gammas come from a smooth smile around `spot`, so the engine finds a flip and
// walls; open interest varies with `seed`.
import { addDays, isTradingDay, type IsoDate } from '../../src/shared/market-calendar.ts';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const SHORT_MONTHS = MONTHS.map((m) => m.slice(0, 3));

export interface ChainFileSpec {
  ticker: string;
  /** The `Date:` line's date. */
  date: IsoDate;
  spot: number;
  seed?: number;
  /** The `Date:` line's time and zone as Cboe writes them (default "4:15 PM EDT"). */
  time?: string;
  /** Weekly expirations after `date` (default 8). */
  expirations?: number;
  /** These expirations instead of the weekly ones (a daily listing, one ending on `date` itself). */
  expirationDates?: readonly IsoDate[];
  /** Strikes per expiration around spot (default 180). */
  strikes?: number;
  /** Added to every IV (default 0): one session's vol level against another's. */
  ivShift?: number;
  /** IV added per year to expiry (default 0): a term structure that is not flat. */
  termSlope?: number;
}

/** Fridays after `date`, one a week. */
function fridaysAfter(date: IsoDate, count: number): IsoDate[] {
  const out: IsoDate[] = [];
  let d = addDays(date, 1);
  while (out.length < count) {
    if (new Date(`${d}T12:00:00Z`).getUTCDay() === 5) out.push(d);
    d = addDays(d, 1);
  }
  return out;
}

const normPdf = (x: number) => Math.exp((-x * x) / 2) / Math.sqrt(2 * Math.PI);

/** The preamble: name, last price, the snapshot's date line, the column header. */
export function chainPreamble(ticker: string, date: IsoDate, spot: number, time = '4:15 PM EDT'): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return (
    [
      `${ticker} Corp,Last: ${spot.toFixed(2)},Change: 0.5`,
      `"Date: ${MONTHS[m - 1]} ${d}, ${y} at ${time}",Bid: ${spot.toFixed(2)},Ask: ${(spot + 0.02).toFixed(2)},Size: 1*1,"Volume: 1,000,000"`,
      'Expiration Date,Calls,Last Sale,Net,Bid,Ask,Volume,IV,Delta,Gamma,Open Interest,Strike,Puts,Last Sale,Net,Bid,Ask,Volume,IV,Delta,Gamma,Open Interest',
    ].join('\n') + '\n'
  );
}

/** The rows of a chain: one per expiration (weekly, after `date`) and strike around `spot`. */
export function chainRows(spec: ChainFileSpec): string {
  const { ticker, date, spot } = spec;
  const seed = spec.seed ?? 1;
  const strikes = spec.strikes ?? 180;
  const lines: string[] = [];
  const step = Math.max(0.5, Math.round(spot * 0.004 * 2) / 2);
  const first = Math.round(spot / step - strikes / 2) * step;
  const dates = spec.expirationDates ?? fridaysAfter(date, spec.expirations ?? 8);
  for (const [e, exp] of dates.entries()) {
    const [ey, em, ed] = exp.split('-').map(Number) as [number, number, number];
    const code = `${String(ey).slice(2)}${String(em).padStart(2, '0')}${String(ed).padStart(2, '0')}`;
    const dayName = DAYS[new Date(`${exp}T12:00:00Z`).getUTCDay()];
    // Years to expiry: a week per weekly; a listed date's own days (half a day for one ending on `date`).
    const days = (Date.parse(`${exp}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`)) / 86_400_000;
    const t = (spec.expirationDates ? Math.max(days, 0.5) : (e + 1) * 7) / 365;
    for (let k = 0; k < strikes; k++) {
      const strike = first + k * step;
      if (strike <= 0) continue;
      const moneyness = Math.log(strike / spot);
      const iv =
        0.3 + (spec.ivShift ?? 0) + (spec.termSlope ?? 0) * t + 0.4 * moneyness * moneyness - 0.1 * moneyness;
      const dd = moneyness / (iv * Math.sqrt(t));
      const gamma = normPdf(dd) / (spot * iv * Math.sqrt(t));
      const call = Math.max(spot - strike, 0) + spot * iv * Math.sqrt(t) * normPdf(dd) * 0.4;
      const put = Math.max(strike - spot, 0) + spot * iv * Math.sqrt(t) * normPdf(dd) * 0.4;
      const oi = Math.round(5000 * normPdf(dd) * (1 + ((seed + k * 7 + e * 13) % 10) / 10));
      const sym = (side: string) =>
        `${ticker}${code}${side}${String(Math.round(strike * 1000)).padStart(8, '0')}`;
      const side = (price: number, delta: number, volume: number, openInterest: number) =>
        `${price.toFixed(2)},0.1,${Math.max(price - 0.05, 0).toFixed(2)},${(price + 0.05).toFixed(2)},${volume},${iv.toFixed(4)},${delta.toFixed(4)},${gamma.toFixed(4)},${openInterest}`;
      lines.push(
        `${dayName} ${SHORT_MONTHS[em - 1]} ${String(ed).padStart(2, '0')} ${ey},${sym('C')},${side(call, 0.5, oi >> 3, oi)},${strike.toFixed(2)},${sym('P')},${side(put, -0.5, oi >> 4, oi + 100)}`,
      );
    }
  }
  return lines.join('\n') + '\n';
}

/** A whole chain file's text. */
export function chainFileText(spec: ChainFileSpec): string {
  return chainPreamble(spec.ticker, spec.date, spec.spot, spec.time) + chainRows(spec);
}

/**
 * A daily price history as a charting site's "Historical data" download writes it
 * (`Date,Open,High,Low,Close,Adj Close,Volume`): every trading day from `from` to `to`, the close
 * starting at `start` and moving by `step` a session. Returns the text and the closes by date.
 */
export function priceHistoryCsv(
  from: IsoDate,
  to: IsoDate,
  start: number,
  step: number,
): { text: string; closes: Map<IsoDate, number> } {
  const closes = new Map<IsoDate, number>();
  const lines = ['Date,Open,High,Low,Close,Adj Close,Volume'];
  let close = start;
  for (let date = from; date <= to; date = addDays(date, 1)) {
    if (!isTradingDay(date)) continue;
    close += step;
    const c = close.toFixed(2);
    closes.set(date, Number(c));
    lines.push(`${date},${c},${c},${c},${c},${c},50000000`);
  }
  return { text: lines.join('\n') + '\n', closes };
}

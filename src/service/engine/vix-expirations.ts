// VIX options expire on Wednesdays and settle at that morning's open (the special opening quotation),
// on the VIX futures of the same date. The monthly expiration of a month is the Wednesday 30 days
// before the third Friday of the FOLLOWING month (the standard S&P 500 monthly 30 days later, so the
// settlement reads 30-day SPX options); a holiday on either date moves it to the trading day before.
// Weeklies are listed on the other Wednesdays.
import {
  addDays,
  isTradingDay,
  nthWeekday,
  nyToEpoch,
  parseIsoDate,
  previousTradingDay,
  type IsoDate,
} from '../../shared/market-calendar.ts';

/** 09:30 New York: the open, when VIX options and futures settle. */
const SETTLEMENT_MINUTES = 9 * 60 + 30;

/** The VIX monthly expiration of a month (it falls in that month or, rarely, on the month's last days). */
export function vixMonthlyExpiration(year: number, month: number): IsoDate {
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  let friday = nthWeekday(next.year, next.month, 5, 3);
  if (!isTradingDay(friday)) friday = previousTradingDay(friday);
  const wednesday = addDays(friday, -30);
  return isTradingDay(wednesday) ? wednesday : previousTradingDay(wednesday);
}

/** Whether a date is a VIX monthly expiration. */
export function isVixMonthly(date: IsoDate): boolean {
  const { year, month } = parseIsoDate(date);
  return vixMonthlyExpiration(year, month) === date;
}

/** The settlement instant of a VIX expiration: the open of its date, epoch ms. */
export function vixSettlementEpoch(date: IsoDate): number {
  return nyToEpoch(date, SETTLEMENT_MINUTES);
}

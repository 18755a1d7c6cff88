// A finished backtest as a file: CSV (the firings table, then after one empty line a summary table
// beside its baseline) or JSON (the whole result, with a format id so a later import can tell what
// it reads). CSV through the store's RFC 4180 writer; percentages rounded to 4 decimals.
import { BACKTEST_HORIZONS, type BacktestResult, type HorizonStats } from '../../shared/bridge/backtest.ts';
import type { ExportFile } from '../../shared/bridge/common.ts';
import { csvLine, type CsvCell } from '../store/csv.ts';

export const BACKTEST_EXPORT_FORMAT = 'gammawatch.backtest.v1';

const round = (v: number | null): number | null => (v === null ? null : Number(v.toFixed(4)));

function fileStem(result: BacktestResult): string {
  const slug =
    result.ruleName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'rule';
  return `backtest-${slug}-${result.from.slice(0, 10)}-to-${result.to.slice(0, 10)}`;
}

function summaryRows(result: BacktestResult): CsvCell[][] {
  const { summary, baseline } = result;
  const rows: CsvCell[][] = [
    ['Summary', 'Rule', 'Baseline (every session)'],
    ['Count', summary.count, baseline.sessions],
    ['Firings per month', round(summary.perMonth), null],
  ];
  const stat = (s: HorizonStats, key: 'count' | 'medianPct' | 'upShare'): CsvCell =>
    key === 'count'
      ? s.count
      : key === 'medianPct'
        ? round(s.medianPct)
        : round(s.upShare === null ? null : s.upShare * 100);
  for (const h of BACKTEST_HORIZONS) {
    rows.push([`${h} returns`, stat(summary.horizons[h], 'count'), stat(baseline.horizons[h], 'count')]);
    rows.push([
      `${h} median %`,
      stat(summary.horizons[h], 'medianPct'),
      stat(baseline.horizons[h], 'medianPct'),
    ]);
    rows.push([
      `${h} up moves %`,
      stat(summary.horizons[h], 'upShare'),
      stat(baseline.horizons[h], 'upShare'),
    ]);
  }
  return rows;
}

export function backtestCsv(result: BacktestResult): string {
  const lines = [
    csvLine(['Ticker', 'Time', 'Title', 'Price', '1d %', '5d %', '20d %', 'Max adverse 5d %']),
    ...result.firings.map((f) =>
      csvLine([
        f.ticker,
        f.at,
        f.title,
        f.price,
        round(f.forward['1d']),
        round(f.forward['5d']),
        round(f.forward['20d']),
        round(f.maxAdverse5d),
      ]),
    ),
    '\r\n',
    ...summaryRows(result).map(csvLine),
  ];
  return lines.join('');
}

export function backtestExport(result: BacktestResult, format: 'csv' | 'json'): ExportFile {
  const stem = fileStem(result);
  if (format === 'csv') return { name: `${stem}.csv`, mime: 'text/csv', content: backtestCsv(result) };
  return {
    name: `${stem}.json`,
    mime: 'application/json',
    content: JSON.stringify({ format: BACKTEST_EXPORT_FORMAT, ...result }, null, 2),
  };
}

// A finished backtest as a file: CSV (the firings table, then after one empty line a summary table
// beside its baseline, then for a result split by direction one more empty line and a row per
// direction, read its way; the firings then carry their direction, signed returns and moves) or JSON (the whole result, with a format id so a later import can tell what
// it reads). CSV through the store's RFC 4180 writer; percentages rounded to 4 decimals.
import { BACKTEST_HORIZONS, type BacktestResult, type HorizonStats } from '../../shared/bridge/backtest.ts';
import type { ExportFile } from '../../shared/bridge/common.ts';
import { csvLine, UTF8_BOM, type CsvCell } from '../store/csv.ts';

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

/** Per direction: the statistics read its way beside the baseline read the same way. */
function directionRows(result: BacktestResult): CsvCell[][] {
  const groups = result.directions ?? [];
  if (groups.length === 0) return [];
  const medians = (h: BacktestResult['summary']['horizons']): CsvCell[] =>
    BACKTEST_HORIZONS.map((k) => round(h[k].medianPct));
  return [
    [
      'Direction',
      'Reading',
      'Count',
      ...BACKTEST_HORIZONS.map((h) => `${h} median % read its way`),
      ...BACKTEST_HORIZONS.map((h) => `${h} baseline median % read its way`),
      ...BACKTEST_HORIZONS.map((h) => `${h} median |move| %`),
    ],
    ...groups.map((g) => [
      g.direction,
      g.reading,
      g.summary.count,
      ...medians(g.summary.horizons),
      ...medians(g.baseline.horizons),
      ...BACKTEST_HORIZONS.map((h) => round(g.moves[h].absPct.medianPct)),
    ]),
  ];
}

export function backtestCsv(result: BacktestResult): string {
  // Results with directions get their columns; older ones keep the first table as it was.
  const directed = result.directions !== undefined;
  const lines = [
    csvLine([
      'Ticker',
      'Time',
      'Title',
      'Price',
      '1d %',
      '5d %',
      '20d %',
      'Max adverse 5d %',
      ...(directed
        ? [
            'Direction',
            'Reading',
            ...BACKTEST_HORIZONS.map((h) => `${h} % read its way`),
            ...BACKTEST_HORIZONS.map((h) => `${h} |move| %`),
            ...BACKTEST_HORIZONS.map((h) => `${h} realized vol %`),
          ]
        : []),
    ]),
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
        ...(directed
          ? [
              f.direction ?? 'none',
              f.direction === 'down' ? 'short' : 'long',
              ...BACKTEST_HORIZONS.map((h) => round(f.signedForward?.[h] ?? null)),
              ...BACKTEST_HORIZONS.map((h) => round(f.moves?.[h].absPct ?? null)),
              ...BACKTEST_HORIZONS.map((h) => round(f.moves?.[h].realizedVolPct ?? null)),
            ]
          : []),
      ]),
    ),
    '\r\n',
    ...summaryRows(result).map(csvLine),
    ...(directed ? ['\r\n', ...directionRows(result).map(csvLine)] : []),
  ];
  return lines.join('');
}

export function backtestExport(
  result: BacktestResult,
  format: 'csv' | 'json',
  options: { bom?: boolean } = {},
): ExportFile {
  const stem = fileStem(result);
  if (format === 'csv')
    return {
      name: `${stem}.csv`,
      mime: 'text/csv',
      content: `${options.bom ? UTF8_BOM : ''}${backtestCsv(result)}`,
    };
  return {
    name: `${stem}.json`,
    mime: 'application/json',
    content: JSON.stringify({ format: BACKTEST_EXPORT_FORMAT, ...result }, null, 2),
  };
}

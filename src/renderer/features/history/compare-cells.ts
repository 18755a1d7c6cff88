// How one leaf of a stored snapshot reads in the compare table: its label, its section, its value
// in the field's unit and precision (src/shared/snapshot-fields.ts: prices 2 decimals, percents
// and IVs 2, IV rank whole, 0-10 scores 1), and the change from the older to the newer snapshot.
// The change is taken between the values as shown, so "77 → 83" reads "+6", never "+5.56".
import {
  fieldKey,
  humanizeKey,
  nestedLabel,
  roundTo,
  sectionOf,
  SUMMARY_SECTION,
  unitOf,
  type FieldUnit,
} from '../../../shared/snapshot-fields.ts';
import type { SnapshotDiff } from '../../../shared/bridge/history.ts';
import { alignByExpiration } from '../../../shared/bridge/snapshot-diff.ts';
import { flattenLeaves, leafText, mergedPaths } from '../../lib/flatten.ts';
import {
  formatIv,
  formatLevel,
  formatMarketTime,
  formatNumber,
  formatPercent,
  formatPrice,
  formatRank,
  formatUsdCompact,
  MISSING,
} from '../../lib/format.ts';
import { figureDefinition } from '../../../shared/figure-labels.ts';
import { labelOf } from '../ticker/field-labels.ts';

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The last path segment that is a name, not an array index: "levels.3.price" → "price". */
export const fieldOf = fieldKey;

/** Signed fields (distances, changes) read with their sign even when positive. */
const signed = (key: string) => key.startsWith('dist') || key.endsWith('chg_pct') || key.endsWith('_chg');

/** A value in the unit it is read in: IV decimals as percent, everything else as given. */
function shown(unit: FieldUnit, value: number): number {
  return roundTo(unit.kind === 'iv' ? value * 100 : value, unit.digits);
}

/** API enum values ("trending_down_high_vol") read as words; sentences stay as written. */
function textOf(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}T/.test(value)) return formatMarketTime(value);
  return /^[a-z][a-z0-9_]*$/.test(value) ? humanizeKey(value) : value;
}

/**
 * One cell: numbers by their field's unit, labels as words, lists joined. Prices and levels of
 * `ticker` carry "$" for a stock or ETF, none for an index (points), as on the ticker page.
 */
export function cellText(path: string, value: unknown, ticker: string | null = null): string {
  if (value === undefined) return '';
  if (value === null) return MISSING;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return textOf(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string'))
    return value.length ? value.map(textOf).join(', ') : MISSING;
  if (!isNum(value)) return leafText(value);
  const key = fieldKey(path);
  const unit = unitOf(key);
  switch (unit.kind) {
    case 'price':
      return ticker === null ? formatPrice(value) : formatLevel(value, ticker);
    case 'usd':
      return formatUsdCompact(value);
    case 'percent':
      return formatPercent(value, { digits: unit.digits, sign: signed(key) });
    case 'iv':
      return formatIv(value, unit.digits);
    case 'rank':
      return formatRank(value);
    default:
      return formatNumber(value, Number.isInteger(value) && unit.kind === 'number' ? 0 : unit.digits);
  }
}

/**
 * Newer − older, signed, in the field's own unit: percentage points for percents and IVs
 * ("+0.12 pp"), dollars for prices, points for ranks and scores. Empty when either side is not a
 * number.
 */
export function deltaText(path: string, older: unknown, newer: unknown): string {
  if (!isNum(older) || !isNum(newer)) return '';
  const unit = unitOf(fieldKey(path));
  if (unit.kind === 'usd') {
    const diff = newer - older;
    if (formatUsdCompact(Math.abs(diff)) === '$0') return '0';
    return `${diff > 0 ? '+' : ''}${formatUsdCompact(diff)}`;
  }
  const integer = unit.kind === 'number' && Number.isInteger(older) && Number.isInteger(newer);
  const digits = integer ? 0 : unit.digits;
  const diff = roundTo(shown(unit, newer) - shown(unit, older), digits);
  if (diff === 0) return '0';
  const text = formatNumber(Math.abs(diff), digits);
  const points = unit.kind === 'percent' || unit.kind === 'iv' ? ' pp' : '';
  return `${diff < 0 ? '−' : '+'}${text}${points}`;
}

/**
 * The relative change, only where a ratio of two values means something: prices and dollar
 * amounts of one sign. Percents, IVs, ranks and scores already have a scale; their difference is
 * the figure.
 */
export function percentChangeText(path: string, older: unknown, newer: unknown): string {
  if (!isNum(older) || !isNum(newer) || older === 0) return '';
  const unit = unitOf(fieldKey(path));
  if (unit.kind !== 'price' && unit.kind !== 'usd') return '';
  if (Math.sign(older) !== Math.sign(newer)) return '';
  const base = unit.kind === 'price' ? shown(unit, older) : older;
  const now = unit.kind === 'price' ? shown(unit, newer) : newer;
  return formatPercent(((now - base) / Math.abs(base)) * 100, { digits: 2, sign: true });
}

/** A list item's own name, when it has one (a level's "Call wall"), for the row label. */
type ItemName = (itemPath: string) => string | undefined;

/**
 * The row label: the nested table's label, else the flat label of the field's key (the ticker
 * views' labels), with the list item it belongs to ("Call wall", "Structure 2: Strike").
 */
export function rowLabel(path: string, itemName: ItemName = () => undefined): string {
  const key = fieldKey(path);
  const match = /^(.*?)\.(\d+)(?:\.|$)/.exec(path);
  const nested = nestedLabel(path);
  // A term structure's point is named by its expiration, and each field is that expiration's own
  // (its ATM IV, not the 30-day one): "Expiration Sep 26, 2025: ATM IV".
  const expiration = match ? itemName(`${match[1]}.${match[2]}`) : undefined;
  if (match && expiration?.startsWith(EXPIRATION_ITEM) && path !== `${match[1]}.${match[2]}`)
    return `${expiration}: ${nested ?? humanizeKey(key)}`;
  if (nested) return nested;
  const field = labelOf(key);
  if (!match) return field;
  const itemPath = `${match[1]}.${match[2]}`;
  const name = itemName(itemPath) ?? `${labelOf(fieldKey(match[1] as string))} ${Number(match[2]) + 1}`;
  if (path === itemPath) return name;
  return key === 'price' ? name : `${name}: ${field}`;
}

/** The name of a list item in a payload: its `label` field, when it has one. */
export function itemNameIn(...payloads: unknown[]): ItemName {
  return (itemPath) => {
    for (const payload of payloads) {
      let node: unknown = payload;
      for (const part of itemPath.split('.')) {
        node =
          node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
      }
      if (node !== null && typeof node === 'object' && 'label' in node) {
        const label = (node as { label: unknown }).label;
        if (typeof label === 'string' && label) return label;
      }
      // A term structure's point is named by its expiration: rows match by date, so say which.
      if (node !== null && typeof node === 'object' && 'expiration' in node) {
        const date = (node as { expiration: unknown }).expiration;
        if (typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date))
          return `${EXPIRATION_ITEM}${expirationText(date)}`;
      }
    }
    return undefined;
  };
}

const dateText = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** How an item named by its expiration reads: "Expiration Sep 26, 2025". */
const EXPIRATION_ITEM = 'Expiration ';

/** An ISO date as "Sep 26, 2025". */
function expirationText(date: string): string {
  const ms = Date.parse(`${date}T12:00:00Z`);
  return Number.isFinite(ms) ? dateText.format(ms) : date;
}

/** An API label value ("iv_elevated") as words ("IV elevated"); missing reads as a dash. */
export function labelText(value: string | null | undefined): string {
  return value ? humanizeKey(value) : MISSING;
}

export interface CompareRow {
  path: string;
  label: string;
  older: unknown;
  newer: unknown;
  changed: boolean;
}

/**
 * The compare table: every leaf of either payload (or only the changed ones), labelled, grouped
 * by section in document order with the summary (top-level fields) first.
 */
export function compareSections(
  diff: Pick<SnapshotDiff, 'before' | 'after' | 'changes'>,
  onlyChanges: boolean,
): { name: string; rows: CompareRow[] }[] {
  const changed = new Set(diff.changes.map((c) => c.path));
  // A change at an item (an expiration only one side lists) changes every row of it.
  const isChangedAt = (path: string): boolean => {
    for (let p = path; ; p = p.slice(0, p.lastIndexOf('.'))) {
      if (changed.has(p)) return true;
      if (!p.includes('.')) return false;
    }
  };
  // Lists of expirations matched by date, as the diff matched them (one side's missing
  // expiration leaves no leaf there).
  const [before, after] = alignByExpiration(diff.before, diff.after);
  const itemName = itemNameIn(after, before);
  const older = flattenLeaves(before).filter((l) => l.value !== undefined);
  const newer = flattenLeaves(after).filter((l) => l.value !== undefined);
  const ov = new Map(older.map((l) => [l.path, l.value]));
  const nv = new Map(newer.map((l) => [l.path, l.value]));
  const groups = new Map<string, CompareRow[]>([[SUMMARY_SECTION, []]]);
  for (const path of mergedPaths(older, newer)) {
    const isChanged = isChangedAt(path);
    if (onlyChanges && !isChanged) continue;
    const section = sectionOf(path);
    let rows = groups.get(section);
    if (!rows) groups.set(section, (rows = []));
    rows.push({
      path,
      label: rowLabel(path, itemName),
      older: ov.get(path),
      newer: nv.get(path),
      changed: isChanged,
    });
  }
  return [...groups].filter(([, rows]) => rows.length > 0).map(([name, rows]) => ({ name, rows }));
}

export { sectionOf };

/** A row label's hover text: the figure's one-line definition, when the label table has one, and its path. */
export function rowTitle(path: string): string {
  const definition = figureDefinition(path);
  return definition ? `${definition} (${path})` : path;
}

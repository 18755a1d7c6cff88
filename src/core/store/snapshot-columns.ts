// A stored payload as spreadsheet columns: one column per scalar field, named for people
// ("Key levels: Gamma flip ($)"), numbers rounded to the precision they are shown with. Lists of
// plain values (tags) fill one cell; lists of objects that name themselves by `kind` (levels) get
// a column per kind, so a reordered list does not shift values between columns.
import {
  fieldKey,
  humanizeKey,
  nestedLabel,
  roundForExport,
  sectionOf,
  SUMMARY_SECTION,
  unitSuffix,
} from '../../shared/snapshot-fields.ts';

export interface Cell {
  /** Dotted path, list items keyed by kind or by position (`levels.call_wall.price`). */
  path: string;
  /** The column header. */
  header: string;
  value: string | number | boolean | null;
}

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The scalar cells of a payload, in document order. */
export function payloadCells(payload: unknown): Cell[] {
  const out: Cell[] = [];
  walk(payload, [], [], out);
  return out;
}

/** `names` are the readable names of the path so far (an item's own label instead of its index). */
function walk(value: unknown, path: string[], names: string[], out: Cell[]): void {
  if (Array.isArray(value)) {
    if (value.every((v) => !isObject(v) && !Array.isArray(v))) {
      push(
        path,
        names,
        value.length ? value.map((v) => (v === null ? '' : String(v))).join('; ') : null,
        out,
      );
      return;
    }
    const byKind = value.every((v) => isObject(v) && typeof v.kind === 'string');
    value.forEach((item, i) => {
      if (byKind && isObject(item)) {
        const kind = item.kind as string;
        const label = typeof item.label === 'string' ? item.label : humanizeKey(kind);
        const rest = Object.fromEntries(Object.entries(item).filter(([k]) => k !== 'kind' && k !== 'label'));
        walk(rest, [...path, kind], [...names, label], out);
      } else walk(item, [...path, String(i + 1)], [...names, `#${i + 1}`], out);
    });
    return;
  }
  if (isObject(value)) {
    for (const [key, v] of Object.entries(value)) walk(v, [...path, key], [...names, key], out);
    return;
  }
  if (path.length === 0) return;
  push(path, names, value as Cell['value'], out);
}

function push(path: string[], names: string[], value: unknown, out: Cell[]): void {
  const dotted = path.join('.');
  const key = fieldKey(dotted);
  const cell =
    typeof value === 'number' ? (Number.isFinite(value) ? roundForExport(key, value) : null) : value;
  out.push({
    path: dotted,
    header: headerOf(dotted, names),
    value: cell === undefined ? null : (cell as Cell['value']),
  });
}

/** "Price" → "price" inside a label, but "IV rank" keeps its capitals. */
function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/**
 * "Section: label (unit)". The label is the nested table's, else the readable names below the
 * section ("Call wall price" for a level item, "ATM IV" for a flat key).
 */
function headerOf(path: string, names: string[]): string {
  const section = sectionOf(path);
  const inner = section === SUMMARY_SECTION ? names : names.slice(1);
  const label =
    nestedLabel(path) ??
    inner.map((n, i) => (i === 0 ? humanizeKey(n) : lowerFirst(humanizeKey(n)))).join(' ');
  const text = section === SUMMARY_SECTION ? label : `${section}: ${label}`;
  return `${text}${unitSuffix(fieldKey(path))}`;
}

// A payload as a list of leaves with dotted paths, for side-by-side snapshot views.
export interface Leaf {
  path: string;
  value: unknown;
}

/** Leaves in document order; arrays of plain values stay one leaf (as the diff treats them). */
export function flattenLeaves(value: unknown, prefix = ''): Leaf[] {
  if (value !== null && typeof value === 'object') {
    if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object')) {
      return [{ path: prefix, value }];
    }
    const entries = Array.isArray(value)
      ? value.map((v, i) => [String(i), v] as const)
      : Object.entries(value);
    if (entries.length === 0) return [{ path: prefix, value }];
    return entries.flatMap(([key, v]) => flattenLeaves(v, prefix ? `${prefix}.${key}` : key));
  }
  return [{ path: prefix, value }];
}

/** A leaf value as one short line of text. */
export function leafText(value: unknown): string {
  if (value === undefined) return '';
  if (value === null) return 'null';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.length === 0 ? '[]' : value.map((v) => leafText(v)).join(', ');
  if (typeof value === 'object') return Object.keys(value).length === 0 ? '{}' : JSON.stringify(value);
  return String(value);
}

/** Paths of both payloads, merged in the order they first appear. */
export function mergedPaths(a: readonly Leaf[], b: readonly Leaf[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const leaf of [...a, ...b]) {
    if (seen.has(leaf.path)) continue;
    seen.add(leaf.path);
    out.push(leaf.path);
  }
  return out;
}

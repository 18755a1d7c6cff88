// Applying a partial change to settings: objects merge key by key, lists and scalars are
// replaced, undefined leaves a value as it was. When an object's `kind` changes (local to remote
// data source) the old object is replaced, not merged: a remote source has no `seed`.

type Plain = Record<string, unknown>;

function isPlain(value: unknown): value is Plain {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function mergePatch(base: unknown, patch: unknown): unknown {
  if (patch === undefined) return base;
  if (!isPlain(patch) || !isPlain(base)) return patch;
  if ('kind' in patch && patch.kind !== base.kind) return patch;
  const out: Plain = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value !== undefined) out[key] = mergePatch(base[key], value);
  }
  return out;
}

// Stacked layers that may be negative (dealer gamma is negative where puts dominate): positive
// values stack upward from zero and negative values downward, each in layer order, so a layer's
// band never crosses another's. The same rule as a diverging stacked bar chart.

export interface DivergingStack {
  /** Per layer, the lower and upper edge of its band at each index. */
  lo: Float64Array[];
  hi: Float64Array[];
  /** Sum of the positive and of the negative parts at each index (the stack's outer edges). */
  positive: Float64Array;
  negative: Float64Array;
}

/** Stacks `layers` (equal lengths). Missing or non-finite values count as zero. */
export function stackDiverging(layers: readonly ArrayLike<number>[]): DivergingStack {
  const n = layers[0]?.length ?? 0;
  const positive = new Float64Array(n);
  const negative = new Float64Array(n);
  const lo: Float64Array[] = [];
  const hi: Float64Array[] = [];
  for (const layer of layers) {
    if (layer.length !== n) throw new RangeError('stacked layers must have the same length');
    const l = new Float64Array(n);
    const h = new Float64Array(n);
    for (let j = 0; j < n; j++) {
      const raw = layer[j] as number;
      const v = Number.isFinite(raw) ? raw : 0;
      if (v >= 0) {
        l[j] = positive[j] as number;
        positive[j] = (positive[j] as number) + v;
        h[j] = positive[j] as number;
      } else {
        h[j] = negative[j] as number;
        negative[j] = (negative[j] as number) + v;
        l[j] = negative[j] as number;
      }
    }
    lo.push(l);
    hi.push(h);
  }
  return { lo, hi, positive, negative };
}

/**
 * Runs of indexes [start, end] (inclusive) in `from..to` where `lo`/`hi` sit on one side of zero.
 * A band is drawn run by run, so a layer that changes sign does not cut across the others.
 */
export function bandRuns(
  lo: ArrayLike<number>,
  hi: ArrayLike<number>,
  from = 0,
  to = lo.length - 1,
): [number, number][] {
  const runs: [number, number][] = [];
  let start = -1;
  let side = 0;
  for (let j = Math.max(0, from); j <= Math.min(to, lo.length - 1); j++) {
    const s = (hi[j] as number) > 0 ? 1 : (lo[j] as number) < 0 ? -1 : 0;
    if (start < 0) {
      start = j;
      side = s;
    } else if (s !== 0 && side !== 0 && s !== side) {
      runs.push([start, j - 1]);
      start = j;
      side = s;
    } else if (side === 0) {
      side = s;
    }
  }
  if (start >= 0) runs.push([start, Math.min(to, lo.length - 1)]);
  return runs;
}

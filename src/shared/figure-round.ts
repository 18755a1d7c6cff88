// A payload with every figure the figures table knows rounded to the precision the app shows it
// at, in the payload's own unit (an IV stays a decimal: shown to 0.1 %, it keeps three decimals).
// For answers read by a machine that quotes them (an assistant): 5288.4612973 and 0.13041877 are
// noise a trader never sees on a screen, and an assistant repeating them gives false precision.
// Other numbers (strikes, counts, times, weights) are left as they are.
import { roundHalfAway } from './figure-format.ts';
import { figureOf, type Figure } from './figure-labels.ts';

/** Decimals a figure keeps in the payload's unit. */
export function payloadDigits(figure: Figure): number {
  // An IV is shown in percent but carried as a decimal: two more decimals in the payload.
  return figure.unit === 'iv' ? figure.digits + 2 : figure.digits;
}

/**
 * The figure a number at `path` is, by its longest known suffix: `data.key_levels.gamma_flip`
 * reads as `key_levels.gamma_flip`, `data.items.3.price` as `price`.
 */
export function figureAtPath(path: readonly string[]): Figure | undefined {
  for (let start = 0; start < path.length; start += 1) {
    const figure = figureOf(path.slice(start).join('.'));
    if (figure) return figure;
  }
  return undefined;
}

/** A copy of `value` with each known figure rounded half away from zero; the input is not changed. */
export function roundFigures(value: unknown, path: readonly string[] = []): unknown {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || Number.isInteger(value)) return value;
    const figure = figureAtPath(path);
    return figure ? roundHalfAway(value, payloadDigits(figure)) : value;
  }
  if (Array.isArray(value)) return value.map((item, i) => roundFigures(item, [...path, String(i)]));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, roundFigures(item, [...path, key])]),
    );
  }
  return value;
}

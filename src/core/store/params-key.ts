// A snapshot is identified by its endpoint, ticker and the query parameters that shaped it.
// The parameters become one canonical text key: names sorted, empty values dropped (API v2 treats
// an empty string as unset), list values joined with commas, everything URL-encoded.
import { z } from 'zod';

export type ParamValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Params = Readonly<Record<string, ParamValue>>;

const paramValueSchema = z.union([
  z.string(),
  z.number().refine(Number.isFinite, 'a parameter number must be finite'),
  z.boolean(),
  z.null(),
  z.undefined(),
  z.array(z.union([z.string(), z.number().refine(Number.isFinite)])),
]);

export const paramsSchema = z.record(z.string().min(1), paramValueSchema);

export function paramsKey(params: Params | undefined): string {
  if (!params) return '';
  const parts: string[] = [];
  for (const name of Object.keys(params).sort()) {
    const value = params[name];
    if (value === undefined || value === null) continue;
    const text = Array.isArray(value) ? value.join(',') : String(value);
    if (text === '') continue;
    parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(text)}`);
  }
  return parts.join('&');
}

/** The parameters back from a key, as strings. */
export function parseParamsKey(key: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(key)) out[name] = value;
  return out;
}

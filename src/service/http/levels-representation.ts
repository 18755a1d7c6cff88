// How /levels answers a text format (tradingview, tos). The spec leaves the format selector open;
// ours is `format=`, the official client's (tradingvolatility/tv-mcp) is `view=`, and both are
// read. That client parses every answer as JSON and reports a text/plain 200 as a failure, so the
// answer follows the request's Accept header:
//   - Accept names a text type (text/plain, text/*): the plain text, as charting platforms paste it;
//   - Accept names JSON and no text type: `{ meta, data: { format, text, … } }`;
//   - Accept absent or a wildcard only (curl and httpx both send `*/*`): plain text for `format=`,
//     JSON for `view=` — the spelling of a client that can only read JSON.
import { LEVELS_EQUIVALENTS, LEVELS_FORMATS, type LevelsFormat } from '../../shared/api/index.ts';
import { enumParam, type Query } from '../../shared/api/query.ts';
import { invalidParam } from './errors.ts';

export type LevelsBody = 'text' | 'json';

/**
 * The levels view: its format, `body: 'json'` for a text format wrapped in JSON, and
 * `equivalent: 'future'` for a text format of the futures equivalents (keyed only when asked).
 */
export type LevelsView = { format: LevelsFormat; body?: 'json'; equivalent?: 'future' };

/** The media types an Accept header lists with a non-zero quality, lower-cased. */
export function acceptedTypes(accept: string | string[] | undefined): string[] {
  const raw = Array.isArray(accept) ? accept.join(',') : (accept ?? '');
  const out: string[] = [];
  for (const part of raw.split(',')) {
    const [type = '', ...options] = part.split(';').map((s) => s.trim().toLowerCase());
    if (type === '') continue;
    const q = options.find((o) => o.startsWith('q='));
    if (q !== undefined && Number(q.slice(2)) === 0) continue;
    out.push(type);
  }
  return out;
}

const isText = (type: string): boolean => type.startsWith('text/');
const isJson = (type: string): boolean => type === 'application/json' || type.endsWith('+json');

/** Whether a text format is answered as text or wrapped in JSON (see the header comment). */
export function levelsBody(accept: string | string[] | undefined, spelling: 'format' | 'view'): LevelsBody {
  const types = acceptedTypes(accept);
  if (types.some(isText)) return 'text';
  if (types.some(isJson)) return 'json';
  return spelling === 'view' ? 'json' : 'text';
}

/**
 * The levels view asked for: `format` or its synonym `view` (both at once must agree), and for a
 * text format how to answer it. A text format answered as text keeps the params `{ format }` alone,
 * so its ETag is the one it always had; the JSON-wrapped text is another representation, with its own.
 */
export function levelsParams(q: Query, accept: string | string[] | undefined): LevelsView {
  const format = enumParam(q, 'format', LEVELS_FORMATS);
  const view = enumParam(q, 'view', LEVELS_FORMATS);
  if (format !== undefined && view !== undefined && format !== view) {
    throw invalidParam(
      'view',
      `'${view}' disagrees with format '${format}'; send one of them`,
      LEVELS_FORMATS,
    );
  }
  const chosen = format ?? view ?? 'json';
  const equivalent = enumParam(q, 'equivalent', LEVELS_EQUIVALENTS);
  // The JSON levels carry futures_equivalent already: the selector is for the scripts.
  if (chosen === 'json') return { format: chosen };
  const body = levelsBody(accept, format === undefined && view !== undefined ? 'view' : 'format');
  const asked = equivalent === undefined ? {} : { equivalent };
  return body === 'text' ? { format: chosen, ...asked } : { format: chosen, body, ...asked };
}

// Cboe's delayed-quotes JSON: { timestamp, data: { symbol?, current_price, options: [{ option: <OCC
// symbol>, bid, ask, iv, open_interest, volume, delta, gamma, ... }] } }. Strike and expiration
// come from the OCC symbol; vendor greeks are ignored (gamma is recomputed from IV). The timestamp
// is New York time ("2023-08-20 22:38:12") or ISO 8601 with a zone.
import { z } from 'zod';
import { ChainImportError, quoted } from './errors.ts';
import {
  checkIvUnits,
  chooseTicker,
  finishImport,
  type ChainImport,
  type ImportedRow,
} from './chain-import.ts';
import { parseOccSymbol } from './occ-symbol.ts';
import { parseDateTime } from './timestamps.ts';
import { messageOf } from '../../../shared/message-of.ts';

/**
 * JSON.parse reads `1e400` as Infinity: such a figure is refused like a negative one, not read as
 * a missing figure (a null price, an open interest "counted as 0"). The message follows the JSON
 * path of the field (`data.options[3].open_interest: not a finite number`).
 */
const finiteNumber = () =>
  z.number({
    error: (issue) =>
      typeof issue.input === 'number'
        ? 'not a finite number'
        : issue.input === undefined
          ? 'missing'
          : 'must be a number',
  });

const figure = finiteNumber().min(0, 'must not be negative').nullable().optional();

const optionSchema = z.looseObject({
  option: z.string().min(1),
  bid: figure,
  ask: figure,
  iv: figure,
  open_interest: figure,
  volume: figure,
});

const fileSchema = z.looseObject({
  timestamp: z.string().min(1),
  /** Who wrote the file, when not Cboe (the Tradier collector writes 'tradier'). */
  source: z.string().max(40).optional().catch(undefined),
  /** Data-quality notes its writer left (the IV fallbacks the Tradier collector took); else ignored. */
  notes: z.array(z.string().max(500)).max(50).optional().catch(undefined),
  data: z.looseObject({
    symbol: z.string().optional(),
    current_price: finiteNumber().positive('spot must be a positive price'),
    options: z.array(optionSchema).min(1, 'no option rows'),
  }),
});

/** `data.options[3].iv` from a zod issue path. */
function jsonPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : `${out ? '.' : ''}${String(key)}`;
  return out || '(root)';
}

export function importCboeJson(text: string): ChainImport {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ChainImportError('JSON', `not valid JSON: ${messageOf(error)}`);
  }
  const parsed = fileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ChainImportError(jsonPath(issue?.path ?? []), issue?.message ?? 'invalid');
  }
  const { timestamp, data } = parsed.data;
  const notes: string[] = (parsed.data.notes ?? []).map((n) => `${parsed.data.source ?? 'file'}: ${n}`);
  const when = parseDateTime(timestamp);
  if ('error' in when) throw new ChainImportError('timestamp', when.error);
  if (when.assumedNewYork)
    notes.push(`Snapshot time ${quoted(timestamp)}: ${when.assumedNewYork}; New York time assumed`);

  const rows: ImportedRow[] = [];
  let missingOi = 0;
  data.options.forEach((o, i) => {
    const location = `data.options[${i}]`;
    const occ = parseOccSymbol(o.option);
    if (typeof occ === 'string') throw new ChainImportError(`${location}.option`, occ);
    if (o.open_interest === null || o.open_interest === undefined) missingOi++;
    rows.push({
      expiration: occ.expiration,
      strike: occ.strike,
      isCall: occ.isCall,
      iv: o.iv ?? 0,
      openInterest: o.open_interest ?? 0,
      volume: o.volume ?? 0,
      bid: o.bid ?? Number.NaN,
      ask: o.ask ?? Number.NaN,
      root: occ.root,
      location,
    });
  });
  if (missingOi > 0) notes.push(`${missingOi} contracts have no open interest figure; counted as 0`);
  checkIvUnits(rows, notes);
  const stated = data.symbol
    ? data.symbol
        .trim()
        .toUpperCase()
        .replace(/^[_^.]/, '')
    : null;
  const chosen = chooseTicker(rows, stated || null, notes);
  return finishImport(
    'cboe_json',
    { ticker: chosen.ticker, spot: data.current_price, asof: when.epoch, name: null, dateAt: 'timestamp' },
    chosen.rows,
    notes,
  );
}

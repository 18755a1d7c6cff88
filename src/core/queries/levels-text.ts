// Levels as TradingView or thinkorswim text, rendered from the stored levels payload with the
// service's own renderers (src/shared/api/levels-render.ts), so the export works offline and
// reads the same as the API's.
import {
  futureScriptInput,
  renderThinkorswim,
  renderTradingView,
  type RenderOptions,
} from '../../shared/api/levels-render.ts';
import { isLevelKind, levelsDataSchema, type KeyLevel } from '../../shared/api/levels.ts';
import type { BridgeOutput, BridgeParsedInput } from '../../shared/bridge/contract.ts';
import type { Store } from '../store/database.ts';
import { withoutSettledZeroDte } from '../../shared/zero-dte-levels.ts';
import { iso } from './snapshot-meta.ts';

function slug(label: string): string {
  return (
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_|_$/g, '') || 'level'
  );
}

/**
 * The latest stored levels as a script to draw now (`now`: the market clock): a 0DTE level whose
 * expiration settled since the snapshot (a Friday snapshot exported on the weekend) is left out.
 * `simulated`: the store's source is the simulator, and the script says so.
 */
export function levelsText(
  store: Store<unknown>,
  input: BridgeParsedInput<'ticker:levelsText'>,
  now: number,
  simulated = false,
): BridgeOutput<'ticker:levelsText'> {
  const snap = store.snapshots.latest({ endpoint: 'levels', ticker: input.ticker });
  const parsed = levelsDataSchema.safeParse(snap?.data);
  const asof = snap ? iso(snap.asof) : null;
  const stored: KeyLevel[] = parsed.success
    ? parsed.data.levels.map((l) => ({
        id: typeof l['id'] === 'string' ? l['id'] : slug(l.label),
        label: l.label,
        price: l.price,
        // A kind a remote service names that we do not know is drawn like spot (plain grey).
        kind: isLevelKind(l.kind) ? l.kind : 'spot',
        ...(l.expiration === undefined ? {} : { expiration: l.expiration }),
      }))
    : [];
  const { levels, notes } = snap
    ? withoutSettledZeroDte(stored, snap.asof, now)
    : { levels: stored, notes: [] };
  const render = input.format === 'tradingview' ? renderTradingView : renderThinkorswim;
  let drawn = levels;
  let options: RenderOptions = { simulated };
  let name = `${input.ticker}-levels-${input.format}.txt`;
  if (input.equivalent === 'future') {
    // The futures equivalents of the same levels (a settled 0DTE level left out as above).
    const fe = parsed.success ? parsed.data.futures_equivalent : undefined;
    const on = futureScriptInput(input.ticker, levels, fe);
    if ('reason' in on) throw new Error(`${on.reason}.`);
    drawn = on.levels;
    options = { simulated, future: on.future };
    name = `${input.ticker}-${on.future.symbol}-levels-${input.format}.txt`;
  }
  const text = render(input.ticker, asof ?? 'never (no levels stored yet)', drawn, notes, options);
  return { ticker: input.ticker, format: input.format, text, suggestedName: name, asof };
}

// Levels as TradingView or thinkorswim text, rendered from the stored levels payload with the
// service's own renderers, so the export works offline and reads the same as the API's.
import { levelsDataSchema } from '../../shared/api/levels.ts';
import type { BridgeOutput, BridgeParsedInput } from '../../shared/bridge.ts';
import type { KeyLevel, LevelKind } from '../../service/engine/levels.ts';
import { renderThinkorswim, renderTradingView } from '../../service/engine/levels-render.ts';
import type { Store } from '../store/database.ts';
import { iso } from './snapshot-meta.ts';

const KINDS: readonly LevelKind[] = [
  'spot',
  'gamma_flip',
  'sigma_1d',
  'sigma_1w',
  'sigma_1m',
  'call_wall',
  'put_wall',
  'max_pain',
];

function slug(label: string): string {
  return (
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_|_$/g, '') || 'level'
  );
}

export function levelsText(
  store: Store<unknown>,
  input: BridgeParsedInput<'ticker:levelsText'>,
): BridgeOutput<'ticker:levelsText'> {
  const snap = store.snapshots.latest({ endpoint: 'levels', ticker: input.ticker });
  const parsed = levelsDataSchema.safeParse(snap?.data);
  const asof = snap ? iso(snap.asof) : null;
  const levels: KeyLevel[] = parsed.success
    ? parsed.data.levels.map((l) => ({
        id: typeof l['id'] === 'string' ? l['id'] : slug(l.label),
        label: l.label,
        price: l.price,
        kind: (KINDS as readonly string[]).includes(l.kind) ? (l.kind as LevelKind) : 'spot',
      }))
    : [];
  const render = input.format === 'tradingview' ? renderTradingView : renderThinkorswim;
  const text = render(input.ticker, asof ?? 'never (no levels stored yet)', levels);
  return {
    ticker: input.ticker,
    format: input.format,
    text,
    suggestedName: `${input.ticker}-levels-${input.format}.txt`,
    asof,
  };
}

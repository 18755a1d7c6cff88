// Each ranked row's gamma data for the app's gamma filters (shared/rankings/gamma-filters.ts): the
// ranking item's own figures when it carries them, else the ticker's latest stored signals. The
// store reads only the active source, so figures of another source are never mixed in; a row with
// neither has no gamma data (null), which the UI says in words.
import type { TopSetupsItem } from '../../shared/api/index.ts';
import { gammaFromRecord, gammaOfItem, type RowGamma } from '../../shared/rankings/gamma-filters.ts';
import { record } from '../lib/payload-fields.ts';
import type { Store } from '../store/database.ts';
import { iso } from './snapshot-meta.ts';

export function rowGammas(
  store: Store<unknown>,
  items: readonly TopSetupsItem[],
): Map<string, RowGamma | null> {
  const out = new Map<string, RowGamma | null>();
  for (const item of items) {
    if (out.has(item.ticker)) continue;
    const own = gammaOfItem(item);
    if (own) {
      out.set(item.ticker, own);
      continue;
    }
    const signals = store.snapshots.latest({ endpoint: 'signals', ticker: item.ticker });
    out.set(
      item.ticker,
      signals ? gammaFromRecord(record(signals.data), 'ticker_state', iso(signals.asof)) : null,
    );
  }
  return out;
}

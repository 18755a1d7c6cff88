// The watchlist table: one row per ticker from its latest stored signals (labels, scores, flip)
// and market-structure (expected move), with the fields that changed since the previous signals
// snapshot. Read from the store only, so the table works offline.
//
// Two fields are the app's own reading, so the row says what the ticker view says:
// - `gamma_regime` is the dealers' net gamma at spot, the market-structure card's gamma tone
//   (positive / negative), falling back to the spec's spot-vs-flip regime when the card has no
//   tone. The badge adds the flip's side (renderer/lib/gamma-badge.ts).
// - `dist_to_gex_flip_pct` follows the one sign convention of shared/flip-distance.ts: positive
//   when the flip is above spot.
import {
  directionSchema,
  gammaRegimeSchema,
  opportunityTierSchema,
  regimeLabelSchema,
} from '../../shared/api/enums.ts';
import type { TickerRow, TickerRowField } from '../../shared/bridge/tickers.ts';
import { historyPendingSchema } from '../../shared/api/signals.ts';
import type { z } from 'zod';
import { number, record, text } from '../lib/payload-fields.ts';
import type { Store } from '../store/database.ts';
import type { Snapshot } from '../store/repositories/snapshots.ts';
import { isStale, iso } from './snapshot-meta.ts';
import { flipDistancePct } from '../../shared/flip-distance.ts';

/** The card's gamma tone as a regime: `strong_positive` → `positive`; null when there is none. */
function toneRegime(structure: unknown): 'positive' | 'negative' | null {
  const tone = text(record(record(record(structure)?.['drivers'])?.['gamma_tone']), 'state');
  if (tone === null) return null;
  return tone.includes('positive') ? 'positive' : tone.includes('negative') ? 'negative' : null;
}

export interface RowDeps {
  store: Store<unknown>;
  marketNow: number;
  /** The latest poll failure for a ticker, if its last request failed. */
  tickerError(ticker: string): { kind: string; message: string } | null;
}

function label<T extends string>(schema: z.ZodType<T>, value: string | null): T | null {
  if (value === null) return null;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

type Values = Omit<TickerRow, 'ticker' | 'status' | 'error' | 'asof' | 'stale' | 'changed'>;

function values(signals: unknown, structure: unknown, setup: unknown): Values {
  const factors = record(record(structure)?.['supporting_factors']);
  const levels = record(record(structure)?.['key_levels']);
  const movePct = number(factors, 'expected_move_pct_1d');
  const spot = number(levels, 'spot') ?? number(signals, 'price');
  const plus = number(levels, 'plus_1sigma_1d');
  const recommendation = record(record(setup)?.['trade_recommendation']);
  const direction =
    text(signals, 'direction') ?? text(signals, 'recommended_direction') ?? text(recommendation, 'direction');
  const price = number(signals, 'price');
  const flip = number(signals, 'gex_flip');
  return {
    price,
    gamma_regime: toneRegime(structure) ?? label(gammaRegimeSchema, text(signals, 'gamma_regime')),
    regime_label: label(regimeLabelSchema, text(signals, 'regime_label')),
    opportunity_score: number(signals, 'opportunity_score'),
    opportunity_tier: label(opportunityTierSchema, text(signals, 'opportunity_tier')),
    direction: label(directionSchema, direction),
    iv_rank: number(signals, 'iv_rank'),
    atm_iv: number(signals, 'atm_iv'),
    gex_flip: flip,
    dist_to_gex_flip_pct: flipDistancePct(price, flip, number(signals, 'dist_to_gex_flip_pct')),
    expected_move_1d_pct: movePct,
    expected_move_1d:
      plus !== null && spot !== null
        ? plus - spot
        : movePct !== null && spot !== null
          ? (spot * movePct) / 100
          : null,
  };
}

const FIELDS = Object.keys(values(null, null, null)) as TickerRowField[];

/** What an IV rank still waits for, as the signals snapshot says (`history_pending`). */
function ivRankPending(signals: unknown): TickerRow['ivRankPending'] {
  const parsed = historyPendingSchema.safeParse(record(signals)?.['history_pending']);
  return parsed.success ? (parsed.data.iv_rank ?? null) : null;
}

export function tickerRows(deps: RowDeps, tickers: readonly string[]): TickerRow[] {
  const { store } = deps;
  return tickers.map((ticker): TickerRow => {
    const latest = store.snapshots.latest({ endpoint: 'signals', ticker });
    const structure = store.snapshots.latest({ endpoint: 'market_structure', ticker });
    const setup = store.snapshots.latest({ endpoint: 'trade_setup', ticker });
    const failure = deps.tickerError(ticker);
    if (!latest) {
      return {
        ticker,
        status: failure ? (failure.kind === 'not_found' ? 'unknown_ticker' : 'error') : 'pending',
        error: failure?.message ?? null,
        ...values(null, structure?.data, setup?.data),
        asof: null,
        stale: false,
        changed: [],
      };
    }
    const now = values(latest.data, structure?.data, setup?.data);
    const previous: Snapshot | undefined = store.snapshots.previous(
      { endpoint: 'signals', ticker },
      latest.asof,
    );
    const before = previous
      ? values(
          previous.data,
          store.snapshots.latestAtOrBefore({ endpoint: 'market_structure', ticker }, previous.asof)?.data,
          store.snapshots.latestAtOrBefore({ endpoint: 'trade_setup', ticker }, previous.asof)?.data,
        )
      : null;
    const changed = before ? FIELDS.filter((f) => !Object.is(now[f], before[f])) : [];
    return {
      ticker,
      status: 'ok',
      error: failure?.message ?? null,
      ...now,
      asof: iso(latest.asof),
      stale: isStale(latest.asof, deps.marketNow),
      changed,
      ivRankPending: now.iv_rank === null ? ivRankPending(latest.data) : null,
    };
  });
}

// The key levels as the Market structure ladder and the Levels table show them: one list, one
// rule for "from spot", so a level never reads two distances on two tabs.
// - Walls and max pain: from the market-structure record's key_levels (call_wall, put_wall,
//   max_pain) when it carries them, else from the levels payload (kinds call_wall, put_wall,
//   max_pain), so the card lists them either way.
// - A ±1σ level's distance from spot is the service's expected move (supporting_factors
//   expected_move_pct_1d / _1w / _1m) with one rounding, never a percent recomputed from rounded
//   prices (which read 0.53 % on one tab and 0.54 % on the other). The gamma flip's distance is
//   the one the headline and the card show (shared/flip-distance.ts), not one recomputed from
//   rounded prices (+0.73 % here beside +0.72 % there). Other levels:
//   (price − spot) / spot.
// - Names and definitions come from the shared label table (figure-labels.ts).
// - A 0DTE level is its expiration's until it settles (shared/zero-dte-levels.ts): after that the
//   table and the charts leave it out and say so, as the exports do (levelsInForce).
import type { LevelsData, MarketStructureData } from '../../../shared/api/index.ts';
import { figureDefinition, figureName } from '../../../shared/figure-labels.ts';
import { flipDistancePct } from '../../../shared/flip-distance.ts';
import { equivalentTick, futureOf, onTick } from '../../../shared/futures-contract.ts';
import { withoutSettledZeroDte } from '../../../shared/zero-dte-levels.ts';

export interface LadderLevel {
  /** Stable key: spot, gamma_flip, plus_1sigma_1d, call_wall, … */
  id: string;
  /** The payload's kind (spot, gamma_flip, sigma_1d, call_wall, abs_gamma…), for its colour. */
  kindKey: string;
  label: string;
  /** What kind of level it is, in words ("Call wall", "1σ 1-day move"). */
  kind: string;
  price: number;
  /** Percent of spot, signed (above spot positive); null for spot itself. */
  fromSpotPct: number | null;
  /** What the level is, in one line (the label table's definition), for the label's tooltip. */
  definition: string;
}

const KIND_LABELS: Readonly<Record<string, string>> = {
  spot: figureName('spot') as string,
  gamma_flip: figureName('gamma_flip') as string,
  sigma_1d: '1σ 1-day move',
  sigma_1w: '1σ 1-week move',
  sigma_1m: '1σ 1-month move',
  call_wall: figureName('call_wall') as string,
  put_wall: figureName('put_wall') as string,
  max_pain: figureName('max_pain') as string,
  // The more levels (engine/more-levels.ts).
  abs_gamma: figureName('abs_gamma_strike') as string,
  gex_positive: figureName('gex_positive') as string,
  gex_negative: figureName('gex_negative') as string,
  nearest_flip: figureName('nearest_expiry_flip') as string,
  zero_dte_flip: figureName('zero_dte_flip') as string,
  zero_dte_call_wall: figureName('zero_dte_call_wall') as string,
  zero_dte_put_wall: figureName('zero_dte_put_wall') as string,
};

/** The definition of a level by its id (plus_1sigma_1d, call_wall…) or, failing that, its kind. */
function definitionOf(id: string, kind: string): string {
  return figureDefinition(id) ?? figureDefinition(kind) ?? kindLabel(kind);
}

/** A level kind in words; an unknown kind a remote service names reads as its words. */
export function kindLabel(kind: string): string {
  const known = KIND_LABELS[kind];
  if (known) return known;
  const text = kind.replaceAll('_', ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const WALLS = (['call_wall', 'put_wall', 'max_pain'] as const).map(
  (id) => [id, figureName(id) as string] as const,
);

const SIGMA = /^(plus|minus)_1sigma_(1d|1w|1m)$/;

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The service's expected move for a horizon, percent of spot; null when it does not give one. */
export function expectedMovePct(
  factors: Record<string, unknown> | null | undefined,
  horizon: '1d' | '1w' | '1m',
): number | null {
  return num(factors?.[`expected_move_pct_${horizon}`]);
}

function sigmaId(id: string | null, kind: string, price: number, spot: number): string | null {
  if (id && SIGMA.test(id)) return id;
  const m = /^sigma_(1d|1w|1m)$/.exec(kind);
  if (!m) return null;
  return `${price >= spot ? 'plus' : 'minus'}_1sigma_${m[1]}`;
}

/** The flip's distance as the headline and the card read it: the service's figure, signed by the two prices. */
export function flipFromSpot(data: MarketStructureData | null): number | null {
  if (!data) return null;
  return flipDistancePct(
    data.key_levels.spot,
    data.key_levels.gamma_flip,
    data.drivers.flip_context?.distance_pct ?? data.supporting_factors.distance_to_flip_pct,
  );
}

function fromSpot(
  id: string,
  price: number,
  spot: number,
  factors: Record<string, unknown> | null | undefined,
  flipPct: number | null = null,
): number | null {
  if (id === 'spot') return null;
  if (id === 'gamma_flip' && flipPct !== null) return flipPct;
  const sigma = SIGMA.exec(id);
  if (sigma) {
    const move = expectedMovePct(factors, sigma[2] as '1d' | '1w' | '1m');
    if (move !== null) return sigma[1] === 'plus' ? move : -move;
  }
  return spot > 0 ? ((price - spot) / spot) * 100 : null;
}

/** The Market structure ladder: key_levels plus the walls, price descending. */
export function structureLadder(data: MarketStructureData, levels: LevelsData | null): LadderLevel[] {
  const kl = data.key_levels as Record<string, unknown>;
  const factors = data.supporting_factors as Record<string, unknown>;
  const spot = data.key_levels.spot;
  const flipPct = flipFromSpot(data);
  const name = (id: string) => figureName(id) as string;
  const entries: [string, string, string, number | null][] = [
    ['plus_1sigma_1m', name('plus_1sigma_1m'), 'sigma_1m', data.key_levels.plus_1sigma_1m],
    ['plus_1sigma_1w', name('plus_1sigma_1w'), 'sigma_1w', data.key_levels.plus_1sigma_1w],
    ['plus_1sigma_1d', name('plus_1sigma_1d'), 'sigma_1d', data.key_levels.plus_1sigma_1d],
    ['spot', name('spot'), 'spot', spot],
    ['gamma_flip', name('gamma_flip'), 'gamma_flip', data.key_levels.gamma_flip],
    ['minus_1sigma_1d', name('minus_1sigma_1d'), 'sigma_1d', data.key_levels.minus_1sigma_1d],
    ['minus_1sigma_1w', name('minus_1sigma_1w'), 'sigma_1w', data.key_levels.minus_1sigma_1w],
    ['minus_1sigma_1m', name('minus_1sigma_1m'), 'sigma_1m', data.key_levels.minus_1sigma_1m],
  ];
  for (const [id, label] of WALLS) {
    // The record's own figure when it has the key (even null: "none"); else the levels payload.
    const price = id in kl ? num(kl[id]) : (levels?.levels.find((l) => l.kind === id)?.price ?? null);
    entries.push([id, label, id, price]);
  }
  return entries
    .filter((e): e is [string, string, string, number] => e[3] !== null)
    .map(([id, label, kind, price]) => ({
      id,
      kindKey: kind,
      label,
      kind: kindLabel(kind),
      price,
      fromSpotPct: fromSpot(id, price, spot, factors, flipPct),
      definition: definitionOf(id, kind),
    }))
    .sort((a, b) => b.price - a.price);
}

/**
 * The levels payload as in force at `now` (epoch ms): the 0DTE levels of an expiration that has
 * settled by then left out, with a sentence for each such expiration. `snapshotAsof` is the stored
 * snapshot's time (ISO), which dates 0DTE levels stored before they named their expiration.
 */
export function levelsInForce(
  levels: LevelsData,
  snapshotAsof: string | null | undefined,
  now: number,
): { data: LevelsData; notes: string[] } {
  const asof = snapshotAsof ? Date.parse(snapshotAsof) : Number.NaN;
  if (!Number.isFinite(asof) || !Number.isFinite(now)) return { data: levels, notes: [] };
  const { levels: kept, notes } = withoutSettledZeroDte(levels.levels, asof, now);
  if (kept.length === levels.levels.length) return { data: levels, notes };
  return { data: { ...levels, levels: kept }, notes };
}

/** The Levels table: the levels payload, each with its kind in words and the same "from spot". */
export function levelsRows(levels: LevelsData, structure: MarketStructureData | null): LadderLevel[] {
  const factors = (structure?.supporting_factors ?? null) as Record<string, unknown> | null;
  const spot = levels.price;
  // The record's flip distance only when both payloads speak of the same spot (one snapshot).
  const sameSpot = structure !== null && Math.abs(structure.key_levels.spot - spot) < 0.005;
  const flipPct = sameSpot ? flipFromSpot(structure) : null;
  return levels.levels.map((level, i) => {
    const rawId = typeof level['id'] === 'string' ? level['id'] : null;
    const id = sigmaId(rawId, level.kind, level.price, spot) ?? rawId ?? `${level.kind}-${i}`;
    return {
      id,
      kindKey: level.kind,
      label: level.label,
      kind: kindLabel(level.kind),
      price: level.price,
      fromSpotPct:
        level.kind === 'spot'
          ? null
          : fromSpot(level.kind === 'gamma_flip' ? 'gamma_flip' : id, level.price, spot, factors, flipPct),
      definition: definitionOf(id, level.kind),
    };
  });
}

/** The Levels table's futures column (SPX → ES): its heading, one figure per row, and its caption. */
export interface FuturesColumn {
  /** "ES equivalent". */
  heading: string;
  /**
   * The index whose unit the future's figures read in (SPX for ES, from SPY too): index points, never
   * "$", whatever the row's own ticker is quoted in.
   */
  quotedAs: string;
  /** Each row's equivalent, in the rows' order (levelsRows keeps the payload's); null where none. */
  prices: (number | null)[];
  /** The contract, the basis and how it was read; or why there is no figure. */
  caption: string;
}

/** The futures column of a levels payload, or null for a ticker without a future. */
export function futuresColumn(levels: LevelsData): FuturesColumn | null {
  const fe = levels.futures_equivalent;
  if (fe === undefined) return null;
  const heading = `${fe.symbol} equivalent`;
  const quotedAs = futureOf(levels.ticker)?.index ?? levels.ticker;
  if (fe.basis === null) {
    return {
      heading,
      quotedAs,
      prices: levels.levels.map(() => null),
      caption: `No ${fe.symbol} equivalent: ${fe.reason ?? 'no basis'}.`,
    };
  }
  const signed = `${fe.basis >= 0 ? '+' : '−'}${Math.abs(fe.basis).toFixed(2)}`;
  const roll = fe.rolls === undefined ? '' : `; the next contract is the front from ${fe.rolls}`;
  const tick = equivalentTick(fe);
  const onIts = tick === null ? '' : `, on ${fe.symbol}'s ${tick.toFixed(2)} tick`;
  return {
    heading,
    quotedAs,
    // On the tick even where the payload was stored before the service rounded to it (cents).
    prices: levels.levels.map((l) => {
      const id = l['id'];
      const at = typeof id === 'string' ? fe.levels[id] : undefined;
      return at === undefined ? null : onTick(fe.symbol, at);
    }),
    caption: `${heading}: ${fe.contract} (settles ${fe.settles}${roll}), each level ${signed}, the basis (fair value − spot; ${fe.basis_source ?? ''})${onIts}.`,
  };
}

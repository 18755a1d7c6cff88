// The key levels as the Market structure ladder and the Levels table show them: one list, one
// rule for "from spot" (issue 12, items 1 and 4).
// - Walls and max pain: from the market-structure record's key_levels (call_wall, put_wall,
//   max_pain) when it carries them, else from the levels payload (kinds call_wall, put_wall,
//   max_pain), so the card lists them either way.
// - A ±1σ level's distance from spot is the service's expected move (supporting_factors
//   expected_move_pct_1d / _1w / _1m) with one rounding, never a percent recomputed from rounded
//   prices (which read 0.53 % on one tab and 0.54 % on the other). Other levels: (price − spot) / spot.
import type { LevelsData, MarketStructureData } from '../../../shared/api/index.ts';

export interface LadderLevel {
  /** Stable key: spot, gamma_flip, plus_1sigma_1d, call_wall, … */
  id: string;
  label: string;
  /** What kind of level it is, in words ("Call wall", "1σ 1-day move"). */
  kind: string;
  price: number;
  /** Percent of spot, signed (above spot positive); null for spot itself. */
  fromSpotPct: number | null;
}

const KIND_LABELS: Readonly<Record<string, string>> = {
  spot: 'Spot',
  gamma_flip: 'Gamma flip',
  sigma_1d: '1σ 1-day move',
  sigma_1w: '1σ 1-week move',
  sigma_1m: '1σ 1-month move',
  call_wall: 'Call wall',
  put_wall: 'Put wall',
  max_pain: 'Max pain',
};

/** A level kind in words; an unknown kind a remote service names reads as its words. */
export function kindLabel(kind: string): string {
  const known = KIND_LABELS[kind];
  if (known) return known;
  const text = kind.replaceAll('_', ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const WALLS = [
  ['call_wall', 'Call wall'],
  ['put_wall', 'Put wall'],
  ['max_pain', 'Max pain'],
] as const;

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

function fromSpot(
  id: string,
  price: number,
  spot: number,
  factors: Record<string, unknown> | null | undefined,
): number | null {
  if (id === 'spot') return null;
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
  const entries: [string, string, string, number | null][] = [
    ['plus_1sigma_1m', '+1σ 1M', 'sigma_1m', data.key_levels.plus_1sigma_1m],
    ['plus_1sigma_1w', '+1σ 1W', 'sigma_1w', data.key_levels.plus_1sigma_1w],
    ['plus_1sigma_1d', '+1σ 1D', 'sigma_1d', data.key_levels.plus_1sigma_1d],
    ['spot', 'Spot', 'spot', spot],
    ['gamma_flip', 'Gamma flip', 'gamma_flip', data.key_levels.gamma_flip],
    ['minus_1sigma_1d', '−1σ 1D', 'sigma_1d', data.key_levels.minus_1sigma_1d],
    ['minus_1sigma_1w', '−1σ 1W', 'sigma_1w', data.key_levels.minus_1sigma_1w],
    ['minus_1sigma_1m', '−1σ 1M', 'sigma_1m', data.key_levels.minus_1sigma_1m],
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
      label,
      kind: kindLabel(kind),
      price,
      fromSpotPct: fromSpot(id, price, spot, factors),
    }))
    .sort((a, b) => b.price - a.price);
}

/** The Levels table: the levels payload, each with its kind in words and the same "from spot". */
export function levelsRows(levels: LevelsData, structure: MarketStructureData | null): LadderLevel[] {
  const factors = (structure?.supporting_factors ?? null) as Record<string, unknown> | null;
  const spot = levels.price;
  return levels.levels.map((level, i) => {
    const rawId = typeof level['id'] === 'string' ? level['id'] : null;
    const id = sigmaId(rawId, level.kind, level.price, spot) ?? rawId ?? `${level.kind}-${i}`;
    return {
      id,
      label: level.label,
      kind: kindLabel(level.kind),
      price: level.price,
      fromSpotPct: level.kind === 'spot' ? null : fromSpot(id, level.price, spot, factors),
    };
  });
}

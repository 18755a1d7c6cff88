// One name, one unit, one rounding and one definition per figure. The API has several names for
// some figures (`gex_flip`, `gamma_flip_price`, `key_levels.gamma_flip`; the net GEX is
// `gex_usd_per_1_pct_move` in signals and `gamma_notional_per_1pct_move_usd` in the
// market-structure record); they all resolve here to one figure, so the ticker page, Key levels,
// the watchlist, the curves, the history compare, the CSV exports and alert messages call it the
// same thing and read it in the same unit. Shared: the renderer and the core import it alike.

/**
 * How a figure's number reads:
 * - `level`: a price level, "$" for stocks and ETFs, index points (no "$") for indexes;
 * - `usd`: a USD notional, compact ($1.2B);
 * - `percent`: already in percent units (1.78 → 1.78%);
 * - `iv`: an implied volatility given as a decimal, shown and exported in percent (0.1304 → 13.04);
 * - `vol_points`: a difference of two IVs, in vol points ("+0.42 pts"), never a percent;
 * - `rank` 0-100, `score`, `ratio`, `number`: plain numbers.
 */
export type FigureUnit =
  'level' | 'usd' | 'percent' | 'iv' | 'vol_points' | 'rank' | 'score' | 'ratio' | 'number';

export interface Figure {
  /** The one name every screen, export and alert uses. */
  name: string;
  unit: FigureUnit;
  /** Decimals shown, in the unit shown (an IV's in percent). */
  digits: number;
  /** One line a trader reads on hover and in docs/figures.md. */
  definition: string;
  /** A change or a distance: positives read with "+". */
  signed?: boolean;
}

/** The rounding rule for every percent distance (to the flip, to a level): two decimals, half away from zero. */
export const DISTANCE_DIGITS = 2;

/** Figures by their canonical key. */
export const FIGURES = {
  price: {
    name: 'Price',
    unit: 'level',
    digits: 2,
    definition: 'Last price of the underlying: $ for stocks and ETFs, index points for indexes.',
  },
  // The same number as a level on charts and ladders, where it is what distances are measured from.
  spot: {
    name: 'Spot',
    unit: 'level',
    digits: 2,
    definition: 'The underlying’s last price, the level every distance on this page is measured from.',
  },
  gex_flip: {
    name: 'Gamma flip',
    unit: 'level',
    digits: 2,
    definition:
      'Price where net dealer gamma changes sign: above it dealers are long gamma (they damp moves), below it short gamma (they amplify them).',
  },
  dist_to_gex_flip_pct: {
    name: 'Distance to flip',
    signed: true,
    unit: 'percent',
    digits: DISTANCE_DIGITS,
    definition:
      '(flip − spot) / spot × 100, two decimals: positive when the flip is above spot, negative when below.',
  },
  call_wall: {
    name: 'Call wall',
    unit: 'level',
    digits: 2,
    definition:
      'Strike with the largest call GEX at or above spot: where dealer hedging tends to cap rallies.',
  },
  put_wall: {
    name: 'Put wall',
    unit: 'level',
    digits: 2,
    definition:
      'Strike with the largest put GEX at or below spot: where dealer hedging tends to cushion drops.',
  },
  max_pain: {
    name: 'Max pain',
    unit: 'level',
    digits: 2,
    definition:
      'Strike of the nearest expiration at which its open options would pay their holders the least at expiry.',
  },
  plus_1sigma_1d: {
    name: '+1σ 1D',
    unit: 'level',
    digits: 2,
    definition: 'Spot plus the 1-day expected move, spot × ATM IV × √(1/252).',
  },
  minus_1sigma_1d: {
    name: '−1σ 1D',
    unit: 'level',
    digits: 2,
    definition: 'Spot minus the 1-day expected move, spot × ATM IV × √(1/252).',
  },
  plus_1sigma_1w: {
    name: '+1σ 1W',
    unit: 'level',
    digits: 2,
    definition: 'Spot plus the 1-week expected move, spot × ATM IV × √(5/252).',
  },
  minus_1sigma_1w: {
    name: '−1σ 1W',
    unit: 'level',
    digits: 2,
    definition: 'Spot minus the 1-week expected move, spot × ATM IV × √(5/252).',
  },
  plus_1sigma_1m: {
    name: '+1σ 1M',
    unit: 'level',
    digits: 2,
    definition: 'Spot plus the 1-month expected move, spot × ATM IV × √(21/252).',
  },
  minus_1sigma_1m: {
    name: '−1σ 1M',
    unit: 'level',
    digits: 2,
    definition: 'Spot minus the 1-month expected move, spot × ATM IV × √(21/252).',
  },
  gex_usd_per_1_pct_move: {
    name: 'Net GEX per 1% move',
    unit: 'usd',
    digits: 0,
    definition:
      'Net dealer gamma exposure of every expiration at spot, in USD of stock dealers trade for a 1% move (calls − puts).',
  },
  nearest_gex_usd_per_1_pct_move: {
    name: 'Nearest-expiry GEX per 1% move',
    unit: 'usd',
    digits: 0,
    definition: 'Net GEX of the nearest expiration only, USD per 1% move.',
  },
  atm_iv: {
    name: 'ATM IV (30d)',
    unit: 'iv',
    digits: 1,
    definition: 'At-the-money implied volatility interpolated to 30 days, annualized.',
  },
  // IV by strike (options volume with include=iv; the skew chart): one expiration, not 30 days.
  expiry_atm_iv: {
    name: 'ATM IV (this expiration)',
    unit: 'iv',
    digits: 1,
    definition:
      "At-the-money implied vol of one expiration: call and put IV averaged per strike, read at that expiration's forward.",
  },
  call_iv: {
    name: 'Call IV',
    unit: 'iv',
    digits: 1,
    definition:
      'Implied vol of the call at one strike of one expiration, as the chain quotes it; none without a usable quote.',
  },
  put_iv: {
    name: 'Put IV',
    unit: 'iv',
    digits: 1,
    definition:
      'Implied vol of the put at one strike of one expiration, as the chain quotes it; none without a usable quote.',
  },
  iv_pct_chg: {
    name: 'ATM IV change',
    signed: true,
    unit: 'vol_points',
    digits: 2,
    definition:
      'ATM IV now minus ATM IV at the prior session close, in vol points (13.0% → 12.8% is −0.20 pts).',
  },
  ivAtMaxDelta: {
    name: 'IV at top Δ·OI strike',
    unit: 'iv',
    digits: 1,
    definition:
      'Implied vol of the strike with the largest |delta| × open interest in the expiration nearest 30 days: the IV where the most delta-weighted positioning sits.',
  },
  iv_rank: {
    name: 'IV rank',
    unit: 'rank',
    digits: 0,
    definition:
      'Where ATM IV sits between its low and high of the last 252 sessions: (IV − low) / (high − low) × 100.',
  },
  call_25d_iv: {
    name: 'Call 25Δ IV (30d)',
    unit: 'iv',
    digits: 1,
    definition: 'Implied vol of the 25-delta call, 30 days.',
  },
  put_25d_iv: {
    name: 'Put 25Δ IV (30d)',
    unit: 'iv',
    digits: 1,
    definition: 'Implied vol of the 25-delta put, 30 days.',
  },
  put_call_iv_spread: {
    name: '25Δ put − call IV',
    signed: true,
    unit: 'vol_points',
    digits: 2,
    definition: '25-delta put IV minus 25-delta call IV, in vol points: positive when puts are bid.',
  },
  put_call_25d_iv_premium_pct: {
    name: '25Δ put IV premium',
    signed: true,
    unit: 'percent',
    digits: 2,
    definition:
      'How much richer the 25-delta put IV is than the 25-delta call IV, in percent of the call IV.',
  },
  expected_move_pct_1d: {
    name: 'Expected move 1D',
    unit: 'percent',
    digits: DISTANCE_DIGITS,
    definition: 'One standard deviation of the 1-day move implied by ATM IV, percent of spot.',
  },
  expected_move_pct_1w: {
    name: 'Expected move 1W',
    unit: 'percent',
    digits: DISTANCE_DIGITS,
    definition: 'One standard deviation of the 1-week move implied by ATM IV, percent of spot.',
  },
  expected_move_pct_1m: {
    name: 'Expected move 1M',
    unit: 'percent',
    digits: DISTANCE_DIGITS,
    definition: 'One standard deviation of the 1-month move implied by ATM IV, percent of spot.',
  },
  pct_gamma_expiring: {
    name: 'Gamma expiring (nearest)',
    unit: 'percent',
    digits: 1,
    definition: 'Share of total gamma that expires at the nearest expiration.',
  },
  vanna_usd_per_1_vol_pt: {
    name: 'Dealer vanna per vol point',
    unit: 'usd',
    digits: 0,
    definition:
      'USD of delta dealers gain when implied vol rises 1 point: vanna × 0.01 × OI × 100 × spot, calls + and puts −, every expiration.',
    signed: true,
  },
  charm_usd_per_day: {
    name: 'Dealer charm per day',
    unit: 'usd',
    digits: 0,
    definition:
      'USD of delta dealers gain as one calendar day passes, spot and IV unchanged: charm / 365 × OI × 100 × spot, calls + and puts −.',
    signed: true,
  },
  zero_dte_gex_usd_per_1_pct_move: {
    name: '0DTE GEX per 1% move',
    unit: 'usd',
    digits: 0,
    definition:
      'Net GEX of the expiration that ends today alone, USD per 1% move; none on a day without one.',
  },
  zero_dte_gamma_share_pct: {
    name: '0DTE share of gamma',
    unit: 'percent',
    digits: 1,
    definition: 'Share of gross gamma (Σ|GEX|) in the expiration that ends today.',
  },
  // Levels beyond the flip and the walls (engine/more-levels.ts), and the skew by expiration (term-structure.ts).
  abs_gamma_strike: {
    name: 'Absolute-gamma strike',
    unit: 'level',
    digits: 2,
    definition:
      "The strike with the largest net GEX by size, either sign, over every expiration: where dealers' hedging is heaviest.",
  },
  gex_positive: {
    name: 'Positive GEX strike',
    unit: 'level',
    digits: 2,
    definition:
      'One of the three strikes with the largest positive net GEX (dealers long gamma there: they sell rallies and buy dips).',
  },
  gex_negative: {
    name: 'Negative GEX strike',
    unit: 'level',
    digits: 2,
    definition:
      'One of the three strikes with the largest negative net GEX (dealers short gamma there: they chase the move).',
  },
  nearest_expiry_flip: {
    name: 'Nearest-expiry flip',
    unit: 'level',
    digits: 2,
    definition: "Where the nearest expiration's own net gamma changes sign.",
  },
  zero_dte_flip: {
    name: '0DTE flip',
    unit: 'level',
    digits: 2,
    definition: 'Where the net gamma of the expiration ending today changes sign.',
  },
  zero_dte_call_wall: {
    name: '0DTE call wall',
    unit: 'level',
    digits: 2,
    definition:
      'The call wall of the expiration ending today alone: its strike at or above spot with the largest call gamma.',
  },
  zero_dte_put_wall: {
    name: '0DTE put wall',
    unit: 'level',
    digits: 2,
    definition:
      'The put wall of the expiration ending today alone: its strike at or below spot with the largest put gamma.',
  },
  risk_reversal_25d_pts: {
    name: '25Δ risk reversal',
    unit: 'vol_points',
    digits: 2,
    definition:
      "One expiration's 25-delta call IV minus its 25-delta put IV, in vol points (negative: puts richer).",
    signed: true,
  },
  butterfly_25d_pts: {
    name: '25Δ butterfly',
    unit: 'vol_points',
    digits: 2,
    definition:
      "The mean of one expiration's 25-delta call and put IVs minus its ATM IV, in vol points (the smile's curvature).",
    signed: true,
  },
  pcr_oi: {
    name: 'Put/call OI',
    unit: 'ratio',
    digits: 2,
    definition: 'Put open interest divided by call open interest.',
  },
  pcr_volume: {
    name: 'Put/call volume',
    unit: 'ratio',
    digits: 2,
    definition: 'Put volume divided by call volume, today.',
  },
  realized_vol_20d: {
    name: 'Realized vol 20d (ann.)',
    unit: 'percent',
    digits: 1,
    definition: 'Annualized standard deviation of the last 20 daily log returns.',
  },
  speculative_interest_score: {
    name: 'Speculative interest (0-1)',
    unit: 'score',
    digits: 2,
    definition:
      'How much of the call activity looks speculative (short-dated, out of the money): 0 none, 1 all.',
  },
  futures_basis: {
    name: 'Futures basis',
    unit: 'level',
    digits: 2,
    signed: true,
    definition:
      "The front quarterly future's fair value (the index's forward to its settlement, read from the chain's put-call parity) − spot, in index points; each ES, NQ or RTY equivalent is the level plus it (an ETF's level × the index/ETF ratio first), on the contract's tick (0.25 ES/NQ, 0.10 RTY).",
  },
} as const satisfies Record<string, Figure>;

export type FigureKey = keyof typeof FIGURES;

/** Other names of the same figures: payload keys and nested paths (array indices as `*`). */
export const FIGURE_ALIASES: Readonly<Record<string, FigureKey>> = {
  'key_levels.spot': 'spot',
  'supporting_factors.spot': 'spot',
  gamma_flip: 'gex_flip',
  gamma_flip_price: 'gex_flip',
  gex_flip_price: 'gex_flip',
  'key_levels.gamma_flip': 'gex_flip',
  'supporting_factors.gamma_flip': 'gex_flip',
  distance_to_flip_pct: 'dist_to_gex_flip_pct',
  'supporting_factors.distance_to_flip_pct': 'dist_to_gex_flip_pct',
  'drivers.flip_context.distance_pct': 'dist_to_gex_flip_pct',
  gamma_notional_per_1pct_move_usd: 'gex_usd_per_1_pct_move',
  'supporting_factors.gamma_notional_per_1pct_move_usd': 'gex_usd_per_1_pct_move',
  usd_per_1pct_move: 'gex_usd_per_1_pct_move',
  pct_gamma_expiring_nearest_expiry: 'pct_gamma_expiring',
  // The trade-setup payload's name for it.
  speculation_score: 'speculative_interest_score',
  'supporting_factors.pct_gamma_expiring_nearest_expiry': 'pct_gamma_expiring',
  'supporting_factors.put_call_25d_iv_premium_pct': 'put_call_25d_iv_premium_pct',
  'supporting_factors.speculative_interest_score': 'speculative_interest_score',
  'key_levels.call_wall': 'call_wall',
  'key_levels.put_wall': 'put_wall',
  'key_levels.max_pain': 'max_pain',
  'key_levels.plus_1sigma_1d': 'plus_1sigma_1d',
  'key_levels.minus_1sigma_1d': 'minus_1sigma_1d',
  'key_levels.plus_1sigma_1w': 'plus_1sigma_1w',
  'key_levels.minus_1sigma_1w': 'minus_1sigma_1w',
  'key_levels.plus_1sigma_1m': 'plus_1sigma_1m',
  'key_levels.minus_1sigma_1m': 'minus_1sigma_1m',
  // Level kinds of /levels (levels.ts LEVEL_KINDS) and level ids with a rank.
  abs_gamma: 'abs_gamma_strike',
  nearest_flip: 'nearest_expiry_flip',
  gex_positive_1: 'gex_positive',
  gex_positive_2: 'gex_positive',
  gex_positive_3: 'gex_positive',
  gex_negative_1: 'gex_negative',
  gex_negative_2: 'gex_negative',
  gex_negative_3: 'gex_negative',
  'term_structure.points.*.risk_reversal_25d_pts': 'risk_reversal_25d_pts',
  'term_structure.points.*.butterfly_25d_pts': 'butterfly_25d_pts',
  'zero_dte.flip': 'zero_dte_flip',
  'zero_dte.call_wall': 'zero_dte_call_wall',
  'zero_dte.put_wall': 'zero_dte_put_wall',
  'zero_dte.gex_usd_per_1_pct_move': 'zero_dte_gex_usd_per_1_pct_move',
  'zero_dte.gamma_share_pct': 'zero_dte_gamma_share_pct',
  'futures_equivalent.basis': 'futures_basis',
};

/** The canonical key of a payload key or path, when the table knows the figure. */
export function figureKeyOf(keyOrPath: string): FigureKey | undefined {
  const path = keyOrPath.replace(/\.\d+(?=\.|$)/g, '.*');
  if (Object.hasOwn(FIGURES, path)) return path as FigureKey;
  return FIGURE_ALIASES[path];
}

/** The figure a payload key or path names, when the table knows it. */
export function figureOf(keyOrPath: string): Figure | undefined {
  const key = figureKeyOf(keyOrPath);
  return key ? FIGURES[key] : undefined;
}

/** The one name of a figure, when the table knows it. */
export function figureName(keyOrPath: string): string | undefined {
  return figureOf(keyOrPath)?.name;
}

/** The one-line definition of a figure, for a tooltip; undefined for figures the table does not define. */
export function figureDefinition(keyOrPath: string): string | undefined {
  return figureOf(keyOrPath)?.definition;
}

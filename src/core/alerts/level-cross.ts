// Level-cross rules: spot changed sides of a price level. Either may have moved: spot crossing a
// still level ("SPY spot fell below the gamma flip") is a different story from a level that moved
// across a still spot ("SPY gamma flip moved above spot"), so the wording says which one moved.
//
// Where the levels come from: the flip and the 1σ levels from market-structure `key_levels`; the
// walls and max pain from the levels payload (`levels[]` by kind), which all stored snapshots
// carry; the levels beyond them (absolute gamma, top GEX strikes, nearest-expiry and 0DTE flip and
// walls) from the same payload by id (a snapshot stored before they existed has none: no crossing); a custom level is the rule's own fixed price, against market-structure spot.
//
// A futures level (`future.gamma_flip`: the ES equivalent of the SPX flip) is read from the levels
// payload's `futures_equivalent`: the level + the basis, on the contract's tick, against spot + the
// basis (to the cent), the ES-equivalent price. Both move by the same basis, so it fires when spot
// crosses the index level give or take half a tick (0.125 point on ES); what a
// futures trader reads is in ES figures: the ES level and the ES-equivalent price (the future's own
// price is not known to the app), with the contract and the basis in the details.
//
// A 0DTE level belongs to one expiration (shared/zero-dte-levels.ts): it is compared only with the
// same expiration's. Friday's 0DTE flip and Monday's are two different levels, so the first Monday
// snapshot is a baseline, not a crossing.
import {
  futureLevelBase,
  LEVELS_BY_ID,
  type CrossLevel,
  type LevelBuffer,
} from '../../shared/alert-rules.ts';
import { futureLevelText, levelText, priceText, signedPct } from '../../shared/alert-labels.ts';
import type { SnapshotEndpoint } from '../../shared/bridge/tickers.ts';
import { futureOf, onTick } from '../../shared/futures-contract.ts';
import { ZERO_DTE_LEVEL_KINDS, zeroDteExpirationOf } from '../../shared/zero-dte-levels.ts';
import { number, record, spotAndLevel, text } from '../lib/payload-fields.ts';
import { beyondPct, bufferedCrossAtLast, bufferText } from './level-buffer.ts';

export interface LevelCrossCondition {
  level: CrossLevel;
  price?: number | undefined;
  direction: 'up' | 'down' | 'any';
  buffer?: LevelBuffer | undefined;
}

export interface LevelCrossFiring {
  from: 'above' | 'below';
  to: 'above' | 'below';
  title: string;
  message: string;
  details: Record<string, unknown>;
}

const FROM_LEVELS_PAYLOAD: ReadonlySet<CrossLevel> = new Set(['call_wall', 'put_wall', 'max_pain']);
/** Levels beyond the walls, found in the levels payload by their id (engine/more-levels.ts). */
const BY_LEVEL_ID: ReadonlySet<CrossLevel> = new Set(LEVELS_BY_ID);

export function levelEndpoint(level: CrossLevel): SnapshotEndpoint {
  const fromLevels = FROM_LEVELS_PAYLOAD.has(level) || BY_LEVEL_ID.has(level);
  return fromLevels || futureLevelBase(level) !== null ? 'levels' : 'market_structure';
}

/** The future a payload's futures equivalents are on, with its contract and basis; null without a basis. */
export function futureOfPayload(payload: unknown): PayloadFuture | null {
  const fe = record(record(payload)?.['futures_equivalent']);
  const symbol = text(fe, 'symbol');
  const contract = text(fe, 'contract');
  const basis = number(fe, 'basis');
  // An ETF's (SPY's) levels reach the future through its index: × ratio, then + basis.
  const ratio = number(fe, 'ratio') ?? 1;
  return symbol === null || contract === null || basis === null ? null : { symbol, contract, basis, ratio };
}

interface PayloadFuture {
  symbol: string;
  contract: string;
  basis: number;
  /** Index spot / ETF spot for an ETF's levels; 1 for an index's. */
  ratio: number;
}

/** A futures level and the ES-equivalent price (spot × ratio + basis) of a levels payload, or null. */
function readFutureLevel(payload: unknown, base: string): { spot: number; level: number } | null {
  const future = futureOfPayload(payload);
  const spot = number(payload, 'price');
  const level = number(record(record(record(payload)?.['futures_equivalent'])?.['levels']), base);
  if (future === null || spot === null || level === null) return null;
  // On the tick, as the Levels table shows it, even from a payload stored with cents before it.
  return {
    spot: Math.round((spot * future.ratio + future.basis) * 100) / 100,
    level: onTick(future.symbol, level),
  };
}

/** Spot and the rule's level in one payload of the rule's endpoint, or null when either is missing. */
export function readLevel(
  payload: unknown,
  condition: Pick<LevelCrossCondition, 'level' | 'price'>,
): { spot: number; level: number } | null {
  const { level } = condition;
  if (level === 'custom') {
    const spot = number(record(record(payload)?.['key_levels']), 'spot');
    return spot === null || condition.price === undefined ? null : { spot, level: condition.price };
  }
  const base = futureLevelBase(level);
  if (base !== null) return readFutureLevel(payload, base);
  const byId = BY_LEVEL_ID.has(level);
  if (!FROM_LEVELS_PAYLOAD.has(level) && !byId) return spotAndLevel(payload, level);
  const spot = number(payload, 'price');
  const levels = record(payload)?.['levels'];
  if (spot === null || !Array.isArray(levels)) return null;
  for (const item of levels) {
    const price = number(item, 'price');
    if (text(item, byId ? 'id' : 'kind') === level && price !== null) return { spot, level: price };
  }
  return null;
}

/**
 * The expiration a 0DTE level of a snapshot belongs to, or null for any other level (or a snapshot
 * without it): two snapshots are compared only when this is the same for both.
 */
export function levelExpiration(payload: unknown, level: CrossLevel, asof: number): string | null {
  if (!ZERO_DTE_LEVEL_KINDS.has(level)) return null;
  const levels = record(payload)?.['levels'];
  const item = Array.isArray(levels) ? levels.find((l) => text(l, 'id') === level) : undefined;
  const found = record(item);
  return found ? zeroDteExpirationOf(found, asof) : null;
}

type Side = 'above' | 'below' | null;
const sideOf = (spot: number, level: number): Side =>
  spot > level ? 'above' : spot < level ? 'below' : null;

/** One snapshot of the rule's series, as the crossing reads it. */
export interface LevelSnapshot {
  asof: number;
  payload: unknown;
}

/**
 * The crossing between two snapshots of one ticker, worded by what moved; null when none. With a
 * buffer (see level-buffer.ts) it is the crossing confirmed at `curr` over `earlier` (oldest first,
 * before prev), prev and curr: spot beyond the band for the buffer's snapshots in a row.
 */
export function levelCrossing(
  ticker: string,
  condition: LevelCrossCondition,
  prevPayload: unknown,
  currPayload: unknown,
  earlier: readonly LevelSnapshot[] = [],
  asofs: { prev: number; curr: number } = { prev: 0, curr: 1 },
): LevelCrossFiring | null {
  const b = readLevel(currPayload, condition);
  if (!b) return null;
  // A 0DTE level compares with the same expiration's only: another one's reads as no level at all.
  const expiration = levelExpiration(currPayload, condition.level, asofs.curr);
  const read = (payload: unknown, asof: number) =>
    levelExpiration(payload, condition.level, asof) === expiration ? readLevel(payload, condition) : null;
  let a: { spot: number; level: number } | null;
  let from: Side;
  let to: Side;
  let held = 1;
  if (condition.buffer) {
    const series = [
      ...earlier,
      { asof: asofs.prev, payload: prevPayload },
      { asof: asofs.curr, payload: currPayload },
    ];
    const points = series.map((s) => {
      const level = read(s.payload, s.asof);
      return level ? { asof: s.asof, ...level } : null;
    });
    const cross = bufferedCrossAtLast(points, condition.buffer);
    if (!cross) return null;
    ({ from, to, held } = cross);
    // Worded against the last snapshot before the run that was still on the old side.
    const before = points
      .filter((p) => p !== null && p.asof < cross.since && sideOf(p.spot, p.level) === cross.from)
      .at(-1);
    a = before ? { spot: before.spot, level: before.level } : read(prevPayload, asofs.prev);
  } else {
    a = read(prevPayload, asofs.prev);
    if (!a) return null;
    from = sideOf(a.spot, a.level);
    to = sideOf(b.spot, b.level);
  }
  if (!a || from === null || to === null || from === to) return null;
  if (condition.direction === 'up' && to !== 'above') return null;
  if (condition.direction === 'down' && to !== 'below') return null;
  return wordCrossing(ticker, condition, a, b, from, to, held, futureOfPayload(currPayload));
}

function wordCrossing(
  ticker: string,
  condition: LevelCrossCondition,
  a: { spot: number; level: number },
  b: { spot: number; level: number },
  from: 'above' | 'below',
  to: 'above' | 'below',
  held: number,
  future: PayloadFuture | null = null,
): LevelCrossFiring {
  // A futures level reads in the future's figures (index points): its level and the ES-equivalent price.
  const onFuture = futureLevelBase(condition.level) !== null && future !== null ? future : null;
  const p = (n: number): string =>
    priceText(onFuture === null ? ticker : (futureOf(ticker)?.index ?? ticker), n);
  const name =
    condition.level === 'custom' && condition.price !== undefined
      ? p(condition.price)
      : onFuture !== null
        ? futureLevelText(condition.level, ticker, onFuture.symbol)
        : levelText(condition.level, condition.price);
  const spotWord = onFuture === null ? 'spot' : `${onFuture.symbol}-equivalent price`;
  const Spot = spotWord.charAt(0).toUpperCase() + spotWord.slice(1);
  const the = condition.level === 'custom' ? '' : 'the ';
  // Did spot cross the old level? Did the level cross the old spot?
  const spotCrossed = sideOf(b.spot, a.level) !== from;
  const levelCrossed = sideOf(a.spot, b.level) !== from;
  const distance = beyondPct(b);
  const details = {
    level: condition.level,
    spot: b.spot,
    level_value: b.level,
    previous_spot: a.spot,
    previous_level_value: a.level,
    moved: spotCrossed && !levelCrossed ? 'spot' : levelCrossed && !spotCrossed ? 'level' : 'both',
    beyond_pct: distance,
    ...(condition.buffer ? { buffer: condition.buffer, held } : {}),
    ...(onFuture === null
      ? {}
      : {
          future: onFuture.symbol,
          contract: onFuture.contract,
          basis: onFuture.basis,
          ...(onFuture.ratio === 1 ? {} : { ratio: onFuture.ratio }),
          ticker_spot: Math.round(((b.spot - onFuture.basis) / onFuture.ratio) * 100) / 100,
        }),
  };
  const times = onFuture === null || onFuture.ratio === 1 ? '' : ` × ${onFuture.ratio.toFixed(4)}`;
  const basisNote =
    onFuture === null
      ? ''
      : ` ${Spot} is ${ticker} spot${times} ${onFuture.basis >= 0 ? '+' : '−'} ${Math.abs(onFuture.basis).toFixed(2)}, the ${onFuture.contract} basis.`;
  // How far past the level spot now is, and the buffer it cleared: "(−0.32 %; buffer 0.25 % for 2 snapshots)".
  const bufferNote = condition.buffer ? `; buffer ${bufferText(condition.buffer, `${the}${name}`)}` : '';
  const where = `(${signedPct(distance)}${bufferNote})`;
  const fromIt = `${spotWord} ${signedPct(distance)} from it${bufferNote}`;
  const verb = to === 'above' ? 'rose above' : 'fell below';
  if (spotCrossed && !levelCrossed) {
    return {
      from,
      to,
      title: `${ticker} ${spotWord} ${verb} ${the}${name} (${p(a.spot)} → ${p(b.spot)})`,
      message: `${Spot} moved from ${p(a.spot)} to ${p(b.spot)}, ${to} ${the}${name} at ${p(b.level)} ${where}.${basisNote}`,
      details,
    };
  }
  const Name = name.charAt(0).toUpperCase() + name.slice(1);
  // Spot ends above the level when the level moved down under it, and the other way round.
  const levelSide = to === 'above' ? 'below' : 'above';
  if (levelCrossed && !spotCrossed) {
    return {
      from,
      to,
      title: `${ticker} ${name} moved ${levelSide} ${spotWord} (${p(a.level)} → ${p(b.level)})`,
      message: `${Name} moved from ${p(a.level)} to ${p(b.level)}, ${levelSide} ${spotWord} at ${p(b.spot)} (${spotWord} was ${p(a.spot)}; ${fromIt}).${basisNote}`,
      details,
    };
  }
  return {
    from,
    to,
    title: `${ticker} ${spotWord} and ${the}${name} crossed: ${spotWord} now ${to} (${p(b.spot)} vs ${p(b.level)})`,
    message: `Both moved: ${spotWord} ${p(a.spot)} → ${p(b.spot)}, ${name} ${p(a.level)} → ${p(b.level)} ${where}.${basisNote}`,
    details,
  };
}

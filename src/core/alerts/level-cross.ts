// Level-cross rules: spot changed sides of a price level. Either may have moved: spot crossing a
// still level ("SPY spot fell below the gamma flip") is a different story from a level that moved
// across a still spot ("SPY gamma flip moved above spot"), so the wording says which one moved.
//
// Where the levels come from: the flip and the 1σ levels from market-structure `key_levels`; the
// walls and max pain from the levels payload (`levels[]` by kind), which all stored snapshots
// carry; a custom level is the rule's own fixed price, against market-structure spot.
import type { CrossLevel } from '../../shared/alert-rules.ts';
import { levelText } from '../../shared/alert-labels.ts';
import type { SnapshotEndpoint } from '../../shared/bridge/tickers.ts';
import { number, record, spotAndLevel, text } from './fields.ts';

export interface LevelCrossCondition {
  level: CrossLevel;
  price?: number | undefined;
  direction: 'up' | 'down' | 'any';
}

export interface LevelCrossFiring {
  from: 'above' | 'below';
  to: 'above' | 'below';
  title: string;
  message: string;
  details: Record<string, unknown>;
}

const FROM_LEVELS_PAYLOAD: ReadonlySet<CrossLevel> = new Set(['call_wall', 'put_wall', 'max_pain']);

export function levelEndpoint(level: CrossLevel): SnapshotEndpoint {
  return FROM_LEVELS_PAYLOAD.has(level) ? 'levels' : 'market_structure';
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
  if (!FROM_LEVELS_PAYLOAD.has(level)) return spotAndLevel(payload, level);
  const spot = number(payload, 'price');
  const levels = record(payload)?.['levels'];
  if (spot === null || !Array.isArray(levels)) return null;
  for (const item of levels) {
    const price = number(item, 'price');
    if (text(item, 'kind') === level && price !== null) return { spot, level: price };
  }
  return null;
}

type Side = 'above' | 'below' | null;
const sideOf = (spot: number, level: number): Side =>
  spot > level ? 'above' : spot < level ? 'below' : null;
const f2 = (n: number): string => n.toFixed(2);

/** The crossing between two snapshots of one ticker, worded by what moved; null when none. */
export function levelCrossing(
  ticker: string,
  condition: LevelCrossCondition,
  prevPayload: unknown,
  currPayload: unknown,
): LevelCrossFiring | null {
  const a = readLevel(prevPayload, condition);
  const b = readLevel(currPayload, condition);
  if (!a || !b) return null;
  const from = sideOf(a.spot, a.level);
  const to = sideOf(b.spot, b.level);
  if (from === null || to === null || from === to) return null;
  if (condition.direction === 'up' && to !== 'above') return null;
  if (condition.direction === 'down' && to !== 'below') return null;

  const name = levelText(condition.level, condition.price);
  const the = condition.level === 'custom' ? '' : 'the ';
  // Did spot cross the old level? Did the level cross the old spot?
  const spotCrossed = sideOf(b.spot, a.level) !== from;
  const levelCrossed = sideOf(a.spot, b.level) !== from;
  const details = {
    level: condition.level,
    spot: b.spot,
    level_value: b.level,
    previous_spot: a.spot,
    previous_level_value: a.level,
    moved: spotCrossed && !levelCrossed ? 'spot' : levelCrossed && !spotCrossed ? 'level' : 'both',
  };
  const verb = to === 'above' ? 'rose above' : 'fell below';
  if (spotCrossed && !levelCrossed) {
    return {
      from,
      to,
      title: `${ticker} spot ${verb} ${the}${name} (${f2(a.spot)} → ${f2(b.spot)})`,
      message: `Spot moved from ${f2(a.spot)} to ${f2(b.spot)}, ${to} ${the}${name} at ${f2(b.level)}.`,
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
      title: `${ticker} ${name} moved ${levelSide} spot (${f2(a.level)} → ${f2(b.level)})`,
      message: `${Name} moved from ${f2(a.level)} to ${f2(b.level)}, ${levelSide} spot at ${f2(b.spot)} (spot was ${f2(a.spot)}).`,
      details,
    };
  }
  return {
    from,
    to,
    title: `${ticker} spot and ${the}${name} crossed: spot now ${to} (${f2(b.spot)} vs ${f2(b.level)})`,
    message: `Both moved: spot ${f2(a.spot)} → ${f2(b.spot)}, ${name} ${f2(a.level)} → ${f2(b.level)}.`,
    details,
  };
}

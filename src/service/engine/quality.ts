// Data-quality notes about a chain itself, in plain words a trader can act on. Figure-specific notes
// (how the 30-day IV was read, why there is no flip) are added by analyze.ts.
import { hasValidIv, MIN_TIME_YEARS, yearsToExpiry, type OptionChain } from './chain.ts';

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export function chainQualityNotes(chain: OptionChain): string[] {
  const notes: string[] = [];
  if (chain.size === 0) return ['chain has no live contracts'];
  let noIv = 0;
  let noIvWithOi = 0;
  let badOi = 0;
  let badVolume = 0;
  for (let i = 0; i < chain.size; i++) {
    const oi = chain.openInterest[i] as number;
    const volume = chain.volume[i] as number;
    if (!hasValidIv(chain.iv[i] as number)) {
      noIv++;
      if (oi > 0) noIvWithOi++;
    }
    if (!(oi >= 0) || !Number.isFinite(oi)) badOi++;
    if (!(volume >= 0) || !Number.isFinite(volume)) badVolume++;
  }
  if (noIv > 0) {
    notes.push(
      `${noIv} of ${plural(chain.size, 'contract')} have no valid IV; ${noIvWithOi} of them carry open interest and contribute no gamma`,
    );
  }
  if (badOi > 0)
    notes.push(`${plural(badOi, 'contract')} with missing or negative open interest counted as 0`);
  if (badVolume > 0)
    notes.push(`${plural(badVolume, 'contract')} with missing or negative volume counted as 0`);
  for (const e of chain.expirations) {
    if (yearsToExpiry(e, chain.asof) === MIN_TIME_YEARS) {
      notes.push(`expiration ${e.date} is less than an hour away: its time to expiry is floored at one hour`);
    }
  }
  return notes;
}

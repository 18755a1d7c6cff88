// The words and figures of a setup's legs table as a trader reads them: "Buy 1", "Net debit $2.10",
// "Unlimited" for an open-ended maximum, several breakevens joined. Kept beside the panel rather
// than in lib/format.ts, which another part owns.
import type { StructureLegs } from '../../../shared/api/index.ts';
import { formatDollars, formatLevel, formatNumber, MISSING } from '../../lib/format.ts';

/** Per contract, with the per-share figure after it: "$210.10 ($2.10/sh)". */
export function perContract(perContractValue: number | null, perShare: number | null): string {
  if (perContractValue === null || perShare === null) return formatDollars(null);
  return `${formatDollars(perContractValue)} (${formatDollars(perShare)}/sh)`;
}

export function netLabel(s: StructureLegs): string {
  if (s.net_type === 'credit') return 'Net credit';
  if (s.net_type === 'debit') return 'Net debit';
  return 'Net';
}

export function maxGainText(s: StructureLegs): string {
  if (s.max_gain_unlimited) return 'Unlimited';
  if (s.max_gain === null) return 'Not fixed';
  return perContract(s.max_gain, s.max_gain_per_share);
}

export function maxLossText(s: StructureLegs): string {
  if (s.max_loss_unlimited) return 'Unlimited';
  return perContract(s.max_loss, s.max_loss_per_share);
}

/** Breakevens are levels of the underlying: index points on an index, dollars otherwise. */
export function breakevenText(s: StructureLegs, ticker: string): string {
  return s.breakevens.length === 0
    ? 'Not fixed'
    : s.breakevens.map((b) => formatLevel(b, ticker)).join(' / ');
}

/** Delta with two decimals and its sign ("0.51", "−0.24"). */
export function formatDelta(value: number | null | undefined): string {
  return formatNumber(value, 2);
}

/** Open interest as a whole count with thousands separators. */
export function formatOi(value: number | null | undefined): string {
  return typeof value === 'number' ? formatNumber(value, 0) : MISSING;
}

// What the header's badge says about the data on screen. Simulated data always reads
// "SIMULATED DATA" in the warning style, whatever else the main side adds; a real source gets a
// calm badge with its own words ("Tradier · 15 min delayed", "Chain files as of Aug 20 22:38 ET").
import type { AppInfo } from '../../shared/bridge/app-info.ts';

export interface SourceBadge {
  text: string;
  tone: 'warn' | 'calm';
  /** The tooltip: which source and which clock. */
  title: string;
}

const CLOCKS: Record<AppInfo['clock'], string> = {
  real: 'real time',
  fast: 'a fast simulated clock',
  data: 'the data’s own time (newest snapshot)',
};

export function sourceBadge(info: Pick<AppInfo, 'dataSource' | 'simulated' | 'clock'>): SourceBadge {
  const badge = info.dataSource.badge.trim();
  const clock = `Clock: ${CLOCKS[info.clock]}`;
  if (info.simulated) {
    return {
      text: /simulated/i.test(badge) ? badge.toUpperCase() : 'SIMULATED DATA',
      tone: 'warn',
      title: `Every figure comes from a simulated market, not real quotes. ${clock}.`,
    };
  }
  return {
    text: badge || info.dataSource.label,
    tone: 'calm',
    title: `${info.dataSource.label}. ${clock}.`,
  };
}

/** " · 15 min delayed" after an "as of" when the source's figures lag the market, else nothing. */
export function delaySuffix(info: Pick<AppInfo, 'dataSource'> | null | undefined): string {
  const minutes = info?.dataSource.delayedMinutes;
  return minutes ? ` · ${minutes} min delayed` : '';
}

/** "1 problem" / "3 problems", for the warning next to the badge. */
export function problemsLabel(count: number): string {
  return `${count} data source problem${count === 1 ? '' : 's'}`;
}

import { describe, expect, it } from 'vitest';
import {
  delaySuffix,
  problemsLabel,
  sourceBadge,
  type SourceBadge,
} from '../../../../src/renderer/lib/source-badge.ts';
import type { AppInfo } from '../../../../src/shared/bridge/app-info.ts';

type Info = Pick<AppInfo, 'dataSource' | 'simulated' | 'clock'>;

function info(kind: Info['dataSource']['kind'], badge: string, patch: Partial<Info> = {}): Info {
  return {
    dataSource: { kind, label: `${kind} label`, baseUrl: null, badge, problems: [], problemCount: 0 },
    simulated: kind === 'local',
    clock: 'real',
    ...patch,
  };
}

describe('sourceBadge', () => {
  it.each<[string, Info, Partial<SourceBadge>]>([
    ['the simulator', info('local', 'SIMULATED DATA'), { text: 'SIMULATED DATA', tone: 'warn' }],
    [
      'simulated data says so even with an empty badge',
      info('local', ''),
      { text: 'SIMULATED DATA', tone: 'warn' },
    ],
    [
      'simulated data says so whatever the badge claims',
      info('remote', 'api.example.com', { simulated: true }),
      { text: 'SIMULATED DATA', tone: 'warn' },
    ],
    [
      'simulated words kept, upper-cased',
      info('local', 'Simulated data · fast'),
      { text: 'SIMULATED DATA · FAST' },
    ],
    [
      'tradier',
      info('tradier', 'Tradier · 15 min delayed'),
      { text: 'Tradier · 15 min delayed', tone: 'calm' },
    ],
    [
      'a chain folder',
      info('chains', 'Chain files as of Aug 20 22:38 ET', { clock: 'data' }),
      {
        text: 'Chain files as of Aug 20 22:38 ET',
        tone: 'calm',
        title: 'chains label. Clock: the data’s own time (newest snapshot).',
      },
    ],
    [
      'a remote service without a badge falls back to its label',
      info('remote', ' '),
      { text: 'remote label', tone: 'calm' },
    ],
  ])('%s', (_name, given, expected) => {
    expect(sourceBadge(given)).toMatchObject(expected);
  });
});

describe('problemsLabel', () => {
  it.each([
    [1, '1 data source problem'],
    [3, '3 data source problems'],
  ])('%i', (count, text) => {
    expect(problemsLabel(count)).toBe(text);
  });
});

describe('delaySuffix', () => {
  it('says a delayed source’s delay after an "as of", and nothing for any other', () => {
    const cboe = info('cboe', 'Cboe · 15 min delayed');
    expect(delaySuffix({ dataSource: { ...cboe.dataSource, delayedMinutes: 15 } })).toBe(' · 15 min delayed');
    expect(delaySuffix(info('chains', 'Chain files'))).toBe('');
    expect(delaySuffix(null)).toBe('');
  });
});

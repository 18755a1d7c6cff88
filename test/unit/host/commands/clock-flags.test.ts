// One clock spec for every command: each command's spelling of the same clock gives the same
// ClockSpec (and the settings' stored shape does too), and a bad value gets the same kind of
// message from every command, naming the flag as that command spells it.
import { describe, expect, it } from 'vitest';
import { CLOCK_FLAGS, clockFromFlags } from '../../../../src/host/commands/clock-flags.ts';
import { dataSourceOf } from '../../../../src/host/commands/options.ts';
import { clockSpecOf, clockSpecOfSetting, type ClockSpec } from '../../../../src/shared/clock-spec.ts';

const NOW = Date.parse('2025-03-10T15:00:00Z');
const T = '2025-03-12T15:00:00Z';
const T_MS = Date.parse(T);
const now = () => NOW;

type Spelling = keyof typeof CLOCK_FLAGS;
/** [command spelling, the flags as parseArgs gives them] */
type Case = [Spelling, Record<string, string>];

const SAME: [string, ClockSpec | undefined, Case[]][] = [
  [
    'the wall clock',
    { kind: 'real' },
    [
      ['service', { clock: 'real' }],
      ['watch', { clock: 'real' }],
      ['watchChains', { clock: 'real' }],
      ['start', { clock: 'real' }],
    ],
  ],
  [
    'fast at the default speed, from now',
    { kind: 'fast', speed: 300 },
    [
      ['service', { clock: 'fast' }],
      ['watch', { clock: 'fast' }],
      ['start', { clock: 'fast' }],
    ],
  ],
  [
    'fast at 600×',
    { kind: 'fast', speed: 600 },
    [
      ['service', { clock: 'fast', speed: '600' }],
      ['watch', { clock: 'fast', speed: '600' }],
      ['start', { clock: 'fast', 'fast-speed': '600' }],
    ],
  ],
  [
    'fast from an instant',
    { kind: 'fast', speed: 300, start: T_MS },
    [
      ['watch', { clock: 'fast', 'market-time': T }],
      ['start', { clock: 'fast', 'fast-start': T }],
    ],
  ],
  [
    'frozen at an instant',
    { kind: 'frozen', at: T_MS },
    [
      ['service', { at: T }],
      ['watch', { clock: 'frozen', 'market-time': T }],
    ],
  ],
  ['frozen now', { kind: 'frozen', at: NOW }, [['watch', { clock: 'frozen' }]]],
  [
    "the data's own",
    { kind: 'data' },
    [
      ['service', { clock: 'data' }],
      ['watchChains', { clock: 'data' }],
    ],
  ],
  [
    'none chosen (the command’s default applies)',
    undefined,
    [
      ['service', {}],
      ['watch', {}],
      ['start', {}],
      // Speed alone chooses no clock where it is only read by a fast one.
      ['service', { speed: '500' }],
      ['watch', { speed: '500', 'market-time': T }],
    ],
  ],
];

describe('every spelling of a clock gives the same spec', () => {
  it.each(SAME.flatMap(([label, spec, cases]) => cases.map((c) => [label, c[0], c[1], spec] as const)))(
    '%s: %s %o',
    (_label, command, flags, spec) => {
      expect(clockFromFlags(flags, CLOCK_FLAGS[command], now)).toEqual(spec);
    },
  );

  it.each([
    ['local real', { kind: 'local', seed: 42, clock: 'real' }, { kind: 'real' }],
    ['local fast', { kind: 'local', seed: 42, clock: 'fast' }, { kind: 'fast', speed: 300 }],
    ['chains data', { kind: 'chains', dir: '/c', clock: 'data' }, { kind: 'data' }],
    ['chains real', { kind: 'chains', dir: '/c', clock: 'real' }, { kind: 'real' }],
    ['tradier', { kind: 'tradier', environment: 'sandbox', tickers: ['SPY'], dir: null }, { kind: 'data' }],
    ['remote', { kind: 'remote', baseUrl: 'http://x/api/v2', apiKeyRef: null, demo: true }, { kind: 'real' }],
  ] as const)('the setting %s', (_label, setting, spec) => {
    expect(clockSpecOfSetting(setting as Parameters<typeof clockSpecOfSetting>[0])).toEqual(spec);
  });

  it.each(['real', 'fast', 'data'] as const)('the name %s is the spec the flag --clock %s gives', (name) => {
    const command = name === 'data' ? 'service' : 'watch';
    expect(clockSpecOf(name)).toEqual(clockFromFlags({ clock: name }, CLOCK_FLAGS[command]));
  });

  it('watch and backtest read their data-source flags through the same function', () => {
    expect(dataSourceOf({ clock: 'frozen', 'market-time': T, seed: '7' })).toEqual({
      kind: 'local',
      seed: 7,
      clock: { kind: 'frozen', at: T_MS },
    });
    expect(dataSourceOf({ seed: '7' })).toEqual({ kind: 'local', seed: 7, clock: { kind: 'real' } });
    expect(dataSourceOf({ 'base-url': 'local' })).toEqual({ kind: 'local', clock: { kind: 'real' } });
    expect(dataSourceOf({})).toBeUndefined();
    expect(dataSourceOf({ chains: '/tmp/c' })).toEqual({
      kind: 'chains',
      dir: '/tmp/c',
      clock: { kind: 'data' },
    });
    expect(dataSourceOf({ 'base-url': 'http://h/api/v2' }, {})).toEqual({
      kind: 'remote',
      baseUrl: 'http://h/api/v2',
      apiKey: null,
      demo: true,
    });
    expect(dataSourceOf({ 'base-url': 'http://h/api/v2' }, { GAMMAWATCH_API_KEY: 'k' })).toMatchObject({
      apiKey: 'k',
      demo: false,
    });
  });
});

describe('a bad clock flag gets the same clear message from every command', () => {
  it.each([
    ['service', { clock: 'sundial' }, "--clock must be real, fast or data, got 'sundial'"],
    ['watch', { clock: 'data' }, "--clock must be real, fast or frozen, got 'data'"],
    ['watchChains', { clock: 'fast' }, "--clock with --chains must be real or data, got 'fast'"],
    ['start', { clock: 'slow' }, "--clock must be real or fast, got 'slow'"],
    ['service', { speed: '0' }, "--speed must be an integer in 1-100000, got '0'"],
    ['watch', { clock: 'fast', speed: '2.5' }, "--speed must be an integer in 1-100000, got '2.5'"],
    ['start', { clock: 'fast', 'fast-speed': 'x' }, "--fast-speed must be an integer in 1-100000, got 'x'"],
    ['service', { at: 'noon' }, "--at must be an ISO-8601 time, got 'noon'"],
    ['watch', { 'market-time': 'noon' }, "--market-time must be an ISO-8601 time, got 'noon'"],
    ['start', { clock: 'fast', 'fast-start': 'soon' }, "--fast-start must be an ISO-8601 time, got 'soon'"],
    ['service', { at: T, clock: 'real' }, '--at freezes the clock: give either --at or --clock, not both'],
    ['start', { 'fast-speed': '10' }, '--fast-start and --fast-speed need --clock fast'],
    ['start', { clock: 'real', 'fast-start': T }, '--fast-start and --fast-speed need --clock fast'],
  ] as const)('%s %o: %s', (command, flags, message) => {
    expect(() => clockFromFlags(flags, CLOCK_FLAGS[command], now)).toThrow(message);
  });

  it('a flag another command has is not read', () => {
    // `--at` is the service's; watch does not know it (parseArgs would refuse it anyway).
    expect(clockFromFlags({ at: 'noon' }, CLOCK_FLAGS.watch)).toBeUndefined();
  });
});

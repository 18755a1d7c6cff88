import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { intOption, logFileOption, untilStopSignal } from '../../../../src/host/commands/options.ts';

describe('intOption', () => {
  it.each([
    [undefined, 0, 10, undefined],
    ['0', 0, 10, 0],
    ['10', 0, 10, 10],
    ['-3', -5, 5, -3],
  ])('%s in %d-%d is %s', (raw, lo, hi, expected) => {
    expect(intOption('n', raw, lo, hi)).toBe(expected);
  });

  it.each([
    ['11', 0, 10],
    ['-1', 0, 10],
    ['2.5', 0, 10],
    ['1e3', 0, 10_000],
    ['', 0, 10],
    ['abc', 0, 10],
    [' 3', 0, 10],
  ])('%o in %d-%d is refused, naming the option and the range', (raw, lo, hi) => {
    expect(() => intOption('port', raw, lo, hi)).toThrow(`--port must be an integer in ${lo}-${hi}`);
  });
});

describe('untilStopSignal', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)('resolves with %s and stops listening to both', async (signal) => {
    const signals = new EventEmitter();
    const stopped = untilStopSignal(signals);
    expect(signals.listenerCount('SIGINT') + signals.listenerCount('SIGTERM')).toBe(2);
    signals.emit(signal);
    await expect(stopped).resolves.toBe(signal);
    expect(signals.listenerCount('SIGINT') + signals.listenerCount('SIGTERM')).toBe(0);
  });
});

describe('logFileOption (--verbose)', () => {
  it.each([
    [true, { logFile: path.join('/data', 'gammawatch.log') }],
    [false, {}],
    [undefined, {}],
  ])('verbose %s gives %o', (verbose, expected) => {
    expect(logFileOption('/data', verbose)).toEqual(expected);
  });
});

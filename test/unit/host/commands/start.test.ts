import { describe, expect, it, vi } from 'vitest';
import start, { defaultDataDir } from '../../../../src/host/commands/start.ts';

describe('gammawatch start: options', () => {
  it.each([
    [['--port', 'abc'], /--port/],
    [['--port', '70000'], /--port/],
    [['--clock', 'slow'], /--clock/],
    [['--seed', '-3'], /--seed/],
    [['--fast-start', 'soon', '--clock', 'fast'], /--fast-start/],
    [['--fast-speed', '0', '--clock', 'fast'], /--fast-speed/],
    [['--fast-speed', '10'], /need --clock fast/],
    [['--headless', '--warm-series', '99y'], /--warm-series: '99y' is longer than the 5y maximum/],
    [['--headless', '--warm-series', 'soon'], /--warm-series must be a lookback/],
    [['--warm-series', 'off'], /--warm-series needs --headless/],
    [['--headless', '--backfill', '10y'], /--backfill: '10y' is longer than the 5y maximum/],
    [['--backfill', '30d'], /--backfill needs --headless/],
  ])('%o is refused before anything starts', async (argv, message) => {
    await expect(start.run(argv)).rejects.toThrow(message);
  });

  it('refuses an unknown option', async () => {
    await expect(start.run(['--bogus'])).rejects.toThrow(/bogus/);
  });

  it('prints its help', async () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      await expect(start.run(['--help'])).resolves.toBe(0);
      expect(String(write.mock.calls[0]?.[0])).toContain('--headless');
    } finally {
      write.mockRestore();
    }
  });

  it.each([
    [{ GAMMAWATCH_HOME: '/data/gw' }, '/data/gw'],
    [{}, /\.gammawatch$/],
  ])('data folder from %o', (env, expected) => {
    const dir = defaultDataDir(env);
    if (typeof expected === 'string') expect(dir).toBe(expected);
    else expect(dir).toMatch(expected);
  });
});

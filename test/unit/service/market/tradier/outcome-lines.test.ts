// The collector's log lines for one ticker and their levels (a failure is an error, a missing part
// a warning, the rest info), and where a refused token's message points.
import { describe, expect, it } from 'vitest';
import { outcomeLines } from '../../../../../src/service/market/tradier/collector.ts';
import { unauthorizedMessage } from '../../../../../src/service/market/tradier/errors.ts';
import type { TickerOutcome } from '../../../../../src/service/market/tradier/types.ts';

function outcome(extra: Partial<TickerOutcome>): TickerOutcome {
  return {
    ticker: 'SPY',
    file: '/c/SPY_x.tradier.json',
    historyFile: null,
    contracts: 12,
    error: null,
    historyError: null,
    notes: [],
    ...extra,
  };
}

describe('outcomeLines', () => {
  it.each([
    ['a success: info', outcome({}), [['tradier: SPY: wrote /c/SPY_x.tradier.json (12 contracts)', 'info']]],
    [
      'a note: info',
      outcome({ notes: ['3 contracts: bid IV 0, used smv_vol'] }),
      [
        ['tradier: SPY: wrote /c/SPY_x.tradier.json (12 contracts)', 'info'],
        ['tradier: SPY: 3 contracts: bid IV 0, used smv_vol', 'info'],
      ],
    ],
    [
      'a chain written, its history failed: one warning that names the file',
      outcome({ historyError: 'Tradier rejected the token (401)' }),
      [
        [
          'tradier: SPY: chain written to /c/SPY_x.tradier.json (12 contracts), history failed: Tradier rejected the token (401)',
          'warn',
        ],
      ],
    ],
    [
      'a failed chain: error',
      outcome({ file: null, contracts: 0, error: 'Tradier refused x (HTTP 404)' }),
      [['tradier: SPY: Tradier refused x (HTTP 404)', 'error']],
    ],
    [
      'a failed chain and a failed history: error, then warning',
      outcome({ file: null, contracts: 0, error: 'no quote', historyError: 'HTTP 500' }),
      [
        ['tradier: SPY: no quote', 'error'],
        ['tradier: SPY: daily history not refreshed: HTTP 500', 'warn'],
      ],
    ],
  ])('%s', (_name, o, lines) => {
    expect(outcomeLines(o)).toEqual(lines);
  });
});

describe('unauthorizedMessage', () => {
  it.each([
    ['app', 'Tradier rejected the token (401): check it in Settings → Data source'],
    ['cli', 'Tradier rejected the token (401): check --tradier-token (or $GAMMAWATCH_TRADIER_TOKEN)'],
  ] as const)('%s', (from, message) => {
    expect(unauthorizedMessage(from)).toBe(message);
  });
});

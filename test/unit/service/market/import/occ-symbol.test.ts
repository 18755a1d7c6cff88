import { describe, expect, it } from 'vitest';
import { parseOccSymbol, underlyingOfRoot } from '../../../../../src/service/market/import/occ-symbol.ts';

describe('parseOccSymbol', () => {
  it.each([
    ['TSLA230825C00020000', 'TSLA', '2023-08-25', true, 20],
    ['TSLA230825P00172500', 'TSLA', '2023-08-25', false, 172.5],
    ['SPXW240315C05100000', 'SPXW', '2024-03-15', true, 5100],
    ['TSLA1230825C00020000', 'TSLA1', '2023-08-25', true, 20],
    ['F240119P00012500', 'F', '2024-01-19', false, 12.5],
    ['SPY   240119C00470000', 'SPY', '2024-01-19', true, 470],
    ['.AAPL240119C00190000', 'AAPL', '2024-01-19', true, 190],
    ['brk240119c00350000', 'BRK', '2024-01-19', true, 350],
  ])('%s', (symbol, root, expiration, isCall, strike) => {
    expect(parseOccSymbol(symbol)).toEqual({ root, expiration, isCall, strike });
  });

  it.each([
    ['', 'not an OCC option symbol'],
    ['TSLA230825X00020000', 'not an OCC option symbol'],
    ['TSLA230825C0002000', 'not an OCC option symbol'],
    ['TOOLONGROOT230825C00020000', 'not an OCC option symbol'],
    ['TSLA231325C00020000', 'bad expiration date'],
    ['TSLA230231C00020000', 'bad expiration date'],
    ['TSLA230825C00000000', 'zero strike'],
  ])('rejects %j', (symbol, reason) => {
    expect(parseOccSymbol(symbol)).toContain(reason);
  });

  it.each([
    ['SPXW', 'SPX'],
    ['NDXP', 'NDX'],
    ['TSLA', 'TSLA'],
  ])('root %s trades on %s', (root, underlying) => {
    expect(underlyingOfRoot(root)).toBe(underlying);
  });
});

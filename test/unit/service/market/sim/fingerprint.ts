// A hash of everything a simulated market serves for a seed (chains at several instants, histories,
// earnings). Run directly (`node --import tsx fingerprint.ts <seed>`) it prints the hash, so a
// test can compare two processes.
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { manualClock } from '../../../../../src/service/market/clock.ts';
import { createSimulatedMarket } from '../../../../../src/service/market/sim/simulated-source.ts';

export const FINGERPRINT_TICKERS = ['SPY', 'AAPL', 'TSLA', 'KO', 'XLU'];
export const FINGERPRINT_INSTANTS = [
  Date.parse('2024-01-02T14:30:00Z'), // the first open
  Date.parse('2024-07-03T17:00:00Z'), // an early close
  Date.parse('2025-03-10T15:05:00Z'), // intraday, just after the DST change
  Date.parse('2026-11-20T21:00:00Z'), // a monthly expiration's close
];

export function fingerprint(seed: number): string {
  const market = createSimulatedMarket({ seed, clock: manualClock(0) });
  const hash = createHash('sha256');
  const add = (a: ArrayBufferView): void => {
    hash.update(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
  };
  for (const ticker of FINGERPRINT_TICKERS) {
    for (const at of FINGERPRINT_INSTANTS) {
      const chain = market.chain(ticker, at);
      if (!chain) throw new Error(`no chain for ${ticker} at ${new Date(at).toISOString()}`);
      hash.update(JSON.stringify([chain.ticker, chain.spot, chain.asof, chain.expirations]));
      for (const col of [
        chain.strike,
        chain.expiryIndex,
        chain.isCall,
        chain.iv,
        chain.openInterest,
        chain.volume,
        chain.bid,
        chain.ask,
      ])
        add(col);
      const history = market.history(ticker, at);
      hash.update(history.dates.join(','));
      add(history.close);
      add(history.atmIv);
      add(history.pcrOi);
      hash.update(JSON.stringify(market.earnings(ticker, at)));
    }
  }
  return hash.digest('hex');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.stdout.write(fingerprint(Number(process.argv[2])) + '\n');
}

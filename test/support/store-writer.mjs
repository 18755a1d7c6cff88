// A second process writing to a Gammawatch database, for the concurrent-writer test: opens the
// file, says "ready", waits for "go" on stdin, then runs `count` transactions that read first and
// write after (as a poll's ingest does), and prints one JSON line: how many committed, how many
// failed, and the first failure.
// Usage: node store-writer.mjs FILE LABEL COUNT
import readline from 'node:readline';
import { register } from 'tsx/esm/api';

register();
const { openDatabase } = await import('../../src/core/store/database.ts');

const [file, label, countText] = process.argv.slice(2);
const count = Number(countText);
const store = openDatabase(file);
process.stdout.write('ready\n');
const input = readline.createInterface({ input: process.stdin });
await new Promise((resolve) => input.once('line', resolve));
input.close();

let committed = 0;
const failures = [];
for (let i = 0; i < count; i++) {
  try {
    if (i % 2 === 0) {
      // An explicit transaction: a read, then writes (a watchlist and its tickers).
      store.transaction(() => {
        const before = store.watchlists.list().length;
        store.watchlists.create(`${label} ${i} after ${before}`, ['SPY']);
      });
    } else {
      // A repository's own transaction, which also reads before it writes.
      store.settings.updateSettings({ retentionDays: 30 + (i % 300) });
    }
    committed++;
  } catch (error) {
    failures.push(error instanceof Error ? error.message : String(error));
  }
}
store.close();
process.stdout.write(
  JSON.stringify({ committed, failed: failures.length, first: failures[0] ?? null }) + '\n',
);

// How long a trader waits between a chain file landing in the folder and its alert reaching the
// desktop: the whole path in one process, as the app runs it (createApp on a chain folder watched
// by the service, the folder's import through the one ingest, the dispatcher, a desktop notifier
// that notes the time it is called). Each round writes the next session's SPY file, whose spot
// crosses a custom level the previous file did not; the clock starts just before the write and
// stops when the notifier is handed the alert. The folder watcher waits for a file's writes to
// settle before reading it, which is most of the figure.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../src/core/app/create-app.ts';
import type { DesktopNotification } from '../../src/core/notify/channel.ts';
import { alertRuleBodySchema } from '../../src/shared/alert-rules.ts';
import { addDays, isTradingDay, type IsoDate } from '../../src/shared/market-calendar.ts';
import { chainFileText } from '../support/cboe-chain-file.ts';
import { crossRule } from '../support/level-rule.ts';
import type { BenchSuite, Measurement } from './harness.ts';

const ROUNDS = 12;
const LEVEL = 640;

function nextSession(date: IsoDate): IsoDate {
  let d = addDays(date, 1);
  while (!isTradingDay(d)) d = addDays(d, 1);
  return d;
}

const suite: BenchSuite = {
  name: 'file to alert: a chain file landing to its desktop notification',
  async run(): Promise<Measurement[]> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-bench-file-alert-'));
    const chainsDir = path.join(dir, 'chains');
    fs.mkdirSync(chainsDir);
    const write = (date: IsoDate, spot: number, seed: number) =>
      fs.writeFileSync(
        path.join(chainsDir, `spy_quotedata_${date}.csv`),
        chainFileText({ ticker: 'SPY', date, spot, seed, expirations: 8, strikes: 120 }),
      );
    let date: IsoDate = '2025-09-02';
    write(date, LEVEL - 10, 0);

    let waiting: ((n: DesktopNotification) => void) | null = null;
    const app = await createApp({
      dataDir: dir,
      dataSource: { kind: 'chains', dir: chainsDir, clock: { kind: 'data' } },
      pollOnStart: false,
      desktopNotifier: {
        name: 'bench',
        async notify(n) {
          waiting?.(n);
          return { state: 'sent', attempts: 1 };
        },
      },
      log: () => undefined,
    });
    const times: number[] = [];
    try {
      app.store.alertRules.create({
        name: `SPY crosses ${LEVEL}`,
        rule: alertRuleBodySchema.parse({
          ...crossRule('SPY', LEVEL),
          channels: { desktop: true, inApp: true, webhookIds: [] },
        }),
      });
      app.start();
      await app.historySettled();
      for (let i = 1; i <= ROUNDS; i++) {
        date = nextSession(date);
        const shown = new Promise<DesktopNotification>((resolve) => (waiting = resolve));
        const t0 = performance.now();
        write(date, i % 2 ? LEVEL + 10 : LEVEL - 10, i);
        await shown;
        times.push(performance.now() - t0);
      }
    } finally {
      await app.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] as number;
    const note = `${ROUNDS} files of 960 contracts; load average ${os.loadavg()[0]?.toFixed(1)}`;
    return [
      { name: 'file landed → desktop notification, median', value: at(0.5), unit: 'ms', note },
      { name: 'file landed → desktop notification, slowest', value: at(1), unit: 'ms', note },
    ];
  },
};

export default suite;

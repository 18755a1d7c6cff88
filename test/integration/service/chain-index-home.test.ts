// Where the service keeps a chain folder's index and what it does with a damaged one, through
// startService as core and the CLI call it: the index lives in `<dataDir>/chain-index/`, never in
// the folder; without a data dir it is in memory; a damaged index is rebuilt and said once in the
// log, and a 5 MB symbol in a file is a short log line. Damaged while the service runs (its -wal and
// -shm overwritten, its main file truncated or deleted under the open connection), it is rebuilt
// the same way, and a file dropped in afterwards is served without a restart.
import { existsSync, readdirSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../../../src/service/index.ts';
import { INDEX_REBUILT, type ChainFolderChange } from '../../../src/service/market/folder/chain-folder.ts';
import { indexPath } from '../../../src/service/market/folder/chain-index.ts';
import { TEST_KEY } from '../../support/service-factory.ts';
import {
  chainText,
  tempDir,
  waitForFolder,
  type TempDir,
} from '../../unit/service/market/folder/folder-fixtures.ts';

let chains: TempDir;
let data: TempDir;
let running: RunningService | null = null;

/** Log lines as parsed JSON, and the raw text's longest line. */
function logSink(): { stream: Writable; lines: Record<string, unknown>[]; longest: () => number } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      text += chunk.toString();
      done();
    },
  });
  return {
    stream,
    get lines() {
      return text
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    },
    longest: () => Math.max(0, ...text.split('\n').map((l) => l.length)),
  };
}

async function serve(
  extra: Parameters<typeof startService>[0] = {},
  stream?: Writable,
): Promise<RunningService> {
  running = await startService({
    port: 0,
    chainsDir: chains.dir,
    chainsWatch: false,
    apiKeys: [TEST_KEY],
    log: stream ? { level: 'info', stream } : { level: 'silent' },
    warm: false,
    ...extra,
  });
  return running;
}

async function stop(): Promise<void> {
  await running?.close();
  running = null;
}

beforeEach(() => {
  chains = tempDir();
  data = tempDir('gw-data-');
  writeFileSync(chains.path('a_tsla.csv'), chainText());
  writeFileSync(chains.path('b_qqq.csv'), chainText({ ticker: 'QQQ' }));
});
afterEach(async () => {
  await stop();
  chains.remove();
  data.remove();
});

describe('the chain index of a served folder', () => {
  it('lives in the data dir, keyed by the folder, and nothing is written into the folder', async () => {
    const service = await serve({ dataDir: data.dir });
    expect(service.folder?.index.location).toEqual({
      kind: 'data_dir',
      path: indexPath(chains.dir, data.dir),
    });
    expect(existsSync(indexPath(chains.dir, data.dir))).toBe(true);
    await stop();
    expect(readdirSync(chains.dir).sort()).toEqual(['a_tsla.csv', 'b_qqq.csv']);
    expect(existsSync(chains.path('.gammawatch'))).toBe(false);
  });

  it('is in memory without a data dir, and still nothing is written into the folder', async () => {
    const service = await serve();
    expect(service.folder?.index.location.kind).toBe('memory');
    expect(service.folder?.status().files).toBe(2);
    await stop();
    expect(readdirSync(chains.dir).sort()).toEqual(['a_tsla.csv', 'b_qqq.csv']);
  });

  it('is rebuilt when damaged: the files are served and the log says so once', async () => {
    await serve({ dataDir: data.dir });
    await stop();
    const path = indexPath(chains.dir, data.dir);
    const size = statSync(path).size;
    writeFileSync(path, Buffer.alloc(size, 0x5a));

    const log = logSink();
    const service = await serve({ dataDir: data.dir }, log.stream);
    expect(service.folder?.status().files).toBe(2);
    expect(service.folder?.status().tickers).toEqual(['QQQ', 'TSLA']);
    await service.folder?.rescan();
    const said = log.lines.filter((l) => String(l['msg']).includes(INDEX_REBUILT));
    expect(said).toHaveLength(1);
    expect(log.lines.some((l) => String(l['msg']).includes('no readable chain files'))).toBe(false);
    await stop();

    const clean = logSink();
    const again = await serve({ dataDir: data.dir }, clean.stream);
    expect(again.folder?.parses).toBe(0);
    expect(clean.lines.some((l) => String(l['msg']).includes(INDEX_REBUILT))).toBe(false);
  });

  it('logs a file with a 5 MB symbol as a short line', async () => {
    const huge = 'X'.repeat(5 * 1024 * 1024);
    writeFileSync(
      chains.path('c_big.json'),
      JSON.stringify({
        timestamp: '2023-08-20 22:38:00',
        data: {
          symbol: huge,
          current_price: 218.8,
          options: [{ option: 'TSLA230825C00200000', open_interest: 1 }],
        },
      }),
    );
    const log = logSink();
    const service = await serve({ dataDir: data.dir }, log.stream);
    const problem = service.folder?.status().problems.find((p) => p.file === 'c_big.json');
    // The stated symbol meets the one ticker rule (at most 16 characters) first; still clipped.
    expect(problem?.message).toMatch(
      /^file: the file's symbol X{80}… is not a ticker: a ticker is at most 16 characters$/,
    );
    expect(log.lines.some((l) => l['file'] === 'c_big.json')).toBe(true);
    expect(log.longest()).toBeLessThan(2000);
  });
});

/** Garbage where SQLite keeps its write-ahead log and its shared-memory index of it. */
function garbageJournals(path: string): void {
  writeFileSync(`${path}-wal`, Buffer.alloc(64 * 1024, 0xa5));
  writeFileSync(`${path}-shm`, Buffer.alloc(32 * 1024, 0x5a));
}

const runningDamages: [string, (path: string) => void][] = [
  ['its -wal and -shm overwritten with garbage', garbageJournals],
  [
    'its main file truncated and its -wal and -shm garbage',
    (p) => {
      truncateSync(p, 0);
      garbageJournals(p);
    },
  ],
  [
    'its main file deleted and its -wal and -shm garbage',
    (p) => {
      rmSync(p);
      garbageJournals(p);
    },
  ],
];

describe('the chain index damaged while the service runs', () => {
  it.each(runningDamages)(
    '%s: is rebuilt, listed once, and a new file is served without a restart',
    async (_name, damage) => {
      const log = logSink();
      const service = await serve(
        { dataDir: data.dir, chainsWatch: { stabilityMs: 100, pollMs: 20 } },
        log.stream,
      );
      const folder = service.folder;
      if (folder === null) throw new Error('no chain folder');
      expect(folder.status().tickers).toEqual(['QQQ', 'TSLA']);

      const changes: ChainFolderChange[] = [];
      folder.subscribe((change) => changes.push(change));
      damage(indexPath(chains.dir, data.dir));
      writeFileSync(chains.path('c_iwm.csv'), chainText({ ticker: 'IWM' }));
      // Either the new file is applied, or the folder says it could not apply it.
      await waitForFolder(
        folder,
        () => changes.some((c) => c.files.includes('c_iwm.csv') || c.newProblems.length > 0),
        'the new file to be handled',
      );
      await folder.settled();

      expect(folder.status().tickers).toEqual(['IWM', 'QQQ', 'TSLA']);
      expect(folder.status().problems).toContainEqual({ file: '.', message: INDEX_REBUILT });
      expect(log.lines.filter((l) => String(l['msg']).includes(INDEX_REBUILT))).toHaveLength(1);
      expect(log.lines.some((l) => String(l['msg']).includes('updating the folder failed'))).toBe(false);

      // The rebuilt index holds every file: the next start parses nothing.
      await stop();
      const again = await serve({ dataDir: data.dir });
      expect(again.folder?.parses).toBe(0);
      expect(again.folder?.status().tickers).toEqual(['IWM', 'QQQ', 'TSLA']);
    },
  );
});

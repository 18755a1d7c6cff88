// The `gammawatch service` command as a user runs it (a child process), and startService in-process.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import {
  accessResponseSchema,
  llmSpecResponseSchema,
  signalsResponseSchema,
} from '../../../src/shared/api/index.ts';
import { startService } from '../../../src/service/index.ts';
import { manualClock } from '../../../src/service/market/clock.ts';
import { call, OPEN_INSTANT, TEST_KEY } from '../../support/service-factory.ts';
import { valid } from './schema-assert.ts';

const repoRoot = new URL('../../../', import.meta.url).pathname;

describe('gammawatch service (child process)', () => {
  it('generates and prints a key, serves, and stops cleanly on SIGTERM', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'gw-svc-')), 'data');
    const child = spawn(
      process.execPath,
      ['src/host/gammawatch.mjs', 'service', '--port', '0', '--data-dir', dataDir, '--seed', '3'],
      {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = once(child, 'exit');
    const lines = createInterface({ input: child.stdout });
    let baseUrl = '';
    let key = '';
    for await (const line of lines) {
      baseUrl ||= /(http:\/\/127\.0\.0\.1:\d+\/api\/v2)/.exec(line)?.[1] ?? '';
      key ||= /API key: (gw_\S+)/.exec(line)?.[1] ?? '';
      if (line.startsWith('Stop with')) break;
    }
    expect(baseUrl).not.toBe('');
    expect(key).not.toBe('');
    expect(readFileSync(join(dataDir, 'api-keys.json'), 'utf8')).toContain(key);

    valid(accessResponseSchema, (await call(baseUrl, '/access', { auth: 'none' })).json);
    const signals = await call(baseUrl, '/tickers/spy/signals', { auth: { bearer: key } });
    expect(signals.status).toBe(200);
    valid(signalsResponseSchema, signals.json);
    expect((await call(baseUrl, '/tickers/SPY/signals', { auth: 'none' })).status).toBe(401);

    child.kill('SIGTERM');
    const [code] = (await exited) as [number | null];
    expect(code).toBe(0);
    expect(stderr).toContain('Server listening');
    expect(stderr).not.toContain(key);
  });

  it('refuses a bad option with a clear message and exit code 1', async () => {
    const child = spawn(process.execPath, ['src/host/gammawatch.mjs', 'service', '--clock', 'sundial'], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(1);
    expect(stderr).toContain('--clock must be real, fast or data');
  });
});

describe('startService', () => {
  it('listens on loopback, returns the base URL and keys, and closes', async () => {
    const service = await startService({
      port: 0,
      apiKeys: [TEST_KEY],
      clock: manualClock(OPEN_INSTANT),
      seed: 7,
      log: { level: 'silent' },
      warm: false,
    });
    try {
      expect(service.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v2$/);
      expect(service.apiKeys).toEqual([TEST_KEY]);
      const spec = valid(
        llmSpecResponseSchema,
        (await call(service.baseUrl, '/llm-spec', { auth: 'none' })).json,
      );
      expect(spec.data.endpoints.map((e) => e.path)).toContain('/top-setups/screener/{name}');
      expect(Object.keys(spec.data.json_schemas)).toContain('svc.top_setups.v2');
      expect(Object.keys(spec.data.metric_catalog)).toContain('opportunity_score');
    } finally {
      await service.close();
    }
    await expect(fetch(`${service.baseUrl}/access`)).rejects.toThrow();
  });
});

describe('startService on a port already in use', () => {
  it('fails with the bind error and leaves nothing running', async () => {
    const first = await startService({
      port: 0,
      apiKeys: [TEST_KEY],
      clock: manualClock(OPEN_INSTANT),
      log: { level: 'silent' },
      warm: false,
    });
    try {
      const port = Number(new URL(first.baseUrl).port);
      await expect(
        startService({
          port,
          apiKeys: [TEST_KEY],
          clock: manualClock(OPEN_INSTANT),
          log: { level: 'silent' },
        }),
      ).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await first.close();
    }
  });
});

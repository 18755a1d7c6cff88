// A second Gammawatch service for the end-to-end tests: a remote API v2 on a free port.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO, stopChild } from '../fixtures.ts';

export interface RemoteService {
  baseUrl: string;
  host: string;
  stop(): Promise<void>;
}

/**
 * A second Gammawatch service (API v2) on a free port, as `gammawatch service` with `args` (a key,
 * a chain folder…): a remote API for the app to be pointed at, and stopped to play a source down.
 */
export async function startRemote(args: readonly string[]): Promise<RemoteService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gammawatch-e2e-remote-'));
  const child: ChildProcess = spawn(
    process.execPath,
    ['src/host/gammawatch.mjs', 'service', '--port', '0', ...args, '--warm-series', 'off', '--quiet'],
    { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, GAMMAWATCH_HOME: dataDir } },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    const baseUrl = await new Promise<string>((resolveUrl, reject) => {
      let stdout = '';
      const timer = setTimeout(
        () => reject(new Error(`no service URL within 60 s; stderr:\n${stderr}`)),
        60_000,
      );
      child.stdout?.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const match = /service at (http:\/\/127\.0\.0\.1:\d+\/\S*)/.exec(stdout);
        if (match?.[1]) {
          clearTimeout(timer);
          resolveUrl(match[1]);
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the service exited (${code}); stderr:\n${stderr}`));
      });
    });
    return { baseUrl, host: new URL(baseUrl).host, stop: () => stopChild(child, dataDir) };
  } catch (error) {
    await stopChild(child, dataDir);
    throw error;
  }
}

// Electron's own security linter, run with the project's Electron version over electron/. It always exits
// 0, so the test reads its CSV report: any finding above INFORMATIONAL fails. A negative control proves the
// harness can fail: the same run over a deliberately insecure window must report findings.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = new URL('../../../', import.meta.url).pathname;
const electronVersion = (
  JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')) as { version: string }
).version;
const work = mkdtempSync(join(tmpdir(), 'gw-eneg-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Finding {
  issue: string;
  severity: string;
  file: string;
  location: string;
}

async function scan(input: string, name: string): Promise<Finding[]> {
  const report = join(work, `${name}.csv`);
  const bin = join(root, 'node_modules/.bin/electronegativity');
  await run(bin, ['-i', input, '-e', electronVersion, '-o', report], { cwd: root, timeout: 120_000 });
  const lines = readFileSync(report, 'utf8').trim().split('\n').slice(1).filter(Boolean);
  return lines.map((line) => {
    const [issue = '', severity = '', , file = '', location = ''] = line.split(',');
    return {
      issue,
      severity: severity.replaceAll('"', ''),
      file: file.replaceAll('"', ''),
      location: location.replaceAll('"', ''),
    };
  });
}

describe('electronegativity', () => {
  it(`reports nothing above informational for electron/ (Electron ${electronVersion})`, async () => {
    const findings = await scan(join(root, 'electron'), 'app');
    expect(findings.filter((f) => f.severity !== 'INFORMATIONAL')).toEqual([]);
  }, 180_000);

  it('flags an insecure window (negative control)', async () => {
    const dir = join(work, 'insecure');
    await run('mkdir', ['-p', dir]);
    writeFileSync(
      join(dir, 'main.js'),
      "const { BrowserWindow } = require('electron');\n" +
        'new BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false, sandbox: false, webSecurity: false } });\n',
    );
    const findings = await scan(dir, 'insecure');
    const issues = new Set(findings.filter((f) => f.severity !== 'INFORMATIONAL').map((f) => f.issue));
    for (const issue of [
      'CONTEXT_ISOLATION_JS_CHECK',
      'SANDBOX_JS_CHECK',
      'WEB_SECURITY_JS_CHECK',
      'LIMIT_NAVIGATION_GLOBAL_CHECK',
      'PERMISSION_REQUEST_HANDLER_GLOBAL_CHECK',
    ]) {
      expect(issues).toContain(issue);
    }
  }, 180_000);
});

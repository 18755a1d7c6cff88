// The app's version, read from its package.json: what the header and app:info show and what names
// the app to the servers it asks (the Cboe fetcher's User-Agent). Here, at the bottom of core, so a
// data source can name the app without importing the app's composition (core's layers, no cycle).
import fs from 'node:fs';

/**
 * Where package.json is from the code that runs: two folders up from the bundle (out/main/main.js,
 * which keeps this relative URL as it is written), three from this file (the sources, run by the
 * CLI and the tests). The first that can be read is the app's.
 */
const PACKAGE_JSON = ['../../package.json', '../../../package.json'];

export function readVersion(): string {
  for (const relative of PACKAGE_JSON) {
    let text: string;
    try {
      text = fs.readFileSync(new URL(relative, import.meta.url), 'utf8');
    } catch {
      continue;
    }
    try {
      const pkg = JSON.parse(text) as { version?: unknown };
      return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
    } catch {
      return '0.0.0';
    }
  }
  return '0.0.0';
}

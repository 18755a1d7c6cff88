// Core's folders are layers: each imports only folders below it, so no two of them import each
// other, directly or around a loop (a loop ties features into one knot: none can be read, tested
// or moved alone). Helpers with no domain are at the bottom (lib/), the composition of the app at
// the top (app/), and core's root holds only its public entry (index.ts). The imports are read
// from the sources with TypeScript's own scanner (static, type-only, re-exports and dynamic
// imports alike); a new folder of core must be given its place in LAYERS.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const CORE = new URL('../../../src/core/', import.meta.url).pathname;

/** Bottom to top: a folder may import its own files and the folders before it, nothing after it. */
const LAYERS = [
  // Helpers used by several folders, with no domain: wall-clock timers, payload field readers, a
  // turn of the event loop.
  'lib',
  // The secret store and the redaction of stored secrets (what leaves through the bridge too).
  'secrets',
  // The settings' schema, their merge and the upgrade of old stored sections.
  'settings',
  // The app's event hub, in the bridge's event vocabulary.
  'events',
  // Alert rules and their evaluation: pure, no store.
  'alerts',
  // The database, its repositories and migrations, and the ingest: the one write path, which
  // evaluates the alert rules on what is news.
  'store',
  // Polling a source on schedule, through the ingest.
  'poller',
  // The data sources: their options, the probe, a connection (service, client, poller), a chain
  // folder's import into history.
  'source',
  // Read models for the bridge: rankings, tickers, curves, alerts, the poll status.
  'queries',
  // Deliveries of alert events to the desktop, webhooks and message services.
  'notify',
  // Backtests: a rule replayed over the stored past, its history filled from the source.
  'backtest',
  // The bridge: one handler per method of the contract, over a BridgeApp, and the dispatch.
  'bridge',
  // The composition: createApp, the App, and the parts only it puts together.
  'app',
] as const;
const ROOT_FILES = ['index.ts'];

interface Import {
  from: string;
  to: string;
}

function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Every import of a core file by another core file, as paths relative to src/core. */
function coreImports(): Import[] {
  const out: Import[] = [];
  for (const file of tsFiles(CORE)) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), fileName);
      if (!target.startsWith(CORE)) continue;
      out.push({ from: path.relative(CORE, file), to: path.relative(CORE, target) });
    }
  }
  return out;
}

/** A file's folder of core: its first path segment, or '(root)' for a file directly in src/core. */
const folderOf = (file: string): string => (file.includes('/') ? (file.split('/')[0] as string) : '(root)');

/** The folders of each cycle of the graph (strongly connected components of more than one folder). */
function cyclesOf(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v) as number);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) visit(v);
  return cycles.sort((a, b) => (a[0] as string).localeCompare(b[0] as string));
}

function folderGraph(imports: readonly Import[]): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const { from, to } of imports) {
    const a = folderOf(from);
    const b = folderOf(to);
    if (a === b) continue;
    if (!edges.has(a)) edges.set(a, new Set());
    edges.get(a)?.add(b);
  }
  return edges;
}

describe("core's folders", () => {
  const imports = coreImports();

  it('reads the imports it checks', () => {
    // A scanner that found nothing would pass every check below.
    expect(imports.length).toBeGreaterThan(500);
    expect(imports).toContainEqual({ from: 'index.ts', to: 'app/create-app.ts' });
    expect(imports).toContainEqual({ from: 'poller/poller.ts', to: 'store/ingest.ts' });
  });

  it('are each given a layer, and core holds no loose file but its public entry', () => {
    const entries = fs.readdirSync(CORE, { withFileTypes: true });
    const folders = entries.filter((e) => e.isDirectory()).map((e) => e.name);
    const files = entries.filter((e) => e.isFile()).map((e) => e.name);
    expect(folders.sort()).toEqual([...LAYERS].sort());
    expect(files).toEqual(ROOT_FILES);
  });

  it('import only folders of a lower layer', () => {
    const rank = (folder: string): number =>
      folder === '(root)' ? LAYERS.length : (LAYERS as readonly string[]).indexOf(folder);
    const upward = imports
      .filter(({ from, to }) => folderOf(from) !== folderOf(to) && rank(folderOf(to)) >= rank(folderOf(from)))
      .map(({ from, to }) => `${from} -> ${to}`);
    expect(upward).toEqual([]);
  });

  it('form no cycle', () => {
    expect(cyclesOf(folderGraph(imports))).toEqual([]);
  });

  it('would have their cycles found', () => {
    // The check itself, on a graph with the kind of knot the folders once formed.
    const knot = folderGraph([
      { from: 'alerts/outgoing-event.ts', to: 'notify/templated.ts' },
      { from: 'notify/wiring.ts', to: 'alerts/policy.ts' },
      { from: 'poller/poller.ts', to: 'queries/poll-status.ts' },
      { from: 'queries/curve-fetch.ts', to: 'store/ingest.ts' },
      { from: 'store/ingest.ts', to: 'poller/jobs.ts' },
      { from: 'lib/timers.ts', to: 'lib/other.ts' },
    ]);
    expect(cyclesOf(knot)).toEqual([
      ['alerts', 'notify'],
      ['poller', 'queries', 'store'],
    ]);
  });
});

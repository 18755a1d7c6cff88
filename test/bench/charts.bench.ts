// Chart drawing in a real browser: Debian's Chromium, headless, through Playwright. Builds a small
// page (test/bench/charts/) with vite that mounts the app's chart component with 2,000 strikes and
// 5 series, hands it new data again and again, and reads the chart's performance measures
// (setData → end of the draw hook) plus the time until the canvas is rasterized. Target: a redraw
// under 16 ms (one frame at 60 Hz).
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH as CHROMIUM } from '../support/chromium.ts';
import type { BenchSuite, Measurement } from './harness.ts';

const here = import.meta.dirname;
const repo = resolve(here, '../..');
const TARGET_MS = 16;
const RUNS = 60;

interface CaseResult {
  js: number[];
  full: number[];
  create: number | null;
  points: number;
  series: number;
  dpr: number;
}

const CASES: { name: string; title: string; dpr: number }[] = [
  { name: 'expirations', title: 'gamma by expiration (4 stacked + combined), all strikes', dpr: 1 },
  { name: 'mixed', title: 'GEX mix (2 bar + 3 line series), all strikes', dpr: 1 },
  { name: 'expirations-window', title: 'gamma by expiration, default ±15 % window', dpr: 1 },
  { name: 'expirations', title: 'gamma by expiration, all strikes, HiDPI (2×)', dpr: 2 },
];

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))] as number;
}

async function buildPage(outDir: string): Promise<void> {
  const { build } = await import('vite');
  const { svelte } = await import('@sveltejs/vite-plugin-svelte');
  await build({
    configFile: false,
    root: join(here, 'charts'),
    base: './',
    logLevel: 'error',
    plugins: [svelte({ configFile: join(repo, 'svelte.config.js') })],
    build: { outDir, emptyOutDir: true, rolldownOptions: { checks: { pluginTimings: false } } },
  });
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** A static server for the built page, on loopback. */
async function serve(root: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(
      /^(\.\.[/\\])+/,
      '',
    );
    const file = join(root, path === '/' ? 'index.html' : path);
    if (!file.startsWith(root)) {
      res.writeHead(403).end();
      return;
    }
    stat(file).then(
      (info) => {
        if (!info.isFile()) throw new Error('not a file');
        res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
        createReadStream(file).pipe(res);
      },
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const suite: BenchSuite = {
  name: 'charts (uPlot in Chromium, 2,000 strikes × 5 series)',
  async run(): Promise<Measurement[]> {
    try {
      await stat(CHROMIUM);
    } catch {
      return [
        {
          name: 'skipped: /usr/bin/chromium is missing (apt-get install -y chromium)',
          value: NaN,
          unit: 'ms',
        },
      ];
    }
    const { chromium } = await import('@playwright/test');
    const outDir = await mkdtemp(join(tmpdir(), 'gw-chart-bench-'));
    const { server, origin } = await (async () => {
      await buildPage(outDir);
      return serve(outDir);
    })();
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
    const out: Measurement[] = [];
    try {
      for (const c of CASES) {
        const page = await browser.newPage({
          viewport: { width: 1280, height: 800 },
          deviceScaleFactor: c.dpr,
        });
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(String(e)));
        await page.goto(`${origin}/index.html`);
        await page.waitForFunction(() => 'window' in globalThis && '__bench' in window);
        const result = await page.evaluate(
          ([name, runs]) =>
            (
              window as unknown as { __bench: { run(n: string, r: number): Promise<CaseResult> } }
            ).__bench.run(name, runs),
          [c.name, RUNS] as const,
        );
        await page.close();
        if (errors.length > 0) throw new Error(`chart bench page failed: ${errors.join('; ')}`);
        const js = [...result.js].sort((a, b) => a - b);
        const full = [...result.full].sort((a, b) => a - b);
        const size = `${result.points.toLocaleString('en-US')} strikes × ${result.series} series, ${result.dpr}× pixels`;
        const target = { value: TARGET_MS, better: 'lower' as const };
        // Other work on the machine shows up in the tail: say how busy it was.
        const load = `load avg ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores`;
        out.push(
          {
            name: `${c.title}: redraw median`,
            value: percentile(js, 50),
            unit: 'ms',
            target,
            note: `${size}; setData → draw hook, ${js.length} redraws`,
          },
          {
            name: `${c.title}: redraw p95`,
            value: percentile(js, 95),
            unit: 'ms',
            target,
            note: `${size}; ${load}`,
          },
          {
            // Informational: Chromium here rasterizes canvases in software (no GPU), so this is a
            // worst case for the pixels; the target applies to the chart's own measure above.
            name: `${c.title}: redraw + software raster, median`,
            value: percentile(full, 50),
            unit: 'ms',
            note: `p95 ${percentile(full, 95).toFixed(2)} ms; until a 1-pixel canvas readback returns, --disable-gpu`,
          },
        );
        if (result.create !== null)
          out.push({
            name: `${c.title}: first build`,
            value: result.create,
            unit: 'ms',
            note: 'uPlot constructor, first draw included',
          });
      }
    } finally {
      await browser.close();
      server.close();
      await rm(outDir, { recursive: true, force: true });
    }
    return out;
  },
};

export default suite;

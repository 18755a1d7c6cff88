// The UI with a 500-ticker watchlist, in Debian's Chromium over headless mode and the fake bridge:
// first render, how many rows the DOM actually holds (windowing), the latency and the longest
// main-thread task of a live update of all 500 rows, scroll frame times, and the bundle size.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startHeadlessServer } from '../../src/host/headless/server.ts';
import { ensureBuilt, RENDERER_DIR } from '../../src/host/headless/renderer-build.ts';
import { FakeBridge } from '../support/fake-bridge.ts';
import type { BenchSuite, Measurement } from './harness.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ROWS = 500;
const UPDATES = 8;

const quantile = (values: number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

function bundleMeasurements(): Measurement[] {
  const dir = join(RENDERER_DIR, 'assets');
  const files = readdirSync(dir).filter((f) => f.endsWith('.js') || f.endsWith('.css'));
  const raw = files.reduce((sum, f) => sum + readFileSync(join(dir, f)).length, 0);
  const gzip = files.reduce((sum, f) => sum + gzipSync(readFileSync(join(dir, f))).length, 0);
  return [
    { name: 'renderer bundle (js + css)', value: raw / 1024, unit: 'KiB' },
    { name: 'renderer bundle gzipped', value: gzip / 1024, unit: 'KiB' },
  ];
}

const suite: BenchSuite = {
  name: `UI: watchlist of ${ROWS} tickers (Chromium, headless mode, fake bridge)`,
  async run() {
    if (!existsSync(CHROMIUM))
      return [{ name: `skipped: ${CHROMIUM} is missing (apt-get install -y chromium)`, value: 0, unit: '' }];
    await ensureBuilt((line) => process.stderr.write(`ui bench: ${line}\n`));
    const fake = new FakeBridge({ seeded: true, bigList: ROWS, backfillSteps: 2 });
    const server = await startHeadlessServer({
      handlers: fake.handlers,
      events: fake,
      rendererDir: RENDERER_DIR,
    });
    const { chromium } = await import('@playwright/test');
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await page.goto(server.url);
      await page.getByTestId('data-source').waitFor();
      const lists = await fake.handlers['watchlists:list'](undefined);
      const big = lists.find((w) => w.name === 'Big');
      if (!big) throw new Error('no big list');

      // First render: from navigation to the table showing priced rows.
      const t0 = performance.now();
      await page.goto(`${server.origin}/#/watchlists/${big.id}`);
      await page
        .getByTestId('row-count')
        .filter({ hasText: `${ROWS} tickers` })
        .waitFor();
      await page.locator('[data-testid="ticker-table"] tbody tr[aria-rowindex] td.num').first().waitFor();
      const firstRender = performance.now() - t0;
      const domRows = await page.locator('[data-testid="ticker-table"] tbody tr[aria-rowindex]').count();

      // Live updates: every row changes on each tick; watch the page's longest tasks meanwhile.
      await page.evaluate(() => {
        const w = window as unknown as { __long: number[]; __mutations: number };
        w.__long = [];
        w.__mutations = 0;
        new PerformanceObserver((list) =>
          list.getEntries().forEach((e) => w.__long.push(e.duration)),
        ).observe({ type: 'longtask', buffered: false });
        const body = document.querySelector('[data-testid="ticker-table"] tbody');
        if (body)
          new MutationObserver(() => (w.__mutations += 1)).observe(body, {
            subtree: true,
            childList: true,
            characterData: true,
          });
      });
      const latencies: number[] = [];
      for (let i = 0; i < UPDATES; i += 1) {
        const before = await page.evaluate(() => (window as unknown as { __mutations: number }).__mutations);
        const start = performance.now();
        fake.tick();
        await page.waitForFunction(
          (n) => (window as unknown as { __mutations: number }).__mutations > n,
          before,
        );
        // Let the whole batch land before the next tick.
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        latencies.push(performance.now() - start);
      }
      const longTasks = await page.evaluate(() => (window as unknown as { __long: number[] }).__long);

      // Scrolling through the whole list, one viewport at a time: time to the next painted frame.
      // A string, not a function: the TypeScript loader wraps named inner functions in a helper
      // that does not exist in the page. Two kinds of scrolling: wheel-like steps of three rows a
      // frame (what a user does), and jumps of most of a viewport (the worst case: every row new).
      const scroll = (step: string) =>
        page.evaluate(`(async () => {
          const scroller = document.querySelector('[data-testid="ticker-table"]');
          if (!scroller) return [];
          const out = [];
          const nextFrame = () => new Promise((r) => requestAnimationFrame(() => r(performance.now())));
          scroller.scrollTop = 0;
          await nextFrame();
          for (let top = 0, n = 0; top < scroller.scrollHeight && n < 150; top += ${step}, n += 1) {
            const start = performance.now();
            scroller.scrollTop = top;
            await nextFrame();
            out.push(performance.now() - start);
          }
          return out;
        })()`) as Promise<number[]>;
      const wheel = await scroll('102');
      const jumps = await scroll('scroller.clientHeight * 0.8');

      return [
        {
          name: `first render of ${ROWS} rows`,
          value: firstRender,
          unit: 'ms',
          target: { value: 1000, better: 'lower' },
        },
        {
          name: `table rows in the DOM for ${ROWS} tickers`,
          value: domRows,
          unit: 'rows',
          target: { value: 60, better: 'lower' },
          note: 'windowed rendering',
        },
        {
          name: `live update of all ${ROWS} rows, median`,
          value: quantile(latencies, 0.5),
          unit: 'ms',
          note: `event → bridge call → DOM, including the 150 ms coalescing window; p95 ${quantile(latencies, 0.95).toFixed(0)} ms over ${UPDATES}`,
        },
        {
          name: 'longest main-thread task during updates',
          value: longTasks.length ? Math.max(...longTasks) : 0,
          unit: 'ms',
          target: { value: 100, better: 'lower' },
          note: `${longTasks.length} tasks over 50 ms during ${UPDATES} updates`,
        },
        {
          name: 'wheel scroll (3 rows a frame): frame time p95',
          value: quantile(wheel, 0.95),
          unit: 'ms',
          target: { value: 16.7, better: 'lower' },
          note: `median ${quantile(wheel, 0.5).toFixed(1)} ms over ${wheel.length} frames; software rendering, load average ${loadavg()[0]?.toFixed(1)}`,
        },
        {
          name: 'jump scroll (a viewport at a time): frame time p95',
          value: quantile(jumps, 0.95),
          unit: 'ms',
          target: { value: 50, better: 'lower' },
          note: `median ${quantile(jumps, 0.5).toFixed(1)} ms over ${jumps.length} jumps; every visible row is new`,
        },
        ...bundleMeasurements(),
      ];
    } finally {
      await browser.close();
      await server.close();
    }
  },
};

export default suite;

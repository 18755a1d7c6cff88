// The benchmark page: mounts the app's chart component with 2,000 strikes and 5 series and times
// redraws after new data. `window.__bench.run(name, runs)` returns, per redraw, the chart's own
// measure (setData → end of the draw hook, JS) and the time until the canvas is rasterized
// (a 1-pixel readback forces pending canvas work to finish).
/* global window, document, requestAnimationFrame */
import { flushSync, mount, unmount } from 'svelte';
import { SvelteMap } from 'svelte/reactivity';
import '../../../src/renderer/app.css';
import Chart from '../../../src/renderer/features/charts/frame/chart.svelte';
import {
  CHART_CREATE_MEASURE,
  CHART_DRAW_MEASURE,
} from '../../../src/renderer/features/charts/frame/perf.ts';
import { expirationColumns, gexColumns } from '../../../src/renderer/features/charts/curves/curve-data.ts';
import { expirationsSpec } from '../../../src/renderer/features/charts/chart-catalog.ts';
import { markersFromLevels } from '../../../src/renderer/features/charts/frame/markers.ts';
import { strikeWindow } from '../../../src/renderer/features/charts/frame/strike-window.ts';
import { formatUsdCompact } from '../../../src/renderer/lib/format.ts';
import { formatCompact, formatStrike } from '../../../src/renderer/features/charts/frame/chart-format.ts';

const STRIKES = 2000;
const SPOT = 750;

/** Small seeded generator, so every run draws the same shapes. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const bell = (k, c, w) => Math.exp(-(((k - c) / w) ** 2));

/** A dense chain: 2,000 strikes half a dollar apart around spot, dealer gamma by bucket. */
function expirationPoints(i) {
  const r = rng(1000 + i);
  const drift = i * 0.05;
  return Array.from({ length: STRIKES }, (_, j) => {
    const strike = SPOT - STRIKES / 4 + j * 0.5;
    const sign = strike < SPOT + drift ? -1 : 1;
    const nearest = sign * 3e4 * bell(strike, SPOT + drift, 8) * (0.7 + 0.6 * r());
    const first_weekly = sign * 2e4 * bell(strike, SPOT, 20) * (0.7 + 0.6 * r());
    const first_monthly = 1.5e4 * bell(strike, SPOT + 10, 45) * (0.7 + 0.6 * r()) - 4e3 * r();
    const all_other_expiries = 1e4 * bell(strike, SPOT - 20, 120) * (0.5 + r());
    return {
      strike,
      nearest,
      first_weekly,
      first_monthly,
      all_other_expiries,
      combined: nearest + first_weekly + first_monthly + all_other_expiries,
    };
  });
}

function gexPoints(i) {
  const r = rng(2000 + i);
  return Array.from({ length: STRIKES }, (_, j) => {
    const strike = SPOT - STRIKES / 4 + j * 0.5;
    const call = 4e8 * bell(strike, SPOT + 15 + i * 0.05, 60) * r();
    const put = -3.5e8 * bell(strike, SPOT - 15, 60) * r();
    return { strike, call, put, net: call + put };
  });
}

/** Calls and puts as bars, net, gamma and a smoothed net as lines: five series of 2,000 points. */
function mixedColumns(i) {
  const [x, call, put, net] = gexColumns(gexPoints(i)).columns;
  const gamma = Float64Array.from(net, (v, j) => v / 1e4 + 2e3 * Math.sin(j / 40));
  const smooth = new Float64Array(net.length);
  for (let j = 0; j < net.length; j++)
    smooth[j] = ((net[j - 1] ?? net[j]) + net[j] + (net[j + 1] ?? net[j])) / 3;
  return [x, call, put, net, gamma, smooth];
}

const mixedSpec = {
  x: { kind: 'strike', label: 'Strike', format: formatStrike },
  series: [
    { key: 'call', label: 'Call GEX', color: '--pos', kind: 'bars', fill: 0.65, format: formatUsdCompact },
    { key: 'put', label: 'Put GEX', color: '--neg', kind: 'bars', fill: 0.65, format: formatUsdCompact },
    { key: 'net', label: 'Net GEX', color: '--text', kind: 'line', width: 1.5, format: formatUsdCompact },
    { key: 'gamma', label: 'Gamma', color: '--accent', kind: 'step', format: formatCompact },
    { key: 'smooth', label: 'Net (smoothed)', color: '--warn', kind: 'line', format: formatUsdCompact },
  ],
  axes: [{ scale: 'y', label: 'USD', format: formatUsdCompact, side: 'left' }],
  zoom: true,
  markerRows: 2,
};

const LEVELS = {
  spot: SPOT,
  gamma_flip: SPOT - 4,
  plus_1sigma_1d: SPOT + 9,
  minus_1sigma_1d: SPOT - 9,
  plus_1sigma_1w: SPOT + 21,
  minus_1sigma_1w: SPOT - 21,
};

const CASES = {
  expirations: { spec: expirationsSpec(), data: (i) => expirationColumns(expirationPoints(i)), pct: null },
  'expirations-window': {
    spec: expirationsSpec(),
    data: (i) => expirationColumns(expirationPoints(i)),
    pct: 15,
  },
  mixed: { spec: mixedSpec, data: mixedColumns, pct: null },
};

const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));

async function run(name, runs = 60, warmup = 8) {
  const c = CASES[name];
  if (!c) throw new Error(`no case ${name}`);
  const target = document.getElementById('app');
  // Data is made before timing: the benchmark times drawing, not the generator.
  const datasets = Array.from({ length: runs + warmup + 1 }, (_, i) => c.data(i));
  const xWindow = strikeWindow(datasets[0][0], SPOT, c.pct);
  performance.clearMeasures();
  // Props read through a reactive map, so new data reaches the mounted chart as in the app.
  const state = new SvelteMap([['data', datasets[0]]]);
  const props = {
    spec: c.spec,
    window: xWindow,
    markers: markersFromLevels(LEVELS),
    label: 'Benchmark chart',
    testid: 'bench-chart',
    height: 320,
    get data() {
      return state.get('data');
    },
  };
  const host = mount(Chart, { target, props });
  flushSync();
  await frame();
  const create = performance.getEntriesByName(CHART_CREATE_MEASURE).at(-1)?.duration ?? null;
  const canvas = target.querySelector('canvas');
  const ctx = canvas.getContext('2d');
  const js = [];
  const full = [];
  for (let i = 1; i < datasets.length; i++) {
    performance.clearMeasures(CHART_DRAW_MEASURE);
    const t0 = performance.now();
    state.set('data', datasets[i]);
    flushSync();
    // uPlot commits in a microtask queued during setData; this await runs after it.
    await Promise.resolve();
    const measure = performance.getEntriesByName(CHART_DRAW_MEASURE).at(-1);
    ctx.getImageData(0, 0, 1, 1);
    const t1 = performance.now();
    if (!measure) throw new Error('the chart recorded no draw measure');
    if (i > warmup) {
      js.push(measure.duration);
      full.push(t1 - t0);
    }
    await frame();
  }
  const points = datasets[0][0].length;
  const series = c.spec.series.filter((s) => s.kind !== 'helper').length;
  unmount(host);
  return { js, full, create, points, series, dpr: window.devicePixelRatio };
}

window.__bench = { run, cases: Object.keys(CASES) };

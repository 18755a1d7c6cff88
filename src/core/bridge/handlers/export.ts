// Bridge methods of exports: stored snapshots (JSON or CSV, paced, written to a file past a size)
// and a ticker's metric series.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { BridgeHandlers } from '../../../shared/bridge/contract.ts';
import type { BridgeApp } from '../bridge-app.ts';
import { withBom } from '../../store/csv.ts';
import { seriesWindowDates, tickerSeries } from '../../queries/series.ts';
import { iso } from '../../queries/snapshot-meta.ts';
import {
  exportSeriesCsv,
  exportSnapshots,
  exportToString,
  paceExport,
  settleExport,
  type ExportCounter,
} from '../../store/export.ts';

export type ExportMethods = 'export:snapshots' | 'export:series';

export type ExportContext = Pick<
  BridgeApp,
  'store' | 'dataDir' | 'events' | 'marketNow' | 'wallNow' | 'settings'
>;

/**
 * Past this size a snapshot export is written to `<data dir>/exports/` instead of answered as
 * text: the answer is held whole on both sides of the bridge (and in a Blob), so it stays small.
 */
const INLINE_EXPORT_BYTES = 8 * 1024 * 1024;
/** At most this often an export:progress event (one more when the export ends). */
const EXPORT_PROGRESS_MS = 500;

export interface ExportOptions {
  /** Past this size an export goes to a file (default 8 MB); tests make it small. */
  inlineBytes?: number;
}

export function exportHandlers(
  ctx: ExportContext,
  options: ExportOptions = {},
): Pick<BridgeHandlers, ExportMethods> {
  // An export reads the source served when it starts, from its first row to its last: a switch
  // meanwhile must not give a file with one source's columns and another's rows.
  const bound = () => ctx.store.forSource(ctx.store.source);
  // Names are stamped to the second: two exports started in the same second (or a name a file of
  // an earlier run has) get "-2", "-3" before the extension, so each answer names its own file.
  const taken = new Set<string>();
  const uniqueName = (name: string): string => {
    const dot = name.lastIndexOf('.');
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? name : `${name.slice(0, dot)}-${n}${name.slice(dot)}`;
      if (taken.has(candidate) || existsSync(path.join(ctx.dataDir, 'exports', candidate))) continue;
      taken.add(candidate);
      return candidate;
    }
  };
  return {
    'export:snapshots': async (input) => {
      const store = bound();
      const query: Parameters<typeof exportSnapshots>[1] = {};
      if (input.ticker) query.ticker = input.ticker;
      if (input.endpoint) query.endpoint = input.endpoint;
      if (input.from) query.from = input.from;
      if (input.to) query.to = input.to;
      const stamp = iso(ctx.wallNow()).slice(0, 19).replace(/[:T]/g, '-');
      const name = uniqueName(
        `gammawatch-snapshots${input.ticker ? `-${input.ticker}` : ''}-${stamp}.${input.format}`,
      );
      const mime = input.format === 'csv' ? 'text/csv' : 'application/json';
      // Read page by page, a turn of the event loop every few ms (other calls are answered
      // meanwhile), held in memory only up to INLINE_EXPORT_BYTES, then streamed to a file.
      const counter: ExportCounter = { scanned: 0, written: 0 };
      let reported = 0;
      const progress = (bytes: number, done = false): void => {
        const now = performance.now();
        if (!done && now - reported < EXPORT_PROGRESS_MS) return;
        reported = now;
        const phase = done ? 'done' : counter.written === 0 && counter.scanned > 0 ? 'columns' : 'rows';
        const snapshots = phase === 'columns' ? counter.scanned : counter.written;
        ctx.events.emit('export:progress', { name, phase, snapshots, bytes });
      };
      const bom = input.format === 'csv' && ctx.settings().exports.csvBom;
      const chunks = paceExport(withBom(exportSnapshots(store, query, input.format, counter), bom), {
        onChunk: (bytes) => progress(bytes),
      });
      const settled = await settleExport(
        chunks,
        path.join(ctx.dataDir, 'exports', name),
        options.inlineBytes ?? INLINE_EXPORT_BYTES,
      );
      if ('content' in settled) {
        if (reported > 0) progress(Buffer.byteLength(settled.content), true);
        return { name, mime, content: settled.content };
      }
      progress(settled.bytes, true);
      return { name, mime, path: settled.path, bytes: settled.bytes };
    },
    'export:series': async (input) => {
      const store = bound();
      const query = seriesWindowDates(store, input.ticker, input.window, ctx.marketNow());
      if (input.format === 'csv') {
        return {
          name: `${input.ticker}-series-${input.window}.csv`,
          mime: 'text/csv',
          content: exportToString(
            withBom(
              exportSeriesCsv(store, input.ticker, input.metrics, query),
              ctx.settings().exports.csvBom,
            ),
          ),
        };
      }
      const series = tickerSeries(
        store,
        { ticker: input.ticker, metrics: input.metrics, window: input.window },
        ctx.marketNow(),
      );
      return {
        name: `${input.ticker}-series-${input.window}.json`,
        mime: 'application/json',
        content: JSON.stringify(series.data, null, 2),
      };
    },
  };
}

// Background warm-up, so requests find their work done: the ranking universe is rebuilt as soon as
// a new snapshot epoch exists (checked every couple of seconds), and the per-day series rows of
// every ticker (over its own window, ending at its newest snapshot) are filled once per New York
// day. Both yield to the event loop between snapshots and stop when the service closes.
import type { FastifyBaseLogger } from 'fastify';
import { epochToNy } from '../../shared/market-calendar.ts';
import type { ServiceContext } from '../http/context.ts';
import { parseWindow } from '../series/window.ts';

export interface WarmOptions {
  /** Series lookback warmed in the background; null for none. Default '180d' (the default window). */
  seriesWindow?: string | null;
  /** How often to look for a new snapshot epoch, in wall-clock ms. Default 2000. */
  intervalMs?: number;
}

/** Resolves when the first pass (universe, then series) has finished or was stopped. */
export function startWarmers(ctx: ServiceContext, opts: WarmOptions, log: FastifyBaseLogger): Promise<void> {
  const signal = ctx.closing;
  const seriesWindow = opts.seriesWindow === undefined ? '180d' : opts.seriesWindow;
  let running = false;
  let seriesDay: string | null = null;

  const tick = async (): Promise<void> => {
    if (running || signal.aborted) return;
    running = true;
    try {
      await ctx.analysis.warmUniverse(signal);
      const today = epochToNy(ctx.analysis.now()).date;
      if (seriesWindow !== null && seriesDay !== today && !signal.aborted) {
        seriesDay = today;
        const started = performance.now();
        const before = ctx.series.computed;
        // Demo symbols first: they are what a first-run user opens.
        const all = ctx.source.universe().map((t) => t.ticker);
        const order = [...ctx.demoSymbols, ...all.filter((t) => !ctx.demoSymbols.includes(t))];
        for (const ticker of order) {
          if (signal.aborted) break;
          // Each ticker's window ends at its own newest snapshot, as the series route's does: in a
          // chain folder one ticker's files may stop months before another's.
          const latest = ctx.analysis.latestTime(ticker);
          if (latest === null) continue;
          const after = parseWindow(seriesWindow, epochToNy(latest).date).after;
          await ctx.series.warm([ticker], after, signal);
        }
        const stats = {
          rows: ctx.series.computed - before,
          seconds: Math.round((performance.now() - started) / 100) / 10,
        };
        log.info(stats, signal.aborted ? 'series warm-up stopped' : 'series cache warmed');
      }
    } catch (error) {
      log.error({ err: error }, 'background warm-up failed');
    } finally {
      running = false;
    }
  };

  const timer = setInterval(() => void tick(), opts.intervalMs ?? 2000);
  timer.unref();
  signal.addEventListener('abort', () => clearInterval(timer), { once: true });
  return tick();
}

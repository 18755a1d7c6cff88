// `storage:status`: the database's size and free pages, what thinning would free now (a dry run
// bounded in rows, so the answer stays quick on a year's store), and the last run.
import fs from 'node:fs';
import type { BridgeHandlers } from '../../../shared/bridge/contract.ts';
import type { BridgeApp } from '../bridge-app.ts';
import { iso } from '../../queries/snapshot-meta.ts';

export type StorageMethods = 'storage:status';

export type StorageContext = Pick<BridgeApp, 'store' | 'settings' | 'marketNow'>;

/** Snapshots a status reads at most to say what thinning would free. */
const PREVIEW_ROWS = 3_000;

const sizeOf = (file: string): number => fs.statSync(file, { throwIfNoEntry: false })?.size ?? 0;

export function storageHandlers(ctx: StorageContext): Pick<BridgeHandlers, StorageMethods> {
  return {
    'storage:status': async () => {
      const { store } = ctx;
      const memory = store.file === ':memory:';
      const walBytes = memory ? 0 : sizeOf(`${store.file}-wal`);
      const facts = store.thinning.facts();
      const s = ctx.settings();
      const preview = store.thinning.preview({
        fullDays: s.retention.fullDays,
        quarterHourDays: s.retention.quarterHourDays,
        retentionDays: s.retentionDays,
        // Ages count from the source's market clock, as the schedule's runs do.
        now: ctx.marketNow(),
        maxRows: PREVIEW_ROWS,
      });
      const last = store.thinning.lastRun();
      return {
        file: store.file,
        fileBytes: (memory ? 0 : sizeOf(store.file)) + walBytes,
        walBytes,
        pageSize: facts.pageSize,
        pageCount: facts.pageCount,
        freePages: facts.freePages,
        freeBytes: facts.freePages * facts.pageSize,
        givesSpaceBack: facts.autoVacuum === 'incremental',
        wouldFree: {
          expired: preview.expired,
          thinned: preview.thinned,
          payloads: preview.payloads,
          bytes: preview.bytes,
          days: preview.days,
          complete: preview.complete,
        },
        lastRun: last
          ? {
              at: iso(last.at),
              durationMs: last.durationMs,
              longestStepMs: last.longestStepMs,
              steps: last.steps,
              expired: last.expired,
              thinned: last.thinned,
              payloads: last.payloads,
              days: last.days,
              bytesReturned: last.pagesReturned * facts.pageSize,
            }
          : null,
      };
    },
  };
}

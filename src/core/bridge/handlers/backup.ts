// Bridge methods of backups: take one, list the backups folder, and replace the database with one
// of its files (checked and migrated aside first, with a safety backup of the current database
// taken just before it is replaced).
import fs from 'node:fs';
import path from 'node:path';
import type { BridgeHandlers, BridgeOutput } from '../../../shared/bridge/contract.ts';
import { backupNameSchema } from '../../../shared/bridge/history.ts';
import { BridgeFailure } from '../../../shared/bridge/result.ts';
import type { BridgeApp } from '../bridge-app.ts';
import { iso } from '../../queries/snapshot-meta.ts';
import { restoreIntoOpenDatabase } from '../../store/backup.ts';
import { StoreError } from '../../store/errors.ts';

export type BackupMethods = 'backup:create' | 'backup:list' | 'backup:import';

export type BackupContext = Pick<BridgeApp, 'store' | 'dataDir' | 'events' | 'info' | 'wallNow'>;

/** What a backup file can fail on: said to the user as it is, not as an internal error. */
const REFUSED_BACKUP_KINDS = new Set([
  'not_gammawatch',
  'too_new',
  'corrupt',
  'cannot_open',
  'invalid_input',
]);

const backupsDir = (ctx: Pick<BridgeApp, 'dataDir'>): string => path.join(ctx.dataDir, 'backups');

function listBackups(ctx: Pick<BridgeApp, 'dataDir'>): BridgeOutput<'backup:list'> {
  const folder = backupsDir(ctx);
  const names = fs.existsSync(folder) ? fs.readdirSync(folder) : [];
  const backups = names
    .filter((name) => backupNameSchema.safeParse(name).success)
    .flatMap((name) => {
      const stat = fs.statSync(path.join(folder, name), { throwIfNoEntry: false });
      return stat?.isFile() ? [{ name, bytes: stat.size, modifiedAt: iso(stat.mtimeMs) }] : [];
    })
    .sort((a, b) => b.modifiedAt.localeCompare(a.modifiedAt) || a.name.localeCompare(b.name));
  return { folder, backups };
}

export function backupHandlers(ctx: BackupContext): Pick<BridgeHandlers, BackupMethods> {
  const { store } = ctx;
  return {
    'backup:create': async () => {
      const at = ctx.wallNow();
      const dir = path.join(ctx.dataDir, 'backups');
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `gammawatch-${iso(at).replace(/[:.]/g, '-')}.db`);
      const report = await store.backup(file);
      return { path: report.destination, bytes: report.bytes, createdAt: iso(at) };
    },
    'backup:list': async () => listBackups(ctx),
    'backup:import': async ({ name }) => {
      const dir = backupsDir(ctx);
      const file = path.join(dir, name);
      if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile())
        throw new BridgeFailure('not_found', `no backup ${name} in ${dir}`);
      const stamp = iso(ctx.wallNow()).replace(/[:.]/g, '-');
      try {
        // The safety backup is taken once the backup passed every check and its migrated copy is
        // ready, so a foreign, newer or misshapen file changes nothing, not even the backups folder.
        let safetyBackup = '';
        const takeSafetyBackup = async (): Promise<void> => {
          safetyBackup = (await store.backup(path.join(dir, `gammawatch-before-import-${stamp}.db`)))
            .destination;
        };
        const report = await restoreIntoOpenDatabase(
          file,
          store.file,
          (copy) => store.replaceContentFrom(copy),
          takeSafetyBackup,
        );
        ctx.events.emit('app:changed', ctx.info());
        return {
          name,
          fromVersion: report.fromVersion,
          toVersion: report.toVersion,
          snapshots: report.snapshots,
          safetyBackup,
        };
      } catch (error) {
        if (error instanceof StoreError && REFUSED_BACKUP_KINDS.has(error.kind))
          throw new BridgeFailure('invalid_input', `${name} was not imported: ${error.message}`);
        throw error;
      }
    },
  };
}

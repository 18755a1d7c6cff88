// The app's "test connection" for a chain folder: read it once (through its index in the data
// folder when there is one, creating nothing) and say in one line what a user would be looking at.
import { ChainFolder } from './chain-folder.ts';
import { messageOf } from '../../../shared/message-of.ts';
import { describeSnapshotTime, type ChainFolderProbe } from './status.ts';

const SHOWN_TICKERS = 6;
const SHOWN_DETAILS = 20;

/** `dataDir`: the service's data folder, whose index of `dir` (if any) saves re-parsing it. */
export async function probeChainFolder(
  dir: string,
  options: { dataDir?: string } = {},
): Promise<ChainFolderProbe> {
  let folder: ChainFolder;
  try {
    folder = await ChainFolder.open(dir, {
      watch: false,
      index: 'existing',
      cacheChains: 1,
      ...(options.dataDir !== undefined ? { dataDir: options.dataDir } : {}),
    });
  } catch (error) {
    const message = messageOf(error).replace(`cannot read the chain folder ${dir}: `, '');
    return { ok: false, message: `${message}: ${dir}`, details: [] };
  }
  try {
    const status = folder.status();
    const details = status.problems.slice(0, SHOWN_DETAILS).map((p) => `${p.file}: ${p.message}`);
    if (status.problems.length > SHOWN_DETAILS)
      details.push(`… and ${status.problems.length - SHOWN_DETAILS} more`);
    const skipped = folder.skippedFiles;
    const skippedText = skipped === 0 ? '' : `; ${skipped} file${skipped === 1 ? '' : 's'} skipped`;
    if (status.files === 0) {
      return {
        ok: false,
        message:
          skipped === 0 ? `no chain files in ${dir}` : `no readable chain files in ${dir}${skippedText}`,
        details,
      };
    }
    const shown = status.tickers.slice(0, SHOWN_TICKERS).join(', ');
    const more =
      status.tickers.length > SHOWN_TICKERS ? `, +${status.tickers.length - SHOWN_TICKERS} more` : '';
    const newest =
      status.newestSnapshot === null ? '' : `, newest ${describeSnapshotTime(status.newestSnapshot)}`;
    const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
    return {
      ok: true,
      message: `${plural(status.files, 'chain file')}, ${plural(status.tickers.length, 'ticker')} (${shown}${more})${newest}${skippedText}`,
      details,
    };
  } finally {
    await folder.close();
  }
}

// One thread of the chain folder's parse pool (parse-pool.ts): takes jobs from the main thread and
// answers each with only what the main thread keeps. An index job answers with the file's index row
// (a few numbers, not the parsed chain: the chain cache fills again on demand); an analysis job
// answers with the payloads of the poller's views as one JSON string (a string crosses threads as a
// plain copy, where structured clone would walk every object of every payload).
import { parentPort } from 'node:worker_threads';
import { messageOf } from '../../../shared/message-of.ts';
import { readChainFile } from './read-chain-file.ts';
import type { PoolJob, PoolReply } from './pool-messages.ts';

async function answer(job: PoolJob): Promise<PoolReply> {
  if (job.kind === 'index') {
    const read = await readChainFile(job.dir, job.name);
    return { id: job.id, kind: 'index', row: read?.row ?? null };
  }
  // The analysis pipeline is loaded on the first analysis job only: a cold start's threads, which
  // only parse, start faster without it (from source, tsx compiles every module a thread loads).
  const { analyseSnapshotFile } = await import('./snapshot-job.ts');
  return { id: job.id, kind: 'analysis', json: analyseSnapshotFile(job) };
}

const port = parentPort;
if (port === null) throw new Error('parse-worker.ts runs in a worker thread only');
port.on('message', (job: PoolJob) => {
  answer(job).then(
    (reply) => port.postMessage(reply),
    (error: unknown) => port.postMessage({ id: job.id, kind: 'error', message: messageOf(error) }),
  );
});

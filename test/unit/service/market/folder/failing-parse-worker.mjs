// A pool thread that fails on purpose (chain-folder-pool.test.ts): a job for a file whose name has
// "crash" ends the thread, one with "throw" throws out of the thread; every other job goes to the
// real worker (parse-worker.ts), which also listens. The real one listens first: a port delivers
// nothing before its first listener, and would hand early jobs to this one alone.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import('../../../../../src/service/market/folder/parse-worker.ts');
parentPort?.on('message', (job) => {
  if (job.name.includes('crash')) process.exit(3);
  if (job.name.includes('throw')) throw new Error('thrown on purpose');
});

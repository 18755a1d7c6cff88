// Scale-out: two replicas of `gammawatch service` (one seed) behind nginx rendered from
// deploy/nginx.conf.template, closed-loop load through nginx, and one replica stopped with SIGTERM
// in the middle. Reports the requests sent and failed at the client (the target is none), the p99
// latency across the whole run, and how long the stopped replica took to drain and exit.
// Needs nginx (Debian: nginx-light); without it the suite reports nothing and says why.
import { findNginx, killUnderLoad, quantile, startNginx } from '../integration/deploy/nginx-harness.ts';
import { spawnService, stopService } from '../support/service-child.ts';
import type { BenchSuite, Measurement } from './harness.ts';

const CONCURRENCY = 32;
const BEFORE = 4000;
const AFTER = 4000;

const suite: BenchSuite = {
  name: 'scale-out: 2 replicas behind nginx, one stopped with SIGTERM under load',
  async run() {
    const nginx = findNginx();
    if (nginx === null) {
      process.stdout.write('  skipped: nginx is not installed (Debian: apt-get install nginx-light)\n');
      return [];
    }
    const replicas = await Promise.all([spawnService(), spawnService()]);
    const proxy = await startNginx(
      nginx,
      replicas.map((r) => r.port),
    );
    try {
      const victim = replicas[0];
      if (!victim) throw new Error('no replica');
      const run = await killUnderLoad(proxy.baseUrl, victim, {
        concurrency: CONCURRENCY,
        warmup: BEFORE,
        after: AFTER,
      });
      if (run.failures.length > 0)
        process.stdout.write(`  failures (first 5): ${run.failures.slice(0, 5).join('; ')}\n`);
      const out: Measurement[] = [
        {
          name: `requests sent through nginx (${CONCURRENCY} clients, SIGTERM to one replica after ${BEFORE})`,
          value: run.sent,
          unit: 'requests',
        },
        {
          name: 'requests failed at the client',
          value: run.failures.length,
          unit: 'requests',
          target: { value: 0, better: 'lower' },
        },
        { name: 'latency p50, whole run', value: quantile(run.latencies, 0.5), unit: 'ms' },
        { name: 'latency p99, whole run', value: quantile(run.latencies, 0.99), unit: 'ms' },
        {
          name: 'stopped replica: signal to exit',
          value: run.drainMs,
          unit: 'ms',
          target: { value: 10_000, better: 'lower' },
          note: `exit code ${run.exitCode}`,
        },
      ];
      return out;
    } finally {
      await proxy.stop();
      await Promise.all(replicas.map((r) => stopService(r, 2000)));
    }
  },
};

export default suite;

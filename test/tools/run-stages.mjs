#!/usr/bin/env node
// Runs npm scripts as stages: the scripts of one argument at the same time, the arguments one
// after another, e.g. `node test/tools/run-stages.mjs lint,format:check,typecheck test:unit`.
// A concurrent script's output is held and printed whole when it ends, so logs do not interleave;
// a lone script prints as it goes. Each stage's wall time is printed. The first argument with a
// failed script stops the run (its other scripts still finish), and the exit code is 1.
//
// `npm test` uses it to check lint, format and types together: ESLint runs on one core for
// minutes, and tsc and svelte-check, one core each, fit beside it on a 2-core machine.
//
// On Linux each stage's line also gives how busy the machine's cores were meanwhile (from
// /proc/stat): a stage near 100 % is bound by CPU, so only less work, not more overlap, makes it
// faster. That is the measurement behind the suite's time on a 2-core machine.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = Date.now();
const startedCpu = cpuTimes();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(0)} s`;

/** The machine's CPU counters (jiffies, all cores): busy and total; undefined off Linux. */
function cpuTimes() {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0];
    const fields = line.trim().split(/\s+/).slice(1, 9).map(Number);
    if (fields.length < 5 || fields.some((n) => !Number.isFinite(n))) return undefined;
    const total = fields.reduce((a, b) => a + b, 0);
    const idle = fields[3] + fields[4]; // idle + iowait
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

/** ", cores 93 % busy (2)" for the span since `from`, or "" when it cannot be read. */
function busySince(from) {
  const to = cpuTimes();
  if (!from || !to || to.total <= from.total) return '';
  const share = Math.round(((to.busy - from.busy) / (to.total - from.total)) * 100);
  return `, cores ${share} % busy (${availableParallelism()})`;
}

/** Runs `npm run -s <script>`; resolves to its exit code (1 for a signal). */
function run(script, hold) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const child = spawn(npm, ['run', '-s', script], {
      stdio: hold ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: process.env,
    });
    const chunks = [];
    if (hold) {
      child.stdout.on('data', (c) => chunks.push(c));
      child.stderr.on('data', (c) => chunks.push(c));
    }
    child.on('close', (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      if (hold) {
        process.stdout.write(`\n──── ${script} ────\n`);
        process.stdout.write(Buffer.concat(chunks));
      }
      process.stdout.write(`stages: ${script} ${status === 0 ? 'passed' : 'FAILED'} in ${seconds(t0)}\n`);
      resolve(status);
    });
  });
}

for (const stage of process.argv.slice(2)) {
  const scripts = stage.split(',').filter(Boolean);
  if (scripts.length > 1) process.stdout.write(`stages: ${scripts.join(' + ')} at the same time\n`);
  const cpu = cpuTimes();
  const t0 = Date.now();
  const codes = await Promise.all(scripts.map((script) => run(script, scripts.length > 1)));
  process.stdout.write(`stages: stage ${scripts.join(' + ')} took ${seconds(t0)}${busySince(cpu)}\n`);
  const failed = scripts.filter((_, i) => codes[i] !== 0);
  if (failed.length > 0) {
    process.stdout.write(`stages: stopped after ${seconds(started)}: ${failed.join(', ')} failed\n`);
    process.exit(1);
  }
}
process.stdout.write(`stages: all passed in ${seconds(started)}${busySince(startedCpu)}\n`);

#!/usr/bin/env node
// `npm run lint`: ESLint on the whole tree, in two processes at once, one for Svelte components and
// one for everything else. Why: the type-aware rules run on one TypeScript program per process, and
// a `.svelte` file linted between `.ts` files (ESLint's directory order) makes that program take a
// new virtual file, so the next file's types are checked again. Apart, the same files and rules
// cost about half the CPU (src/renderer alone: 329 s of CPU in one process, 169 s in two; measured
// 2026-11-29, docs/architecture.md) and the two processes use both cores.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '../..');
const ESLINT = join(ROOT, 'node_modules/eslint/bin/eslint.js');
const extra = process.argv.slice(2);

const passes = [
  { name: 'components', args: ['src/**/*.svelte', 'test/**/*.svelte'] },
  { name: 'the rest', args: ['--ignore-pattern', '**/*.svelte', '.'] },
];

function lint({ name, args }) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [ESLINT, '--max-warnings', '0', ...extra, ...args], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    child.on('exit', (code, signal) => resolve({ name, ok: code === 0, code: code ?? signal }));
    child.on('error', (error) => resolve({ name, ok: false, code: error.message }));
  });
}

const results = await Promise.all(passes.map(lint));
for (const r of results.filter((r) => !r.ok)) console.error(`lint: ${r.name} failed (${r.code})`);
process.exit(results.every((r) => r.ok) ? 0 : 1);

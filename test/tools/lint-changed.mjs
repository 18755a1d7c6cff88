#!/usr/bin/env node
// `npm run lint:changed`: ESLint (the same config and rules as `npm run lint`) on the files this
// branch changed, for the inner loop. Changed means: committed since the branch left its base
// (main, else origin/main, else nothing), staged, unstaged, or new and not ignored. ESLint's cache
// (.cache/eslint, gitignored) skips files unchanged since their last clean lint.
//   node test/tools/lint-changed.mjs [BASE]   BASE: a branch or commit to compare with (default main)
// The whole tree is linted by `npm run lint` (in `npm test`): a change to a type can break a file
// this one does not list.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '../..');
const LINTED = /\.(ts|mts|cts|js|mjs|cjs|svelte)$/;

const git = (...args) =>
  execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
const tryGit = (...args) => {
  try {
    return git(...args);
  } catch {
    return null;
  }
};
const lines = (text) => (text ?? '').split('\n').filter((line) => line !== '');

const wanted = process.argv[2];
const base = [wanted ?? 'main', ...(wanted ? [] : ['origin/main'])]
  .map((ref) => tryGit('merge-base', 'HEAD', ref)?.trim())
  .find((sha) => sha);

const files = new Set([
  ...(base ? lines(git('diff', '--name-only', '--diff-filter=ACMR', base, 'HEAD')) : []),
  ...lines(git('diff', '--name-only', '--diff-filter=ACMR', 'HEAD')),
  ...lines(git('ls-files', '--others', '--exclude-standard')),
]);
const targets = [...files].filter((file) => LINTED.test(file) && existsSync(join(ROOT, file))).sort();

if (targets.length === 0) {
  console.log(`lint:changed: no changed file to lint (against ${base ? base.slice(0, 10) : 'HEAD'})`);
  process.exit(0);
}
console.log(`lint:changed: ${targets.length} file(s) against ${base ? base.slice(0, 10) : 'HEAD'}`);
const eslint = spawnSync(
  process.execPath,
  [
    join(ROOT, 'node_modules/eslint/bin/eslint.js'),
    '--max-warnings',
    '0',
    '--cache',
    '--cache-strategy',
    'content',
    '--cache-location',
    join(ROOT, '.cache/eslint/'),
    // A listed file that the config ignores is skipped, not a warning.
    '--no-warn-ignored',
    ...targets,
  ],
  { cwd: ROOT, stdio: 'inherit' },
);
process.exit(eslint.status ?? 1);

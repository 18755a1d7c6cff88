// Lint enforces the architecture's arrows (ARCHITECTURE.md, "Arrows that must never exist")
// and the habits that keep async code honest (no floating promises).
import js from '@eslint/js';
import globals from 'globals';
import svelte from 'eslint-plugin-svelte';
import tseslint from 'typescript-eslint';
import svelteConfig from './svelte.config.js';

/** A relative import that climbs out of its folder into one of the named top-level folders of src/. */
const into = (...folders) => `^(\\.\\./)+(${folders.join('|')})(/|$)`;
const nodeBuiltins = { regex: '^node:', message: 'This side of the app must not touch Node built-ins.' };
const electronImport = { name: 'electron', message: 'Only electron/ imports Electron.' };
const electronPatterns = [{ regex: '^electron(/|$)', message: 'Only electron/ imports Electron.' }];
/**
 * The front doors: from outside src/service, src/core and src/client, each is imported only
 * through its index.ts, which exports what the others need. A relative import of anything else of
 * the folder (or of the bare folder) is refused; from electron/ the path goes through src/.
 */
const frontDoor = (folder, name) => ({
  regex: `^(\\.\\./)+(src/)?${folder}(/(?!index\\.ts$)|$)`,
  message: `Outside src/${folder}, ${name} is imported only through its front door, src/${folder}/index.ts.`,
});
const serviceDoor = frontDoor('service', 'the service');
const coreDoor = frontDoor('core', 'the core');
const clientDoor = frontDoor('client', 'the client');
/**
 * A component test (beside its component in src/renderer, or its harness in test/component/harness)
 * runs in the page: through the repository's root it could still reach the main side or the Node
 * side of the tests, which these refuse. It reaches the core only through the bridge.
 */
// What neither the renderer nor the component harness may import: Node by its bare name, and the
// main side's libraries.
const bareNodeModules = {
  regex: '^(fs|path|os|child_process|http|https|net|crypto|url|stream)$',
  message: 'No Node in the renderer.',
};
const mainSideLibraries = {
  regex: '^(better-sqlite3|node-cron|fastify)$',
  message: 'Main-side library in the renderer.',
};

const componentTestArrows = [
  {
    regex: '^(\\.\\./)+src/(client|core|service|host)(/|$)',
    message: 'The renderer reaches the app only through the bridge, in tests too.',
  },
  {
    regex: '^(\\.\\./)+(test/)?(support|integration|unit|e2e|bench|setup)(/|$)',
    message: 'Node-side test code stays out of the page: component tests use test/component/harness.',
  },
  {
    regex: '(^|/)(bridge-proxy|global-setup|vitest\\.config)\\.ts$',
    message: "The component tests' Node side (server, core) stays out of the page.",
  },
];
const noRenderer = { regex: into('renderer'), message: 'Main-side code never imports the renderer.' };

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'out/',
      'dist/',
      'test/artifacts/',
      'test-results/',
      'playwright-report/',
      'test/bench/results/',
      // The inner loop's caches (npm run test:fast): svelte-check's incremental output is TypeScript.
      '.cache/',
      '.svelte-check/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-empty': ['error', { allowEmptyCatch: false }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // Type-aware rules for TypeScript, and for the TypeScript of Svelte components (parsed below):
    // floating and misused promises are bugs here.
    files: ['**/*.ts', '**/*.svelte'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: {
      globals: { ...globals.browser },
      parserOptions: {
        projectService: true,
        extraFileExtensions: ['.svelte'],
        parser: tseslint.parser,
        svelteConfig,
      },
    },
  },
  // ---- Architecture boundaries -------------------------------------------------------------
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronImport],
          patterns: [
            nodeBuiltins,
            ...electronPatterns,
            {
              regex: into('client', 'core', 'service', 'host', 'renderer'),
              message: 'src/shared imports nothing of ours.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronImport],
          patterns: [
            nodeBuiltins,
            ...electronPatterns,
            bareNodeModules,
            {
              regex: into('client', 'core', 'service', 'host'),
              message:
                'The renderer reaches the app only through the bridge (src/shared/bridge/contract.ts).',
            },
            ...componentTestArrows,
            mainSideLibraries,
          ],
        },
      ],
    },
  },
  {
    // The component tests' browser side (the tests themselves sit beside their components, under
    // the block above): it mounts screens as the shell does, so it keeps the renderer's arrows.
    files: ['test/component/harness/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronImport],
          patterns: [
            nodeBuiltins,
            ...electronPatterns,
            bareNodeModules,
            ...componentTestArrows,
            mainSideLibraries,
          ],
        },
      ],
    },
  },
  {
    files: ['src/service/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronImport],
          patterns: [
            ...electronPatterns,
            {
              regex: into('client', 'core', 'host', 'renderer'),
              message: 'The local service stands alone: it may use src/shared only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronImport],
          patterns: [
            ...electronPatterns,
            {
              regex: into('core', 'service', 'host', 'renderer'),
              message: 'The client depends on src/shared only.',
            },
          ],
        },
      ],
    },
  },
  // One block per folder: a file's last matching block sets the rule's whole option list.
  // Inside src/core, its folders are layers that import only those below them, so they form no
  // cycle: test/unit/lint/core-layers.test.ts reads every import and checks it.
  {
    files: ['src/core/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [electronImport], patterns: [...electronPatterns, noRenderer, serviceDoor, clientDoor] },
      ],
    },
  },
  {
    files: ['src/host/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronImport],
          patterns: [...electronPatterns, noRenderer, serviceDoor, coreDoor, clientDoor],
        },
      ],
    },
  },
  {
    // The Electron shell: Electron itself, and the rest of the app through the front doors.
    files: ['electron/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serviceDoor, coreDoor, clientDoor] }] },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { ...globals.node } },
  },
);

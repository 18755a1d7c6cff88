// The front doors of the service, core and the client: outside src/service, src/core and
// src/client, each is imported only through its index.ts. The rule lives in eslint.config.js; this
// lints snippets as if they were files of core, host and the Electron shell, through ESLint's own
// API and the project's config.
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Paths of each side (real files; the text is ours).
const CORE_FILE = 'src/core/queries/levels-text.ts';
const HOST_FILE = 'src/host/commands/analyze.ts';
const ELECTRON_FILE = 'electron/main.ts';
const ELECTRON_LOGIC_FILE = 'electron/logic/ipc-router.ts';
const MESSAGE =
  'Outside src/service, the service is imported only through its front door, src/service/index.ts.';
const CORE_MESSAGE = 'Outside src/core, the core is imported only through its front door, src/core/index.ts.';
const CLIENT_MESSAGE =
  'Outside src/client, the client is imported only through its front door, src/client/index.ts.';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({
    cwd: new URL('../../..', import.meta.url).pathname,
    // The project's config, only the import rule run: no type information is needed for it, so
    // the TypeScript program (a minute on a loaded machine) is not built.
    ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
    overrideConfig: { files: ['**/*.ts'], languageOptions: { parserOptions: { projectService: false } } },
  });
});

async function restrictedImports(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  const messages = result?.messages ?? [];
  // A parse failure would make "no error" meaningless.
  expect(messages.filter((m) => m.fatal === true)).toEqual([]);
  return messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the service front door', () => {
  it.each([
    [
      'a value import of an analysis internal',
      CORE_FILE,
      "import { RECENCY_WINDOW_MS } from '../../service/analysis/analysis-cache.ts';\nexport const w = RECENCY_WINDOW_MS;\n",
    ],
    [
      'a type-only import',
      CORE_FILE,
      "import type { TickerAnalysis } from '../../service/analysis/ticker-analysis.ts';\nexport type T = TickerAnalysis;\n",
    ],
    ['a re-export', CORE_FILE, "export { weakEtag } from '../../service/rankings/etag.ts';\n"],
    ['the folder itself', CORE_FILE, "export { createService } from '../../service';\n"],
    [
      'an http internal from the CLI',
      HOST_FILE,
      "import { tickerEnvelope } from '../../service/http/envelope.ts';\nexport const e = tickerEnvelope;\n",
    ],
    [
      'an engine internal from the CLI',
      HOST_FILE,
      "import { gexByStrike } from '../../service/engine/curves.ts';\nexport const g = gexByStrike;\n",
    ],
    [
      'an http internal from the shell',
      ELECTRON_FILE,
      "import { API_PREFIX } from '../src/service/http/server.ts';\nexport const p = API_PREFIX;\n",
    ],
  ])(
    'refuses %s (%s)',
    async (_what, filePath, code) => {
      expect(await restrictedImports(code, filePath)).toEqual([expect.stringContaining(MESSAGE)]);
    },
    120_000,
  );

  it.each([
    [
      CORE_FILE,
      "import { RECENCY_WINDOW_MS } from '../../service/index.ts';\nexport const w = RECENCY_WINDOW_MS;\n",
    ],
    [
      HOST_FILE,
      "import { analyzeChainFile } from '../../service/index.ts';\nexport const a = analyzeChainFile;\n",
    ],
    [ELECTRON_FILE, "import { API_PREFIX } from '../src/service/index.ts';\nexport const p = API_PREFIX;\n"],
  ])(
    'lets %s import src/service/index.ts',
    async (filePath, code) => {
      expect(await restrictedImports(code, filePath)).toEqual([]);
    },
    120_000,
  );
});

describe('the core front door', () => {
  it.each([
    [
      'the composition root from the shell',
      ELECTRON_FILE,
      "import { createApp } from '../src/core/app.ts';\nexport const c = createApp;\n",
    ],
    [
      'a type-only import from the shell',
      ELECTRON_FILE,
      "import type { SecretStore } from '../src/core/secrets/secret-store.ts';\nexport type S = SecretStore;\n",
    ],
    [
      "the dispatch from the shell's logic",
      ELECTRON_LOGIC_FILE,
      "import { dispatch } from '../../src/core/bridge/dispatch.ts';\nexport const d = dispatch;\n",
    ],
    ['the folder itself from the shell', ELECTRON_FILE, "export { createApp } from '../src/core';\n"],
    [
      'the bridge handlers from the host',
      HOST_FILE,
      "import { createBridgeHandlers } from '../../core/bridge/handlers.ts';\nexport const h = createBridgeHandlers;\n",
    ],
    [
      'a poller type from the host',
      HOST_FILE,
      "import type { JobRunSummary } from '../../core/poller/poller.ts';\nexport type J = JobRunSummary;\n",
    ],
    ['a re-export from the host', HOST_FILE, "export { runBacktest } from '../../core/backtest/run.ts';\n"],
  ])(
    'refuses %s (%s)',
    async (_what, filePath, code) => {
      expect(await restrictedImports(code, filePath)).toEqual([expect.stringContaining(CORE_MESSAGE)]);
    },
    120_000,
  );

  it.each([
    [
      ELECTRON_FILE,
      "import { createApp, type App } from '../src/core/index.ts';\nexport const c: App | null = null;\nexport const a = createApp;\n",
    ],
    [
      ELECTRON_LOGIC_FILE,
      "import { dispatch } from '../../src/core/index.ts';\nexport const d = dispatch;\n",
    ],
    [HOST_FILE, "import { createApp } from '../../core/index.ts';\nexport const c = createApp;\n"],
  ])(
    'lets %s import src/core/index.ts',
    async (filePath, code) => {
      expect(await restrictedImports(code, filePath)).toEqual([]);
    },
    120_000,
  );
});

describe('the client front door', () => {
  it.each([
    [
      'an error class from core',
      CORE_FILE,
      "import { ApiError } from '../../client/errors.ts';\nexport const e = ApiError;\n",
    ],
    [
      'a type-only import from core',
      CORE_FILE,
      "import type { RequestOptions } from '../../client/result.ts';\nexport type R = RequestOptions;\n",
    ],
    ['the folder itself from core', CORE_FILE, "export { ApiClient } from '../../client';\n"],
    [
      'the client class from the host',
      HOST_FILE,
      "import { ApiClient } from '../../client/api-client.ts';\nexport const c = ApiClient;\n",
    ],
    [
      'the client class from the shell',
      ELECTRON_FILE,
      "import { ApiClient } from '../src/client/api-client.ts';\nexport const c = ApiClient;\n",
    ],
  ])(
    'refuses %s (%s)',
    async (_what, filePath, code) => {
      expect(await restrictedImports(code, filePath)).toEqual([expect.stringContaining(CLIENT_MESSAGE)]);
    },
    120_000,
  );

  it.each([
    [
      CORE_FILE,
      "import { ApiError, type RequestOptions } from '../../client/index.ts';\nexport type R = RequestOptions;\nexport const e = ApiError;\n",
    ],
    [HOST_FILE, "import { ApiClient } from '../../client/index.ts';\nexport const c = ApiClient;\n"],
  ])(
    'lets %s import src/client/index.ts',
    async (filePath, code) => {
      expect(await restrictedImports(code, filePath)).toEqual([]);
    },
    120_000,
  );
});

describe('tests', () => {
  // Tests may reach into a folder's internals (they test them); the front doors bind the app's code.
  it('may import internals of the service, core and the client', async () => {
    const code =
      "import { RECENCY_WINDOW_MS } from '../../../src/service/analysis/analysis-cache.ts';\n" +
      "import { dispatch } from '../../../src/core/bridge/dispatch.ts';\n" +
      "import { ApiError } from '../../../src/client/errors.ts';\n" +
      'export const all = [RECENCY_WINDOW_MS, dispatch, ApiError];\n';
    expect(await restrictedImports(code, 'test/unit/lint/front-door.test.ts')).toEqual([]);
  }, 120_000);
});

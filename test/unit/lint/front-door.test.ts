// The service's front door (issue 15): core and host import src/service/index.ts and nothing else
// of src/service. The rule lives in eslint.config.js; this lints snippets as if they were files of
// core and host, through ESLint's own API and the project's config.
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Paths of each side (real files; the text is ours).
const CORE_FILE = 'src/core/queries/levels-text.ts';
const HOST_FILE = 'src/host/commands/analyze.ts';
const MESSAGE = 'Core and host reach the service only through src/service/index.ts.';

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
  ])(
    'lets %s import src/service/index.ts',
    async (filePath, code) => {
      expect(await restrictedImports(code, filePath)).toEqual([]);
    },
    120_000,
  );
});

// Builds the UI once before the run when the sources are newer than out/renderer, so every spec
// serves the code under test (and a spec never pays for a build inside its timeout).
import { ensureBuilt } from '../../src/host/headless/renderer-build.ts';

export default async function globalSetup(): Promise<void> {
  await ensureBuilt((line) => process.stderr.write(`e2e: ${line}\n`));
}

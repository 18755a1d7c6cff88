#!/usr/bin/env node
// The `gammawatch` command. The code is TypeScript run through tsx's loader, so the command works
// from a checkout with no build step; the Electron build bundles its own copy of the same sources.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./cli.ts');
process.exitCode = await main(process.argv.slice(2));

// The worker thread's entry when Gammawatch runs from source (tsx, vitest): a worker starts with no
// loader, so it registers tsx before importing the TypeScript worker. The Electron build bundles
// parse-worker.ts itself as `chain-parse-worker.js` (electron.vite.config.ts) and never loads this.
import { register } from 'tsx/esm/api';

register();
await import('./parse-worker.ts');

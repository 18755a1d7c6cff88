import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

const root = import.meta.dirname;

// Main and preload come from electron/, the renderer from src/renderer/ (non-default folders,
// so every entry is named explicitly). The preload is emitted as CommonJS: Electron only runs an
// ESM preload with sandbox: false, and the sandbox stays on.
export default defineConfig({
  main: {
    build: {
      outDir: resolve(root, 'out/main'),
      lib: {
        entry: {
          main: resolve(root, 'electron/main.ts'),
          // The chain folder's parse pool loads this in its worker threads, from beside the bundle
          // (src/service/market/folder/parse-pool.ts workerScript); without it, one thread parses.
          'chain-parse-worker': resolve(root, 'src/service/market/folder/parse-worker.ts'),
        },
        formats: ['es'],
      },
      rolldownOptions: { external: ['better-sqlite3'] },
    },
  },
  preload: {
    build: {
      outDir: resolve(root, 'out/preload'),
      lib: { entry: resolve(root, 'electron/preload.ts'), formats: ['cjs'] },
      rolldownOptions: { output: { format: 'cjs', entryFileNames: '[name].cjs' } },
    },
  },
  renderer: {
    root: resolve(root, 'src/renderer'),
    base: './',
    plugins: [svelte({ configFile: resolve(root, 'svelte.config.js') })],
    build: {
      outDir: resolve(root, 'out/renderer'),
      rolldownOptions: { input: resolve(root, 'src/renderer/index.html') },
    },
  },
});

// Debian's Chromium, the one browser of these machines (Playwright's own download does not work
// here), and the flags every headless run of it takes: no sandbox (root), no GPU, and nothing that
// reaches the network on its own (QUIC, first-run, background fetches, component updates, sync).
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

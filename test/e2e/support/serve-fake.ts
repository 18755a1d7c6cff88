// Headless mode over the fake bridge, for the UI's end-to-end tests (and for looking at the UI
// while the real core is not wired in): `node --import tsx test/e2e/support/serve-fake.ts`.
// Prints one JSON line `{ "url", "origin", "token" }` once listening; the fake market moves one
// step every --tick-ms (0: only when asked through "Refresh now").
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startHeadlessServer } from '../../../src/host/headless/server.ts';
import { FakeBridge } from '../../support/fake-bridge.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    'tick-ms': { type: 'string', default: '1000' },
    seeded: { type: 'boolean', default: false },
    'big-list': { type: 'string', default: '0' },
    renderer: { type: 'string', default: resolve(import.meta.dirname, '../../../out/renderer') },
  },
});

const fake = new FakeBridge({ seeded: values.seeded, bigList: Number(values['big-list']) });
const server = await startHeadlessServer({
  handlers: fake.handlers,
  events: fake,
  rendererDir: values.renderer,
  port: Number(values.port),
  validateOutput: true,
});
const tickMs = Number(values['tick-ms']);
const timer = tickMs > 0 ? setInterval(() => fake.tick(), tickMs) : null;
process.stdout.write(JSON.stringify({ url: server.url, origin: server.origin, token: server.token }) + '\n');

const stop = (): void => {
  if (timer) clearInterval(timer);
  void server.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

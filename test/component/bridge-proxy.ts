// A Vite plugin for the component tests' dev server: the page's POST /bridge/<method> and GET
// /events go to the headless host that global-setup.ts starts on the real core, as they go to the
// host itself when Gammawatch runs headless. The page stays same-origin (the renderer's own HTTP
// transport, base ''), and the host's guards see what a trusted caller sends: its own Host, no
// Origin, and the run's token as a bearer. The first calls wait while the core seeds its history.
import { request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Plugin } from 'vite';
import { runningCore, type RunningCore } from './core-handle.ts';

function forward(req: IncomingMessage, res: ServerResponse, core: RunningCore): void {
  const target = new URL(req.url ?? '/', core.origin);
  const headers: Record<string, string> = {
    host: target.host,
    authorization: `Bearer ${core.token}`,
  };
  for (const name of ['content-type', 'content-length', 'accept']) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const upstream = request(target, { method: req.method, headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' });
    res.end('the core is not reachable');
  });
  // The event stream stays open until the page goes: close the upstream one with it.
  res.on('close', () => upstream.destroy());
  req.pipe(upstream);
}

export function bridgeProxy(): Plugin {
  return {
    name: 'gammawatch-component-bridge',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = req.url ?? '';
        if (!path.startsWith('/bridge/') && path !== '/events') return next();
        // Read the body only once the core serves: paused until then, the request keeps it.
        req.pause();
        runningCore().then(
          (core) => forward(req, res, core),
          (error: unknown) => {
            res
              .writeHead(503, { 'Content-Type': 'text/plain' })
              .end(`the core did not start: ${String(error)}`);
          },
        );
      });
    },
  };
}

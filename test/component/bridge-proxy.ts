// A Vite plugin for the component tests' dev server: the page's POST /bridge/<method> and GET
// /events go to the headless host that global-setup.ts starts on the real core, as they go to the
// host itself when Gammawatch runs headless. The page stays same-origin (the renderer's own HTTP
// transport, base ''), and the host's guards see what a trusted caller sends: its own Host, no
// Origin, and the run's token as a bearer. The host is read at each request (global setup starts it
// after this server is configured), from the environment both share in Vitest's main process.
import { request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Plugin } from 'vite';

/** Where global-setup.ts publishes the running host: `{ origin, token }` as JSON. */
export const BRIDGE_HOST_ENV = 'GAMMAWATCH_COMPONENT_BRIDGE';

interface BridgeHost {
  origin: string;
  token: string;
}

function currentHost(): BridgeHost | null {
  const raw = process.env[BRIDGE_HOST_ENV];
  return raw ? (JSON.parse(raw) as BridgeHost) : null;
}

function forward(req: IncomingMessage, res: ServerResponse, host: BridgeHost): void {
  const target = new URL(req.url ?? '/', host.origin);
  const headers: Record<string, string> = {
    host: target.host,
    authorization: `Bearer ${host.token}`,
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
        const host = currentHost();
        if (!host) {
          res.writeHead(503, { 'Content-Type': 'text/plain' }).end('the core has not started');
          return;
        }
        forward(req, res, host);
      });
    },
  };
}

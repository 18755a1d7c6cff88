// The service's routes are the shared endpoint list (src/shared/api/endpoints.ts), no more and no
// fewer: a route added without an entry, or an entry without a route, fails here. Also what each
// route lets through without a key, and the list's own shape.
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ENDPOINTS, ENDPOINT_NAMES, SCHEMA_IDS, fillPath } from '../../../../src/shared/api/index.ts';
import { API_PREFIX } from '../../../../src/service/index.ts';
import { fastifyPath } from '../../../../src/service/http/endpoint-route.ts';
import { makeService } from '../../../support/service-factory.ts';

const endpoints = Object.values(API_ENDPOINTS);
const routes: RouteOptions[] = [];
const { app } = makeService();

beforeAll(async () => {
  // Route groups are registered when the app loads its plugins, so this hook sees every one of them.
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  await app.ready();
});
afterAll(() => app.close());

/** `GET /api/v2/tickers/:ticker`, one per method (Fastify adds a HEAD route to each GET). */
function routeKeys(): string[] {
  return routes
    .flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).map((m) => `${m} ${r.url}`))
    .filter((key) => !key.startsWith('HEAD '))
    .sort();
}

describe('service routes and the shared endpoint list', () => {
  it('registers exactly the listed endpoints under the API prefix', () => {
    const listed = endpoints.map((e) => `${e.method} ${API_PREFIX}${fastifyPath(e.path)}`).sort();
    expect(routeKeys()).toEqual(listed);
  });

  it.each(ENDPOINT_NAMES)('%s: public exactly when the list says auth none', (name) => {
    const e = API_ENDPOINTS[name];
    const route = routes.find((r) => r.url === `${API_PREFIX}${fastifyPath(e.path)}` && r.method === 'GET');
    expect(route, `${name} is registered`).toBeDefined();
    const config = route?.config as { public?: boolean } | undefined;
    expect(config?.public === true).toBe(e.auth === 'none');
  });

  // Each route's request hook is chosen when the route is added (server.ts), HEAD routes included:
  // a keyed route that got the public hook would answer without a key.
  it.each(ENDPOINT_NAMES.flatMap((name) => [['GET', name] as const, ['HEAD', name] as const]))(
    '%s %s without a key: 401 exactly when the list says bearer, with a request id either way',
    async (method, name) => {
      const e = API_ENDPOINTS[name];
      const url = `${API_PREFIX}${fillPath(e.path, (p) => (p === 'name' ? 'momentum_breakout' : 'SPY'))}`;
      const r = await app.inject({ method, url });
      expect(r.statusCode === 401).toBe(e.auth !== 'none');
      expect(r.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    },
  );

  it.each([
    ['/tickers/{ticker}', '/tickers/:ticker'],
    ['/top-setups/screener/{name}', '/top-setups/screener/:name'],
    ['/agent/trade-setup/{ticker}', '/agent/trade-setup/:ticker'],
    ['/access', '/access'],
  ])('fastifyPath(%s) = %s', (path, expected) => {
    expect(fastifyPath(path)).toBe(expected);
  });
});

describe('the endpoint list', () => {
  it('has one entry per path', () => {
    expect(new Set(endpoints.map((e) => e.path)).size).toBe(endpoints.length);
  });

  it.each(ENDPOINT_NAMES)('%s: path parameters are declared as path params, and only they', (name) => {
    const e = API_ENDPOINTS[name];
    const inPath = [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const declared = e.params
      .filter((p) => p.type === 'path')
      .map((p) => p.name)
      .sort();
    expect(declared).toEqual(inPath);
    expect(e.params.filter((p) => p.type === 'path').every((p) => p.required === true)).toBe(true);
  });

  it.each(ENDPOINT_NAMES)('%s: a schema id the contract knows, and parameter names used once', (name) => {
    const e = API_ENDPOINTS[name];
    expect(Object.keys(SCHEMA_IDS)).toContain(e.schema);
    expect(new Set(e.params.map((p) => p.name)).size).toBe(e.params.length);
  });
});

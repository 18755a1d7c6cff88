// Routes are registered by endpoint name: the URL, the method and whether a key is needed come from
// the shared endpoint list (src/shared/api/endpoints.ts), so the service serves what /llm-spec publishes.
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import { API_ENDPOINTS, fillPath, type EndpointName } from '../../shared/api/index.ts';

/** The list's `{name}` path parameters in Fastify's `:name` form. */
export function fastifyPath(path: string): string {
  return fillPath(path, (name) => `:${name}`);
}

export function serveEndpoint(app: FastifyInstance, name: EndpointName, handler: RouteHandlerMethod): void {
  const { method, path, auth } = API_ENDPOINTS[name];
  app.route({ method, url: fastifyPath(path), config: { public: auth === 'none' }, handler });
}

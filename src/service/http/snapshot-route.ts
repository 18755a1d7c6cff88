// A per-ticker endpoint that answers a view of the latest snapshot. Checks run in the order a caller
// can act on them: the query (400), the ticker and its snapshot (401 demo, 404), then what needs the
// snapshot (409 outside trading hours, 429). The schema id comes from the endpoint list; validators,
// 304s and the body kept per snapshot and view from sendSnapshotView.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_ENDPOINTS, SCHEMA_IDS, type EndpointName } from '../../shared/api/index.ts';
import type { TickerAnalysis } from '../analysis/ticker-analysis.ts';
import { sendSnapshotView, type ViewParams } from './conditional.ts';
import type { ServiceContext } from './context.ts';
import { serveEndpoint } from './endpoint-route.ts';
import { tickerEnvelope } from './envelope.ts';
import { readQuery, type Query } from '../../shared/api/query.ts';
import { latestAnalysis, tickerParam } from './ticker-access.ts';

export interface SnapshotEndpoint<P extends ViewParams> {
  /**
   * The view's normalised query parameters (they key its ETag); throws a 400 for a bad value. The
   * request is there for a view negotiated by a header (levels' Accept), named in `vary`.
   */
  params: (q: Query, request: FastifyRequest) => P;
  /** Request headers the representation depends on, sent as `Vary`. */
  vary?: string;
  /** A check that needs the snapshot, made before any validator is sent. */
  admit?: (a: TickerAnalysis, request: FastifyRequest, params: P) => void;
  /** The envelope's data; with `text`, the whole plain-text body instead. */
  data: (a: TickerAnalysis, params: P) => unknown;
  text?: (params: P) => boolean;
}

export function serveSnapshotEndpoint<P extends ViewParams>(
  app: FastifyInstance,
  ctx: ServiceContext,
  cacheControl: () => string,
  name: EndpointName,
  endpoint: SnapshotEndpoint<P>,
): void {
  const schema = SCHEMA_IDS[API_ENDPOINTS[name].schema];
  serveEndpoint(app, name, async (request, reply) => {
    const params = endpoint.params(readQuery(request.query), request);
    if (endpoint.vary !== undefined) void reply.header('vary', endpoint.vary);
    const a = latestAnalysis(ctx, request, tickerParam(request));
    endpoint.admit?.(a, request, params);
    const text = endpoint.text?.(params) ?? false;
    const build = text
      ? () => endpoint.data(a, params)
      : () => tickerEnvelope(schema, a.ticker, a.asof, endpoint.data(a, params));
    return sendSnapshotView(request, reply, a, { schema, params, text, build }, cacheControl());
  });
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ShopMetrics } from '../shared/shop-metrics';

/** The route template a path that answers outside Express's routes set for its request (the cache, the direct path). */
const routeLabel = Symbol('route label');

type LabelledRequest = IncomingMessage & {
  [routeLabel]?: string;
  /** What Express adds: the matched route, the mount path of the middleware it is in, the URL before mounts. */
  route?: { path?: unknown };
  baseUrl?: string;
  originalUrl?: string;
};

/**
 * The mount path in front of a matched route ('/api' for '/api/carts/add' matched by '/carts/add'): the URL's
 * leading segments beyond the route's own. Read from the URL because Express restores `baseUrl` when an error
 * leaves the router; the shop mounts its routers on fixed paths only, so these segments are never a value.
 */
function mountOf(request: LabelledRequest, routePath: string): string {
  let pathname = (request.originalUrl ?? request.url ?? '').split('?')[0]!;
  if (pathname.length > 1 && pathname.endsWith('/')) pathname = pathname.slice(0, -1);
  const segments = pathname.split('/');
  const extra = segments.length - routePath.split('/').length;
  return extra > 0 ? segments.slice(0, extra + 1).join('/') : '';
}

/** Names the route a request is counted under, when Express's own matching does not say (or says too little). */
export function labelRoute(request: IncomingMessage, route: string): void {
  (request as LabelledRequest)[routeLabel] = route;
}

/**
 * A request's route for the metrics, from a bounded set whatever the URL: a label set on purpose; else the Express
 * route it matched, with its router's mount path ('/api' + '/products/:id'); else the mount path of the middleware
 * that answered ('/graphql', '/uploads', '/assets'); else "static" for the client's files or "unmatched" (an
 * unknown path, or an error that left its middleware).
 */
export function routeOf(request: IncomingMessage, status: number): string {
  const labelled = request as LabelledRequest;
  const explicit = labelled[routeLabel];
  if (explicit) return explicit;
  const path = labelled.route?.path;
  if (typeof path === 'string') return mountOf(labelled, path) + path;
  if (labelled.baseUrl) return labelled.baseUrl;
  return status < 400 ? 'static' : 'unmatched';
}

/**
 * Counts the request once its answer is written (or its connection closed), under its method, route template and
 * status, with the time since it reached the shop.
 */
export function measureRequest(metrics: ShopMetrics, request: IncomingMessage, response: ServerResponse): void {
  // performance.now() and `on` (a response closes once): no BigInt and no once-wrapper per request.
  const started = performance.now();
  response.on('close', () => {
    const seconds = (performance.now() - started) / 1000;
    metrics.requestAnswered(request.method, routeOf(request, response.statusCode), response.statusCode, seconds);
  });
}

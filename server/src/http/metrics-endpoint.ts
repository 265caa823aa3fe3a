import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { safeEqual, sha256 } from '../shared/secrets';
import type { ShopMetrics } from '../shared/shop-metrics';

/** Whether the request carries `Authorization: Bearer <token>` (compared in constant time, lengths hidden too). */
function refusal(request: IncomingMessage, token: string | undefined): { status: 401 | 403; text: string } | null {
  if (token === undefined) return null;
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return { status: 401, text: 'Metrics need the bearer token (METRICS_TOKEN).\n' };
  if (!safeEqual(sha256(header.slice('Bearer '.length)), sha256(token)))
    return { status: 403, text: 'That is not the metrics token.\n' };
  return null;
}

/**
 * Answers a scrape: Prometheus' text format to a caller with the token (when there is one), 401 (with the
 * challenge) or 403 to any other. Never cached, by anyone.
 */
export function answerScrape(
  metrics: ShopMetrics,
  token: string | undefined,
  log: Logger,
): (request: IncomingMessage, response: ServerResponse) => void {
  return (request, response) => {
    const refused = refusal(request, token);
    if (refused) {
      response.writeHead(refused.status, {
        'content-type': 'text/plain; charset=utf-8',
        'cache-control': 'no-store',
        ...(refused.status === 401 ? { 'www-authenticate': 'Bearer realm="metrics"' } : {}),
      });
      response.end(refused.text);
      return;
    }
    metrics.exposition().then(
      ({ contentType, text }) => {
        response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(text);
      },
      (error: unknown) => {
        log.error({ err: error }, 'could not collect the metrics');
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics unavailable.\n');
      },
    );
  };
}

export interface MetricsListener {
  close(): Promise<void>;
}

/**
 * METRICS_PORT: the metrics on a listener of their own, which a deployment keeps off the public network (its
 * Service or firewall); the public port then has no /metrics at all. Only GET /metrics answers here.
 */
export async function listenForScrapes(
  metrics: ShopMetrics,
  options: { port: number; host: string; token: string | undefined; log: Logger },
): Promise<MetricsListener> {
  const scrape = answerScrape(metrics, options.token, options.log);
  const server: Server = createServer((request, response) => {
    const path = request.url?.split('?')[0];
    if (path === '/metrics' && (request.method === 'GET' || request.method === 'HEAD')) {
      scrape(request, response);
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Only /metrics is here.\n');
  });
  // A scraper keeps its connection; nothing else should hold one for long.
  server.keepAliveTimeout = 65_000;
  server.requestTimeout = 10_000;
  server.headersTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

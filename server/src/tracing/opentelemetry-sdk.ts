import type { IncomingMessage } from 'node:http';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { GraphQLInstrumentation } from '@opentelemetry/instrumentation-graphql';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { startNodeSdk } from '@opentelemetry/sdk-node';
import { requestIdFor } from '../http/request-id';

/** The root span's attribute holding the request's X-Request-Id, the key to its log lines and nginx's. */
export const requestIdAttribute = 'manukato.request_id';

/** Probes, the metrics scrape and built files: machine traffic or nothing to learn, and most of the requests. */
const untracedPaths = ['/healthz', '/readyz', '/metrics', '/assets/'];

function untraced(request: IncomingMessage): boolean {
  const url = request.url ?? '';
  return untracedPaths.some((path) => url.startsWith(path));
}

/**
 * Starts OpenTelemetry's Node SDK for traces only, configured by the standard OTEL_* variables (endpoint, protocol,
 * sampler, batch sizes): a server span per request with Express's, GraphQL's and each SQL statement's spans under
 * it. Metrics stay with prom-client and logs with pino.
 */
export function startTracing(): { shutdown(): Promise<void> } {
  // The service's name unless the operator gives one (OTEL_SERVICE_NAME, or service.name in the resource).
  if (!process.env.OTEL_SERVICE_NAME && !/(^|,)\s*service\.name\s*=/.test(process.env.OTEL_RESOURCE_ATTRIBUTES ?? '')) {
    process.env.OTEL_SERVICE_NAME = 'manukato';
  }
  return startNodeSdk({
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: untraced,
        // The id the answer will carry (made here when the caller sent none, and kept on the request for the rest).
        startIncomingSpanHook: (request) => ({ [requestIdAttribute]: requestIdFor(request) }),
      }),
      new ExpressInstrumentation(),
      // One span per field path, not per list item: a page of 60 products does not make hundreds of spans.
      new GraphQLInstrumentation({ mergeItems: true, ignoreTrivialResolveSpans: true }),
      // Statements outside a request (the timers' jobs, LISTEN) would each be a trace of their own.
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
}

import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const requestIdPattern = /^[\w.-]{1,100}$/;
/** Where a request keeps the id made for it, so every later asker (its trace, its answer, its log) gets that one. */
const madeId = Symbol('request id');

/**
 * The id a request is logged and answered under (X-Request-Id): the caller's own when it is a plain token, else a
 * new one, the same however often it is asked. Every path that writes an answer (Express, the direct path, the
 * response cache) and the request's trace (tracing/opentelemetry-sdk.ts) take it from here.
 */
export function requestIdFor(request: IncomingMessage): string {
  const offered = request.headers['x-request-id'];
  if (typeof offered === 'string' && requestIdPattern.test(offered)) return offered;
  const carrier = request as IncomingMessage & { [madeId]?: string };
  return (carrier[madeId] ??= randomUUID());
}

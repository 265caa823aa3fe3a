import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const requestIdPattern = /^[\w.-]{1,100}$/;

/**
 * The id a request is logged and answered under (X-Request-Id): the caller's own when it is a plain token, else a
 * new one. Every path that writes an answer (Express, the direct path, the response cache) takes it from here.
 */
export function requestIdFor(request: IncomingMessage): string {
  const offered = request.headers['x-request-id'];
  return typeof offered === 'string' && requestIdPattern.test(offered) ? offered : randomUUID();
}

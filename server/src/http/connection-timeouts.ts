import type { Server } from 'node:http';
import type { HttpSettings } from '../config/config';
import { answerClientErrors } from './client-errors';
import { createServerForExpress } from './express-born-requests';

/**
 * Node checks its headers and request limits on a timer, every 30 s by default: a silent connection would live
 * up to 30 s past its limit. Every second, the check costs a walk over the connections with a request open.
 */
const limitCheckIntervalMs = 1_000;

/**
 * Node's HTTP server with the shop's time limits on connections (README, Configuration; decision 0069), so that
 * no connection holds a file descriptor for longer than a bounded time without doing anything:
 * - `headersTimeout`: a request's headers must arrive within it, counted from the connection's start for its
 *   first request. A connection that sends nothing, or stops mid-headers, is answered 408 and closed; this is
 *   what closes a connection that never sends a byte (on Node 20 and 24 alike).
 * - `requestTimeout`: the whole request, body included, must arrive within it.
 * - `timeout` (the socket's): no byte either way for this long while a request is open (a client that stops
 *   sending its body or stops reading the answer) and the socket is destroyed.
 * - `keepAliveTimeout`: an idle kept-alive connection is closed after it. Longer than a load balancer's own idle
 *   limit for its upstream connections, so that the balancer is the one that closes them and never sends a request
 *   on a connection the shop is closing.
 */
export function createShopHttpServer(settings: HttpSettings): Server {
  const server = createServerForExpress({
    headersTimeout: settings.headersTimeoutMs,
    requestTimeout: settings.requestTimeoutMs,
    keepAliveTimeout: settings.keepAliveMs,
    connectionsCheckingInterval: Math.min(limitCheckIntervalMs, settings.headersTimeoutMs),
  });
  server.timeout = settings.socketIdleMs;
  answerClientErrors(server);
  return server;
}

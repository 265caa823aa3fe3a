import { createServer, IncomingMessage, ServerResponse, type Server, type ServerOptions } from 'node:http';
import type { Express } from 'express';

/**
 * Requests and responses made with Express's prototypes from the start (decision 0113).
 *
 * Express gives each request and response its app's prototypes (`Object.setPrototypeOf` in `app.handle`). Node then
 * writes to them, and in V8 that pair of steps left every request reachable to the young-generation collector until
 * the next full collection: all of a request's objects, about 12 KB, were copied into the old generation, and the
 * mark-compacts that followed stalled the one core for tens of milliseconds every second. A Node server builds its
 * requests from the classes it is given: these are subclasses whose prototypes are the app's, so Express's
 * `setPrototypeOf` finds them already in place and changes nothing.
 */
interface BornClasses {
  Request: typeof IncomingMessage;
  Response: typeof ServerResponse;
}

const classesOf = new WeakMap<Server, BornClasses>();

/**
 * A Node HTTP server whose requests and responses are born from classes of their own (one pair per server: each
 * app's prototypes are its own), ready for `adoptAppPrototypes`.
 */
export function createServerForExpress(options: ServerOptions = {}): Server {
  class ShopRequest extends IncomingMessage {}
  class ShopResponse extends ServerResponse {}
  // Node's type for the option is generic over the request type; this class serves ShopRequest's.
  const classes = { Request: ShopRequest, Response: ShopResponse as typeof ServerResponse };
  const server = createServer({ ...options, IncomingMessage: classes.Request, ServerResponse: classes.Response });
  classesOf.set(server, classes);
  return server;
}

/**
 * Puts `app`'s request and response prototypes under the classes `server` (made by `createServerForExpress`) builds
 * its requests from, and makes those classes' prototypes the app's own. With a server made otherwise, Express works
 * as it does without this.
 */
export function adoptAppPrototypes(server: Server, app: Express): void {
  const classes = classesOf.get(server);
  if (!classes) return;
  Object.setPrototypeOf(classes.Request.prototype, app.request);
  Object.setPrototypeOf(classes.Response.prototype, app.response);
  app.request = classes.Request.prototype as unknown as Express['request'];
  app.response = classes.Response.prototype as unknown as Express['response'];
}

import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import net, { type Socket } from 'node:net';

/**
 * How an instance joins and leaves a fleet behind a load balancer (decision 0069).
 *
 * The HTTP server itself listens only on a private loopback port (what the process asks of itself, such as the
 * payment stand-in in test mode, goes there); the public port is a plain TCP listener that hands each connection
 * to it, opened once the app can answer and closed first when the instance stops. A connection the instance
 * refuses is one a load balancer passes to another instance whatever the method, since nothing was sent; an
 * answer such as "503 Starting up" is one it may not repeat for a POST, so the shopper would see it.
 */

export class PortInUseError extends Error {
  constructor(readonly port: number) {
    super(`Port ${port} is already in use (is another server running?). Stop it or set PORT to a free port.`);
    this.name = 'PortInUseError';
  }
}

function listen(server: net.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(port) : error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

/**
 * Takes the port and gives it back at once, so that a second start on a busy port stops in milliseconds, before
 * the slow part of a start (database, migrations, the app). Port 0 (any free port) needs no check.
 */
export async function probePort(port: number, host: string): Promise<void> {
  if (port === 0) return;
  const probe = net.createServer();
  await listen(probe, port, host);
  await new Promise<void>((resolve) => probe.close(() => resolve()));
}

/** Listens on a free loopback port: the HTTP server's own, for the process's calls to itself. */
export function listenPrivately(httpServer: Server): Promise<void> {
  return listen(httpServer, 0, '127.0.0.1');
}

export interface DrainOutcome {
  /** Connections still open when the time was up, closed then (0 when every client let go in time). */
  cutOff: number;
}

export interface PublicPort {
  port: number;
  /** True from the start of `drain`: the readiness answer says so. */
  readonly draining: boolean;
  /** Connections open on the public port now. */
  readonly connections: number;
  /**
   * Stops taking connections and lets the open ones end: every answer from now on (and every one not yet
   * begun) says `Connection: close`, so a client sends nothing more on its connection; an idle kept-alive
   * connection is left for its client to close (a load balancer closes its idle upstream connections sooner than
   * the shop's keep-alive timeout, so none is closed under a request it is sending). What is still open after
   * `withinMs` is closed.
   */
  drain(withinMs: number): Promise<DrainOutcome>;
}

/**
 * Opens `port` on `host` for `httpServer` (which must listen already, privately). Throws PortInUseError when
 * the port was taken since `probePort`.
 */
export async function openPublicPort(httpServer: Server, port: number, host: string): Promise<PublicPort> {
  const open = new Set<Socket>();
  let drained: Promise<DrainOutcome> | undefined;
  let allClosed: (() => void) | undefined;

  // Answers under way, so a drain can mark those whose headers are not written yet.
  const answering = new Set<ServerResponse>();
  // Before the app's own handler (registered later), so that the app's answer carries it.
  httpServer.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
    if (drained) response.setHeader('connection', 'close');
    answering.add(response);
    response.once('close', () => answering.delete(response));
  });

  // The options Node's HTTP server gives the sockets it accepts itself.
  const listener = net.createServer({ allowHalfOpen: true, noDelay: true }, (socket) => {
    open.add(socket);
    socket.once('close', () => {
      open.delete(socket);
      if (open.size === 0) allClosed?.();
    });
    httpServer.emit('connection', socket);
  });
  await listen(listener, port, host);
  const address = listener.address();

  async function drain(withinMs: number): Promise<DrainOutcome> {
    for (const response of answering) if (!response.headersSent) response.setHeader('connection', 'close');
    // New connections are refused from here on.
    listener.close();
    if (open.size > 0) {
      const ended = new Promise<void>((resolve) => (allClosed = resolve));
      let timer: NodeJS.Timeout | undefined;
      const timeUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, withinMs)));
      await Promise.race([ended, timeUp]);
      clearTimeout(timer);
    }
    const cutOff = open.size;
    for (const socket of open) socket.destroy();
    return { cutOff };
  }

  return {
    port: typeof address === 'object' && address ? address.port : port,
    get draining() {
      return drained !== undefined;
    },
    get connections() {
      return open.size;
    },
    drain(withinMs) {
      drained ??= drain(withinMs);
      return drained;
    },
  };
}

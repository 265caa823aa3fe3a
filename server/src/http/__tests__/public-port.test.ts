import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { connect, createServer as createTcpServer, type Socket } from 'node:net';
import type { HttpSettings } from '../../config/config';
import { createShopHttpServer } from '../connection-timeouts';
import { listenPrivately, openPublicPort, PortInUseError, probePort, type PublicPort } from '../public-port';
import { eventually } from '../../../test/eventually';

/**
 * Joining and draining (decision 0069) on Node's real HTTP server and raw sockets, so the test sees what reaches
 * the wire: what a load balancer in front would see while an instance starts and stops.
 */

const settings: HttpSettings = {
  headersTimeoutMs: 60_000,
  requestTimeoutMs: 300_000,
  socketIdleMs: 60_000,
  keepAliveMs: 65_000,
  drainMs: 15_000,
};

interface Connection {
  socket: Socket;
  /** Everything received so far. */
  received(): string;
  /** Resolves once the server's answer ends with `until`… or the connection closes. */
  waitFor(pattern: RegExp): Promise<string>;
  closed: Promise<'closed'>;
}

function open(port: number): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    let text = '';
    const waiting: { pattern: RegExp; resolve: (value: string) => void }[] = [];
    const closed = new Promise<'closed'>((resolveClosed) => socket.once('close', () => resolveClosed('closed')));
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      text += chunk;
      for (const wait of waiting.splice(0)) {
        if (wait.pattern.test(text)) wait.resolve(text);
        else waiting.push(wait);
      }
    });
    let connected = false;
    // A reset from the server after the connection was made shows as its close.
    socket.on('error', (error) => connected || reject(error));
    socket.once('connect', () => {
      connected = true;
      resolve({
        socket,
        received: () => text,
        waitFor: (pattern) =>
          pattern.test(text)
            ? Promise.resolve(text)
            : Promise.race([
                new Promise<string>((resolveWait) => waiting.push({ pattern, resolve: resolveWait })),
                closed.then(() => text),
              ]),
        closed,
      });
    });
  });
}

function refused(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve('accepted');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

const request = (path: string) => `GET ${path} HTTP/1.1\r\nhost: shop\r\n\r\n`;
const answered = /\r\n\r\nok$/;

describe('probePort', () => {
  it('finds a busy port at once, and leaves a free one free', async () => {
    const holder = createTcpServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const busy = (holder.address() as { port: number }).port;
    await expect(probePort(busy, '127.0.0.1')).rejects.toThrow(PortInUseError);
    await expect(probePort(busy, '127.0.0.1')).rejects.toThrow(`Port ${busy} is already in use`);
    await new Promise<void>((resolve) => holder.close(() => resolve()));

    await probePort(busy, '127.0.0.1');
    expect(await refused(busy)).toBe('ECONNREFUSED');
  });
});

describe('an instance behind a load balancer', () => {
  let httpServer: Server;
  let publicPort: PublicPort;
  let privatePort: number;
  /** Answers of /slow wait for this. */
  let releaseSlow: () => void;
  /** Settles once a /slow request has reached the handler. */
  let slowArrived: Promise<void>;
  const connections: Connection[] = [];

  beforeEach(async () => {
    httpServer = createShopHttpServer(settings);
    const slowReleased = new Promise<void>((resolve) => (releaseSlow = resolve));
    let arrived: () => void;
    slowArrived = new Promise<void>((resolve) => (arrived = resolve));
    httpServer.on('request', (incoming: IncomingMessage, response: ServerResponse) => {
      const answer = () => response.writeHead(200, { 'content-length': 2 }).end('ok');
      if (incoming.url === '/slow') {
        arrived();
        void slowReleased.then(answer);
      } else answer();
    });
    await listenPrivately(httpServer);
    privatePort = (httpServer.address() as { port: number }).port;
    publicPort = await openPublicPort(httpServer, 0, '127.0.0.1');
  });

  afterEach(async () => {
    releaseSlow();
    await publicPort.drain(0);
    for (const connection of connections.splice(0)) connection.socket.destroy();
    httpServer.closeAllConnections();
    await new Promise<void>((resolve) => httpServer.close(() => resolve()));
  });

  async function connected(port = publicPort.port): Promise<Connection> {
    const connection = await open(port);
    connections.push(connection);
    return connection;
  }

  it('keeps connections alive until it drains', async () => {
    const client = await connected();
    client.socket.write(request('/'));
    const answer = await client.waitFor(answered);
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answer).toMatch(/\r\nconnection: keep-alive\r\n/i);
    expect(publicPort.draining).toBe(false);
  });

  it('draining: refuses new connections, answers on kept-alive ones with Connection: close, finishes what is under way', async () => {
    // An idle kept-alive connection, as a load balancer keeps them, and one with a request under way.
    const idle = await connected();
    idle.socket.write(request('/'));
    await idle.waitFor(answered);
    const busy = await connected();
    busy.socket.write(request('/slow'));
    // Under way: the handler has it (an event, not a pause a loaded machine could outlast).
    await slowArrived;

    const drained = publicPort.drain(settings.drainMs);
    expect(publicPort.draining).toBe(true);
    // Refused: a load balancer passes the request to another instance, whatever its method.
    expect(await refused(publicPort.port)).toBe('ECONNREFUSED');
    // The idle connection is not closed under the client: a request it sends now is answered, and told to close.
    const onIdle = idle.received().length;
    idle.socket.write(request('/'));
    const second = (await idle.waitFor(/\r\n\r\nok\S*\r\n\r\nok$/)).slice(onIdle);
    expect(second).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(second).toMatch(/\r\nconnection: close\r\n/i);
    expect(await idle.closed).toBe('closed');
    // The request under way when the drain began is answered in full, and its connection closed after it.
    releaseSlow();
    const slow = await busy.waitFor(answered);
    expect(slow).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(slow).toMatch(/\r\nconnection: close\r\n/i);
    expect(await busy.closed).toBe('closed');
    // Every client let go: nothing had to be cut off.
    expect(await drained).toEqual({ cutOff: 0 });
  });

  it('draining: keeps the private port open, for the calls the process makes to itself', async () => {
    const drained = publicPort.drain(settings.drainMs);
    const own = await connected(privatePort);
    own.socket.write(request('/'));
    expect(await own.waitFor(answered)).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    own.socket.destroy();
    await drained;
  });

  it('draining: closes what a client still holds open when the time is up', async () => {
    const idle = await connected();
    idle.socket.write(request('/'));
    await idle.waitFor(answered);
    // Neither a request nor a close from this client: the drain ends by time and closes it.
    expect(await publicPort.drain(200)).toEqual({ cutOff: 1 });
    expect(await idle.closed).toBe('closed');
  });
});

describe('connections that do nothing', () => {
  const short: HttpSettings = { ...settings, headersTimeoutMs: 500, requestTimeoutMs: 5_000, socketIdleMs: 1_500 };
  let httpServer: Server;
  let port: number;
  const responsesClosed: Promise<void>[] = [];

  beforeAll(async () => {
    httpServer = createShopHttpServer(short);
    httpServer.on('request', (incoming: IncomingMessage, response: ServerResponse) => {
      responsesClosed.push(new Promise((resolve) => response.once('close', resolve)));
      if (incoming.url === '/large') {
        // Written until the socket pushes back, then nothing more is read by the client.
        response.writeHead(200, { 'content-type': 'application/octet-stream' });
        const chunk = Buffer.alloc(64 * 1024, 120);
        const write = () => {
          while (response.write(chunk));
          response.once('drain', write);
        };
        write();
        return;
      }
      // Reads the body to its end before answering; a stalled body never gets there.
      incoming.resume();
      incoming.once('end', () => response.writeHead(200, { 'content-length': 2 }).end('ok'));
    });
    await listenPrivately(httpServer);
    port = (httpServer.address() as { port: number }).port;
  });

  afterAll(async () => {
    httpServer.closeAllConnections();
    await new Promise<void>((resolve) => httpServer.close(() => resolve()));
  });

  it('closes a connection that never sends a byte, or stops in the middle of its headers, with 408', async () => {
    const silent = await Promise.all(Array.from({ length: 20 }, () => open(port)));
    const halfway = await open(port);
    halfway.socket.write('GET / HTTP/1.1\r\nhost: shop\r\n');
    for (const connection of [...silent, halfway]) {
      expect(await connection.closed).toBe('closed');
      expect(connection.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    }
  });

  it('closes a connection whose body stops coming', async () => {
    const stalled = await open(port);
    stalled.socket.write('POST / HTTP/1.1\r\nhost: shop\r\ncontent-length: 100\r\n\r\n{"half":');
    expect(await stalled.closed).toBe('closed');
    expect(stalled.received()).not.toMatch(/ 200 OK/);
  });

  it('closes a connection whose client stops reading its answer', async () => {
    const reader = await open(port);
    const before = responsesClosed.length;
    reader.socket.pause();
    reader.socket.write(request('/large'));
    await eventually('the server has the request', () => responsesClosed.length === before + 1);
    // The server gives up on the answer; the client, reading again, finds its connection closed.
    await responsesClosed[before];
    reader.socket.resume();
    expect(await reader.closed).toBe('closed');
  });
});

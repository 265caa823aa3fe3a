import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** How much of a refused request is still read (and dropped) so that its sender gets to read the answer. */
export const lingerLimits = { bytes: 4 * 1024 * 1024, ms: 2_000 };

const statusFor: Record<string, string> = {
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: '413 Payload Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
};

/**
 * Answers requests Node's HTTP parser refuses (a URL or headers over the header limit, malformed HTTP) with a
 * status and a JSON body, then closes the connection without resetting it.
 *
 * Node's own answer writes the status and destroys the socket at once. When the sender is still writing (a
 * 1 MB URL is refused after its first 16 KB), the unread bytes make the kernel send a reset, and a client that
 * reads the reset before the answer (Node 24's, as supertest uses it) sees ECONNRESET instead of 431. Here the
 * answer is sent with a FIN, and what the sender still writes is read and dropped, up to `lingerLimits`
 * (constant memory, bounded time); then the socket is destroyed.
 */
export function answerClientErrors(server: Server): void {
  const lingering = new WeakSet<Socket>();
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    // The parser reports every later chunk again; the first report decides.
    if (lingering.has(socket)) return;
    lingering.add(socket);
    // An answer already under way on this connection (a keep-alive request before it) cannot get a second one.
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const status = statusFor[error.code ?? ''] ?? '400 Bad Request';
    const body = JSON.stringify({ success: false, message: status.slice(4) });
    socket.end(
      `HTTP/1.1 ${status}\r\ncontent-type: application/json; charset=utf-8\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
    let drained = 0;
    const giveUp = setTimeout(() => socket.destroy(), lingerLimits.ms);
    giveUp.unref();
    socket.on('data', (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > lingerLimits.bytes) socket.destroy();
    });
    socket.once('close', () => clearTimeout(giveUp));
    // The sender has finished: nothing more to wait for.
    socket.once('end', () => socket.destroy());
  });
}

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { forwardRequest, readBody } from './forward-request';

export interface HeldRequest {
  method: string;
  path: string;
  body: string;
}

/**
 * A proxy on loopback in front of a Paystack-compatible API that forwards each request and passes the answer back,
 * except the ones `hold` picks: those it keeps, unanswered and never forwarded, so they never reach the API (as a
 * request its sender died before sending). `nextHeld()` resolves as one arrives; `idle()` once every forwarded
 * request has its answer.
 */
export async function startHoldingProxy(target: string, hold: (request: HeldRequest) => boolean) {
  const held: HeldRequest[] = [];
  const forwarded: HeldRequest[] = [];
  const inFlight = new Set<Promise<unknown>>();
  let heldWaiters: ((request: HeldRequest) => void)[] = [];
  async function pass(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readBody(request);
    // Cut off while sending (its sender died): it never reached anyone.
    if (!request.complete) return;
    const seen = { method: request.method ?? '', path: request.url ?? '', body };
    if (hold(seen)) {
      held.push(seen);
      heldWaiters.forEach((wake) => wake(seen));
      heldWaiters = [];
      return;
    }
    forwarded.push(seen);
    try {
      const answer = await forwardRequest(target, request, body);
      const text = await answer.text();
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(text);
    } catch {
      response.socket?.destroy();
    }
  }
  // Counted from its first byte, so idle() also waits for a request still being read.
  const server = createServer((request, response) => {
    const passing = pass(request, response);
    inFlight.add(passing);
    void passing.finally(() => inFlight.delete(passing));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    held,
    forwarded,
    nextHeld: () => new Promise<HeldRequest>((resolve) => heldWaiters.push(resolve)),
    async idle(): Promise<void> {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

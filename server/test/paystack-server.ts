import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Initialized {
  body: Record<string, unknown>;
  authorization: string | undefined;
}

/** A Paystack-compatible API on loopback: records initialize and M-Pesa charge calls and answers verify as told. */
export async function startPaystackServer(secretKey: string) {
  const initialized: Initialized[] = [];
  const outcomes = new Map<string, { status: string; amount?: number; currency?: string }>();
  const readBody = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => resolve(body));
    });
  const server = createServer(async (request, response) => {
    const send = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.headers.authorization !== `Bearer ${secretKey}`)
      return send(401, { status: false, message: 'Invalid key' });
    if (request.method === 'POST' && request.url === '/transaction/initialize') {
      const body = JSON.parse(await readBody(request));
      initialized.push({ body, authorization: request.headers.authorization });
      return send(200, {
        status: true,
        message: 'Authorization URL created',
        data: {
          authorization_url: `https://checkout.paystack.test/${body.reference}`,
          access_code: 'x',
          reference: body.reference,
        },
      });
    }
    if (request.method === 'POST' && request.url === '/charge') {
      const body = JSON.parse(await readBody(request));
      initialized.push({ body, authorization: request.headers.authorization });
      return send(200, {
        status: true,
        message: 'Charge attempted',
        data: { reference: body.reference, status: 'pay_offline', amount: body.amount, currency: body.currency },
      });
    }
    const verifiedReference = /^\/transaction\/verify\/(.+)$/.exec(request.url ?? '')?.[1];
    if (request.method === 'GET' && verifiedReference !== undefined) {
      const reference = decodeURIComponent(verifiedReference);
      const started = initialized.find((call) => call.body.reference === reference);
      const outcome = outcomes.get(reference) ?? { status: 'abandoned' };
      if (!started) return send(404, { status: false, message: 'Transaction reference not found' });
      return send(200, {
        status: true,
        message: 'Verification successful',
        data: {
          reference,
          status: outcome.status,
          amount: outcome.amount ?? started.body.amount,
          currency: outcome.currency ?? started.body.currency,
        },
      });
    }
    return send(404, { status: false, message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    initialized,
    settle: (reference: string, outcome: { status: string; amount?: number; currency?: string }) =>
      outcomes.set(reference, outcome),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

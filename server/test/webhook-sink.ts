import { createServer, type Server } from 'node:http';
import { isValidPaystackSignature } from '../src/modules/payments/paystack-client';

export interface ReceivedWebhook {
  event: string;
  data: Record<string, unknown>;
  /** Whether x-paystack-signature is the HMAC-SHA512 of the raw body with the secret key. */
  signed: boolean;
}

/**
 * An integrator's webhook endpoint (PAYSTACK_SIMULATOR_WEBHOOK_URL): keeps every event the stand-in sends, and
 * answers 200 as Paystack expects. `secretKey` is read when an event arrives (the shop's key is known after start).
 */
export async function startWebhookSink(secretKey: () => string) {
  const received: ReceivedWebhook[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const parsed = JSON.parse(body.toString('utf8')) as { event: string; data: Record<string, unknown> };
      received.push({
        event: parsed.event,
        data: parsed.data,
        signed: isValidPaystackSignature(secretKey(), body, request.headers['x-paystack-signature']),
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/webhook`,
    received,
    /** The events about one transaction reference, in the order they came. */
    about: (reference: string) =>
      received.filter((hook) => (hook.data.reference ?? hook.data.transaction_reference) === reference),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

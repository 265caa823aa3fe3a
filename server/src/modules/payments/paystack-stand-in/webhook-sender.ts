import { paystackSignature } from '../paystack-client';

/** Sends one of Paystack's events to the shop. */
export type SendWebhook = (event: string, data: unknown) => Promise<void>;

/**
 * Signed webhooks, as Paystack sends them: HMAC-SHA512 of the raw body with the secret key. A shop that does not
 * answer is not retried: the stand-in's payments are verified on the callback as well.
 */
export function webhookSender(secretKey: string, webhookUrl: () => string): SendWebhook {
  return async (event, data) => {
    const body = JSON.stringify({ event, data });
    await fetch(webhookUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': paystackSignature(secretKey, body) },
      body,
      signal: AbortSignal.timeout(10_000),
    }).catch(() => undefined);
  };
}

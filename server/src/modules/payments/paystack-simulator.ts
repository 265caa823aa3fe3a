import { Router, urlencoded, type Response } from 'express';
import { escapeHtml } from '../../http/page-html';
import { centsToDecimal } from '../../shared/money';
import { randomToken } from '../../shared/secrets';
import { paystackSignature } from './paystack-client';

interface SimulatedTransaction {
  reference: string;
  /** Random, distinct from the reference, as Paystack's access_code: the pay page's only key; used once. */
  accessCode: string;
  amount: number;
  currency: string;
  email: string;
  callbackUrl: string;
  status: 'pending' | 'success' | 'failed';
}

/** A stand-in, not a ledger: the latest payments only, so memory stays bounded under load. */
const keptTransactions = 10_000;

const pageStyle =
  'body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#222}button{font-size:1rem;padding:.7rem 1.4rem;margin-right:.5rem;border-radius:6px;border:1px solid #333;cursor:pointer}.pay{background:#0a7d32;color:#fff;border-color:#0a7d32}';

/** The stand-in's pages: plain HTML and a form that posts back, no scripts (the shop's CSP allows none inline). */
function simulatorPage(response: Response, status: number, title: string, body: string): void {
  response
    .status(status)
    // The address carries the access code: never cached, never sent on as a Referer.
    .set('Cache-Control', 'no-store')
    .set('Referrer-Policy', 'no-referrer')
    .type('html')
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | Manukato</title><meta name="robots" content="noindex">
<style>${pageStyle}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`);
}

function unknownPayment(response: Response): void {
  simulatorPage(
    response,
    404,
    'Payment link not valid',
    '<p>This payment link is not valid or has already been used. Nothing was paid or changed.</p><p><a href="/my-orders">Back to your orders</a></p>',
  );
}

/**
 * A local stand-in that speaks Paystack's protocol, so the whole checkout works on a fresh machine:
 * initialize → a hosted page with Pay and Decline → a signed webhook and a redirect to the callback;
 * verify answers what happened. Mounted only in test mode (config.paystack.simulator).
 *
 * The hosted page acts only for whoever holds the payment's access code: a random value, distinct from the
 * reference (which the shopper's callback address, order pages and logs show), carried in the authorization URL
 * the shop hands to the shopper who started the payment, and consumed by the first Pay or Decline.
 */
export function paystackSimulator(options: { secretKey: string; webhookUrl: () => string; publicUrl: string }): Router {
  const router = Router();
  const transactions = new Map<string, SimulatedTransaction>();
  const byAccessCode = new Map<string, SimulatedTransaction>();
  const authorised = (header: string | undefined) => header === `Bearer ${options.secretKey}`;

  router.post('/transaction/initialize', (request, response) => {
    if (!authorised(request.get('authorization'))) {
      response.status(401).json({ status: false, message: 'Invalid key' });
      return;
    }
    const { reference, amount, currency, email, callback_url: callbackUrl } = request.body ?? {};
    if (typeof reference !== 'string' || !Number.isInteger(amount) || typeof callbackUrl !== 'string') {
      response.status(400).json({ status: false, message: 'Invalid transaction' });
      return;
    }
    if (transactions.size >= keptTransactions) {
      const oldest = transactions.values().next().value!;
      transactions.delete(oldest.reference);
      byAccessCode.delete(oldest.accessCode);
    }
    const previous = transactions.get(reference);
    if (previous) byAccessCode.delete(previous.accessCode);
    const transaction: SimulatedTransaction = {
      reference,
      accessCode: randomToken(24),
      amount,
      currency,
      email,
      callbackUrl,
      status: 'pending',
    };
    transactions.set(reference, transaction);
    byAccessCode.set(transaction.accessCode, transaction);
    response.json({
      status: true,
      message: 'Authorization URL created',
      data: {
        authorization_url: `${options.publicUrl}/paystack-simulator/pay/${transaction.accessCode}`,
        access_code: transaction.accessCode,
        reference,
      },
    });
  });

  router.get('/transaction/verify/:reference', (request, response) => {
    const found = transactions.get(request.params.reference);
    if (!authorised(request.get('authorization')) || !found) {
      response.status(404).json({ status: false, message: 'Transaction reference not found' });
      return;
    }
    response.json({
      status: true,
      message: 'Verification successful',
      data: {
        reference: found.reference,
        status: found.status === 'pending' ? 'abandoned' : found.status,
        amount: found.amount,
        currency: found.currency,
      },
    });
  });

  router.get('/pay/:accessCode', (request, response) => {
    const found = byAccessCode.get(request.params.accessCode);
    if (!found || found.status !== 'pending') {
      unknownPayment(response);
      return;
    }
    simulatorPage(
      response,
      200,
      'Payment simulator',
      `<p>This stands in for Paystack while the shop is in test mode: no money moves.</p>
<p>Pay <strong>${escapeHtml(found.currency)} ${centsToDecimal(found.amount)}</strong> for ${escapeHtml(found.email)}?</p>
<form method="post" action="/paystack-simulator/pay/${escapeHtml(found.accessCode)}"><button class="pay" name="outcome" value="success">Pay</button><button name="outcome" value="failed">Decline</button></form>`,
    );
  });

  router.post('/pay/:accessCode', urlencoded({ extended: false, limit: '1kb' }), async (request, response) => {
    const found = byAccessCode.get(request.params.accessCode);
    const outcome = request.body?.outcome;
    if (!found || found.status !== 'pending') {
      unknownPayment(response);
      return;
    }
    if (outcome !== 'success' && outcome !== 'failed') {
      simulatorPage(response, 400, 'Choose Pay or Decline', '<p>Go back and choose Pay or Decline.</p>');
      return;
    }
    // Used up here, before anything is awaited: of two posts with the same code only the first acts.
    byAccessCode.delete(found.accessCode);
    found.status = outcome;
    const body = JSON.stringify({
      event: found.status === 'success' ? 'charge.success' : 'charge.failed',
      data: { reference: found.reference, status: found.status, amount: found.amount, currency: found.currency },
    });
    // As Paystack does: a signed webhook to the shop, whatever the browser does next.
    await fetch(options.webhookUrl(), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': paystackSignature(options.secretKey, body),
      },
      body,
      signal: AbortSignal.timeout(10_000),
    }).catch(() => undefined);
    const callback = new URL(found.callbackUrl);
    callback.searchParams.set('reference', found.reference);
    callback.searchParams.set('trxref', found.reference);
    response.redirect(303, callback.toString());
  });

  return router;
}

import { Router, urlencoded } from 'express';
import { escapeHtml } from '../../http/page-html';
import { centsToDecimal } from '../../shared/money';
import { paystackSignature } from './paystack-client';

interface SimulatedTransaction {
  reference: string;
  amount: number;
  currency: string;
  email: string;
  callbackUrl: string;
  status: 'pending' | 'success' | 'failed';
}

/**
 * A local stand-in that speaks Paystack's protocol, so the whole checkout works on a fresh machine:
 * initialize → a hosted page with Pay and Decline → a signed webhook and a redirect to the callback;
 * verify answers what happened. Only mounted when no PAYSTACK_SECRET_KEY is configured.
 */
export function paystackSimulator(options: { secretKey: string; webhookUrl: () => string; publicUrl: string }): Router {
  const router = Router();
  const transactions = new Map<string, SimulatedTransaction>();
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
    // A stand-in, not a ledger: keep the latest 10,000 payments so memory stays bounded under load.
    if (transactions.size >= 10_000) transactions.delete(transactions.keys().next().value!);
    transactions.set(reference, { reference, amount, currency, email, callbackUrl, status: 'pending' });
    response.json({
      status: true,
      message: 'Authorization URL created',
      data: {
        authorization_url: `${options.publicUrl}/paystack-simulator/pay/${encodeURIComponent(reference)}`,
        access_code: reference,
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

  router.get('/pay/:reference', (request, response) => {
    const found = transactions.get(request.params.reference);
    if (!found) {
      response.status(404).type('text/plain').send('Unknown payment');
      return;
    }
    const reference = escapeHtml(found.reference);
    response.type('html')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Payment simulator | Manukato</title><meta name="robots" content="noindex">
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#222}button{font-size:1rem;padding:.7rem 1.4rem;margin-right:.5rem;border-radius:6px;border:1px solid #333;cursor:pointer}.pay{background:#0a7d32;color:#fff;border-color:#0a7d32}</style></head>
<body><main><h1>Payment simulator</h1><p>This stands in for Paystack on a shop without a Paystack key.</p>
<p>Pay <strong>${escapeHtml(found.currency)} ${centsToDecimal(found.amount)}</strong> for ${escapeHtml(found.email)}?</p>
<form method="post" action="/paystack-simulator/pay/${reference}"><button class="pay" name="outcome" value="success">Pay</button><button name="outcome" value="failed">Decline</button></form>
</main></body></html>`);
  });

  router.post('/pay/:reference', urlencoded({ extended: false }), async (request, response) => {
    const found = transactions.get(request.params.reference);
    if (!found || found.status !== 'pending') {
      response.status(404).type('text/plain').send('Unknown or finished payment');
      return;
    }
    found.status = request.body?.outcome === 'success' ? 'success' : 'failed';
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

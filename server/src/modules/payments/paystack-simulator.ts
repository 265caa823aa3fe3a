import { Router, urlencoded, type Request, type Response } from 'express';
import { escapeHtml } from '../../shared/html';
import { centsToDecimal, formatKsh } from '../../shared/money';
import { hmac, randomToken, sha256 } from '../../shared/secrets';
import { paystackSignature } from './paystack-client';

/** A stand-in payment as the table keeps it (migration 0012): every instance on the database sees the same ones. */
interface SimulatedPayment {
  reference: string;
  amount: string | number;
  currency: string;
  email: string;
  callback_url: string;
  status: 'pending' | 'success' | 'failed';
}

/** A stand-in, not a ledger: payments older than this are dropped as new ones start, so the table stays small. */
const keptDays = 7;

/** Text the stand-in stores: a string PostgreSQL accepts (no NUL), of a sane length. */
const storable = (value: unknown, maxLength = 2000): value is string =>
  typeof value === 'string' && value.length <= maxLength && !value.includes('\u0000');

/** The stand-in's Paystack secret key, the same on every instance: derived from the shared signing secret. */
export function paystackSimulatorKey(signingSecret: string | undefined): string {
  if (!signingSecret) throw new Error('SECRET_KEY was not resolved at start');
  return `sk_simulator_${hmac(signingSecret, 'paystack-simulator')}`;
}

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
  const authorised = (header: string | undefined) => header === `Bearer ${options.secretKey}`;
  const query = <T>(request: Request, sql: string, values: unknown[]) =>
    request.ctx.em.getConnection().execute<T[]>(sql, values, 'all');
  const pendingByAccessCode = async (request: Request, accessCode: string) =>
    (
      await query<SimulatedPayment>(
        request,
        `select reference, amount, currency, email, callback_url, status from simulated_payments
          where access_code_hash = ? and status = 'pending'`,
        [sha256(accessCode)],
      )
    )[0];

  router.post('/transaction/initialize', async (request, response) => {
    if (!authorised(request.get('authorization'))) {
      response.status(401).json({ status: false, message: 'Invalid key' });
      return;
    }
    const { reference, amount, currency, email, callback_url: callbackUrl } = request.body ?? {};
    if (
      !storable(reference, 200) ||
      !Number.isSafeInteger(amount) ||
      amount < 0 ||
      !storable(currency, 10) ||
      !storable(email) ||
      !storable(callbackUrl) ||
      !URL.canParse(callbackUrl)
    ) {
      response.status(400).json({ status: false, message: 'Invalid transaction' });
      return;
    }
    const accessCode = randomToken(24);
    // The same reference again starts over: a new code, and the old one no longer opens the page. Payments
    // older than the days kept go in the same statement.
    await query(
      request,
      `with pruned as (delete from simulated_payments where created_at < now() - interval '${keptDays} days')
       insert into simulated_payments (reference, access_code_hash, amount, currency, email, callback_url)
       values (?, ?, ?, ?, ?, ?)
       on conflict (reference) do update set access_code_hash = excluded.access_code_hash, amount = excluded.amount,
         currency = excluded.currency, email = excluded.email, callback_url = excluded.callback_url,
         status = 'pending', created_at = now()`,
      [reference, sha256(accessCode), amount, currency, email, callbackUrl],
    );
    response.json({
      status: true,
      message: 'Authorization URL created',
      data: {
        authorization_url: `${options.publicUrl}/paystack-simulator/pay/${accessCode}`,
        access_code: accessCode,
        reference,
      },
    });
  });

  router.get('/transaction/verify/:reference', async (request, response) => {
    const reference = request.params.reference;
    const [found] =
      authorised(request.get('authorization')) && storable(reference, 200)
        ? await query<SimulatedPayment>(
            request,
            'select reference, amount, currency, status from simulated_payments where reference = ?',
            [reference],
          )
        : [];
    if (!found) {
      response.status(404).json({ status: false, message: 'Transaction reference not found' });
      return;
    }
    response.json({
      status: true,
      message: 'Verification successful',
      data: {
        reference: found.reference,
        status: found.status === 'pending' ? 'abandoned' : found.status,
        amount: Number(found.amount),
        currency: found.currency,
      },
    });
  });

  router.get('/pay/:accessCode', async (request, response) => {
    const found = await pendingByAccessCode(request, request.params.accessCode);
    if (!found) {
      unknownPayment(response);
      return;
    }
    const accessCode = request.params.accessCode;
    simulatorPage(
      response,
      200,
      'Payment simulator',
      `<p>This stands in for Paystack while the shop is in test mode: no money moves.</p>
<p>Pay <strong>${escapeHtml(amountText(Number(found.amount), found.currency))}</strong> for ${escapeHtml(found.email)}?</p>
<form method="post" action="/paystack-simulator/pay/${escapeHtml(accessCode)}"><button class="pay" name="outcome" value="success">Pay</button><button name="outcome" value="failed">Decline</button></form>`,
    );
  });

  router.post('/pay/:accessCode', urlencoded({ extended: false, limit: '1kb' }), async (request, response) => {
    const accessCode = request.params.accessCode;
    const outcome = request.body?.outcome;
    if (outcome !== 'success' && outcome !== 'failed') {
      if (await pendingByAccessCode(request, accessCode)) {
        simulatorPage(response, 400, 'Choose Pay or Decline', '<p>Go back and choose Pay or Decline.</p>');
      } else {
        unknownPayment(response);
      }
      return;
    }
    // Used up by one conditional update: of two posts with the same code, on any instances, only the first acts.
    const [found] = await query<SimulatedPayment>(
      request,
      `update simulated_payments set status = ? where access_code_hash = ? and status = 'pending'
       returning reference, amount, currency, callback_url`,
      [outcome, sha256(accessCode)],
    );
    if (!found) {
      unknownPayment(response);
      return;
    }
    const data = {
      reference: found.reference,
      status: outcome,
      amount: Number(found.amount),
      currency: found.currency,
    };
    const body = JSON.stringify({ event: outcome === 'success' ? 'charge.success' : 'charge.failed', data });
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
    const callback = new URL(found.callback_url);
    callback.searchParams.set('reference', found.reference);
    callback.searchParams.set('trxref', found.reference);
    response.redirect(303, callback.toString());
  });

  return router;
}

/** The shop charges in KES, written as everywhere else ('Ksh 7,320.00'); any other currency as Paystack sends it. */
function amountText(cents: number, currency: string): string {
  return currency === 'KES' ? formatKsh(cents) : `${currency} ${centsToDecimal(cents)}`;
}

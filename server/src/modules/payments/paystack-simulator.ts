import { queryPrepared } from '../../shared/prepared-statements';
import { randomBytes } from 'node:crypto';
import { Router, urlencoded, type Request, type Response } from 'express';
import { escapeHtml } from '../../shared/html';
import { centsToDecimal, formatKsh } from '../../shared/money';
import { hmac, randomToken, sha256 } from '../../shared/secrets';
import { paystackSignature } from './paystack-client';
import {
  createdRefundData,
  refundData,
  refundEvent,
  transactionData,
  type SimulatedPayment,
  type SimulatedRefund,
} from './paystack-simulator-shapes';

const paymentColumns = `id, reference, amount, currency, email, callback_url, status, channel, phone, provider, metadata,
  paid_at, created_at, gateway_response, refunded`;

/** A stand-in, not a ledger: payments older than this are dropped as new ones start, so the table stays small. */
const keptDays = 7;

/** Text the stand-in stores: a string PostgreSQL accepts (no NUL), of a sane length. */
const storable = (value: unknown, maxLength = 2000): value is string =>
  typeof value === 'string' && value.length <= maxLength && !value.includes('\u0000');

/** Paystack's words for the refusals an integrator meets first (its published API description and answers). */
const refusals = {
  key: 'Invalid key',
  email: 'Invalid Email Address Passed',
  amount: 'Invalid Amount Sent',
  duplicate: 'Duplicate Transaction Reference',
  notFound: 'Transaction reference not found',
} as const;

/** Amounts in subunits: an integer, or a string of digits (Paystack takes both; some client libraries send strings). */
function subunits(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number > 0 ? number : undefined;
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Paystack references: letters, digits, '-', '.' and '='. */
const referencePattern = /^[\w.=-]{1,100}$/;
const currencies = ['KES', 'GHS', 'NGN', 'ZAR', 'USD'];

/** A Kenyan mobile number as Paystack takes it (+2547…, 2547…, 07…, 01…), written +254…; undefined otherwise. */
export function kenyanPhone(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(?:\+?254|0)([17]\d{8})$/.exec(value.replace(/[\s-]/g, ''));
  return match ? `+254${match[1]}` : undefined;
}

/** Metadata as Paystack keeps it: an object, or a JSON string of one; anything else is dropped. */
function metadataOf(value: unknown): string | null {
  if (typeof value === 'string') {
    try {
      return metadataOf(JSON.parse(value));
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const text = JSON.stringify(value);
  // jsonb holds no NUL character; such metadata is dropped rather than failing the payment.
  return text.includes('\\u0000') ? null : text;
}

/** The stand-in's Paystack secret key, the same on every instance: derived from the shared signing secret. */
export function paystackSimulatorKey(signingSecret: string | undefined): string {
  if (!signingSecret) throw new Error('SECRET_KEY was not resolved at start');
  return `sk_simulator_${hmac(signingSecret, 'paystack-simulator')}`;
}

const pageStyle =
  'body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#222}button{font-size:1rem;padding:.7rem 1.4rem;margin-right:.5rem;border-radius:6px;border:1px solid #333;cursor:pointer}.pay{background:#0a7d32;color:#fff;border-color:#0a7d32}li{margin-bottom:1.5rem}label{display:block;margin-bottom:.3rem}input{font-size:1rem;padding:.5rem;margin-bottom:.7rem}';

/** The stand-in's pages: plain HTML and forms that post back, no scripts (the shop's CSP allows none inline). */
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

/** How many pending prompts the phone page lists at a time. */
const promptsPerPage = 20;

/**
 * A local stand-in that speaks Paystack's protocol where the shop and an integrator meet it (decision 0053):
 * initialize → a hosted page with Pay and Decline → a signed charge.success webhook and a redirect to the callback;
 * a mobile-money charge → a prompt on the simulated phone page (/paystack-simulator/phone) → approve sends
 * charge.success; verify and GET /charge/:reference answer what happened; refunds send refund.pending then
 * refund.processed. A decline sends nothing, as Paystack sends no webhook for a failed payment. Mounted only in
 * test mode (config.paystack.simulator).
 *
 * The hosted page acts only for whoever holds the payment's access code: a random value, distinct from the
 * reference (which the shopper's callback address, order pages and logs show), carried in the authorization URL
 * the shop hands to the shopper who started the payment, and consumed by the first Pay or Decline.
 */
export function paystackSimulator(options: { secretKey: string; webhookUrl: () => string; publicUrl: string }): Router {
  const router = Router();
  const authorised = (request: Request) => request.get('authorization') === `Bearer ${options.secretKey}`;
  const query = <T>(request: Request, sql: string, values: unknown[]) =>
    request.ctx.em.getConnection().execute<T[]>(sql, values, 'all');
  const pendingByAccessCode = async (request: Request, accessCode: string) =>
    (
      await query<SimulatedPayment>(
        request,
        `select ${paymentColumns} from simulated_payments where access_code_hash = ? and status = 'pending'`,
        [sha256(accessCode)],
      )
    )[0];
  const byReference = async (request: Request, reference: unknown) =>
    storable(reference, 200)
      ? (
          await query<SimulatedPayment>(
            request,
            `select ${paymentColumns} from simulated_payments where reference = ?`,
            [reference],
          )
        )[0]
      : undefined;
  const refuse = (response: Response, status: number, message: string, extra: Record<string, unknown> = {}) =>
    response.status(status).json({ status: false, message, ...extra });
  const duplicate = (response: Response) =>
    refuse(response, 400, refusals.duplicate, {
      meta: { nextStep: 'Try and create the Transaction or Charge with a new reference' },
      type: 'validation_error',
      code: 'duplicate_reference',
    });

  /** A signed webhook, as Paystack sends them: HMAC-SHA512 of the raw body with the secret key. */
  const sendWebhook = async (event: string, data: unknown) => {
    const body = JSON.stringify({ event, data });
    await fetch(options.webhookUrl(), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': paystackSignature(options.secretKey, body),
      },
      body,
      signal: AbortSignal.timeout(10_000),
    }).catch(() => undefined);
  };

  /**
   * What initialize and charge both check: email, amount, currency, an optional reference (generated when absent)
   * and metadata. A refusal is answered here and gives undefined.
   */
  function paymentInput(request: Request, response: Response) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const amount = subunits(body.amount);
    if (!storable(body.email, 200) || !emailPattern.test(body.email)) {
      refuse(response, 400, refusals.email);
      return undefined;
    }
    if (amount === undefined) {
      refuse(response, 400, refusals.amount);
      return undefined;
    }
    const currency = body.currency ?? 'KES';
    if (typeof currency !== 'string' || !currencies.includes(currency)) {
      refuse(response, 400, 'Currency not supported by merchant');
      return undefined;
    }
    const reference = body.reference ?? randomBytes(8).toString('hex');
    if (typeof reference !== 'string' || !referencePattern.test(reference)) {
      refuse(response, 400, 'Invalid reference: use only letters, digits, -, . and =');
      return undefined;
    }
    return { email: body.email, amount, currency, reference, metadata: metadataOf(body.metadata), body };
  }

  router.post('/transaction/initialize', async (request, response) => {
    if (!authorised(request)) return void refuse(response, 401, refusals.key);
    const input = paymentInput(request, response);
    if (!input) return;
    const callbackUrl = input.body.callback_url;
    if (
      callbackUrl !== undefined &&
      (!storable(callbackUrl) || !/^https?:\/\//.test(callbackUrl) || !URL.canParse(callbackUrl))
    ) {
      return void refuse(response, 400, 'Invalid callback_url');
    }
    const channels = Array.isArray(input.body.channels) ? input.body.channels : [];
    // The page stands for Paystack's checkout: the channel the shop offers first is the one it "pays" with.
    const channel = channels[0] === 'mobile_money' ? 'mobile_money' : null;
    const accessCode = randomToken(24);
    // A reference is used once, as Paystack refuses a duplicate; payments older than the days kept go in the
    // same statement (and their references with them).
    // Prepared: every checkout's initialize passes here in test mode (decision 0060).
    const [created] = await queryPrepared<{ id: string }>(
      request.ctx.em,
      `with pruned as (delete from simulated_payments where created_at < now() - interval '${keptDays} days')
       insert into simulated_payments (reference, access_code_hash, amount, currency, email, callback_url, channel, metadata)
       values (?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (reference) do nothing returning id`,
      [
        input.reference,
        sha256(accessCode),
        input.amount,
        input.currency,
        input.email,
        callbackUrl ?? null,
        channel,
        input.metadata,
      ],
    );
    if (!created) return void duplicate(response);
    response.json({
      status: true,
      message: 'Authorization URL created',
      data: {
        authorization_url: `${options.publicUrl}/paystack-simulator/pay/${accessCode}`,
        access_code: accessCode,
        reference: input.reference,
      },
    });
  });

  router.get('/transaction/verify/:reference', async (request, response) => {
    // The key first, as Paystack does: a wrong key learns nothing about which references exist.
    if (!authorised(request)) return void refuse(response, 401, refusals.key);
    const found = await byReference(request, request.params.reference);
    if (!found) return void refuse(response, 404, refusals.notFound);
    response.json({ status: true, message: 'Verification successful', data: transactionData(found) });
  });

  router.post('/charge', async (request, response) => {
    if (!authorised(request)) return void refuse(response, 401, refusals.key);
    const input = paymentInput(request, response);
    if (!input) return;
    const mobileMoney = input.body.mobile_money as { phone?: unknown; provider?: unknown } | undefined;
    if (!mobileMoney || typeof mobileMoney !== 'object') {
      return void refuse(
        response,
        400,
        'The stand-in takes mobile money charges only: send mobile_money {phone, provider}',
      );
    }
    if (mobileMoney.provider !== 'mpesa')
      return void refuse(response, 400, 'Invalid provider: the stand-in offers mpesa');
    const phone = kenyanPhone(mobileMoney.phone);
    if (!phone) return void refuse(response, 400, 'Invalid phone number');
    const [created] = await query<SimulatedPayment>(
      request,
      `with pruned as (delete from simulated_payments where created_at < now() - interval '${keptDays} days')
       insert into simulated_payments (reference, access_code_hash, amount, currency, email, channel, phone, provider,
         metadata, gateway_response)
       values (?, ?, ?, ?, ?, 'mobile_money', ?, 'mpesa', ?, 'Charge attempted')
       on conflict (reference) do nothing returning ${paymentColumns}`,
      [input.reference, sha256(randomToken(24)), input.amount, input.currency, input.email, phone, input.metadata],
    );
    if (!created) return void duplicate(response);
    // M-Pesa asks the customer to approve on the phone: Paystack answers pay_offline with a line to show.
    response.json({
      status: true,
      message: 'Charge attempted',
      data: {
        ...transactionData(created),
        status: 'pay_offline',
        display_text: 'Please complete authorization process on your mobile phone',
      },
    });
  });

  router.get('/charge/:reference', async (request, response) => {
    if (!authorised(request)) return void refuse(response, 401, refusals.key);
    const found = await byReference(request, request.params.reference);
    if (!found) return void refuse(response, 404, refusals.notFound);
    const data = transactionData(found);
    response.json({
      status: true,
      message: 'Charge status retrieved',
      data: {
        status: found.status === 'pending' && found.phone ? 'pay_offline' : data.status,
        amount: data.amount,
        currency: data.currency,
        transaction_date: data.transaction_date,
        reference: data.reference,
        domain: data.domain,
        redirect_url: null,
        metadata: found.metadata ?? {},
        gateway_response: data.gateway_response,
        message: null,
        channel: data.channel,
        fees: data.fees,
        authorization: data.authorization,
        customer: data.customer,
      },
    });
  });

  router.post('/refund', async (request, response) => {
    if (!authorised(request)) return void refuse(response, 401, refusals.key);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const transaction = typeof body.transaction === 'number' ? String(body.transaction) : body.transaction;
    if (!storable(transaction, 200)) return void refuse(response, 400, 'Transaction is required');
    // Paystack takes the transaction's id or its reference.
    const transactionId = /^\d{1,18}$/.test(transaction) ? transaction : null;
    const amount = body.amount === undefined ? null : subunits(body.amount);
    if (amount === undefined) return void refuse(response, 400, refusals.amount);
    const notes = [body.merchant_note, body.customer_note].map((note) => (storable(note) ? note : null));
    // One statement: the payment row is locked, so parallel refunds queue and each sees what is left after the
    // one before. A refund above what is left (the whole remainder when no amount is given) inserts nothing.
    const [refund] = await query<SimulatedRefund>(
      request,
      `with target as (
         select reference, currency, amount - refunded as remaining from simulated_payments
          where (reference = ? or id = ?::bigint) and status = 'success'
          for update),
       asked as (select reference, currency, coalesce(?::bigint, remaining) as amount from target
          where coalesce(?::bigint, remaining) between 1 and remaining),
       counted as (update simulated_payments p set refunded = p.refunded + asked.amount from asked
          where p.reference = asked.reference returning p.reference)
       insert into simulated_refunds (transaction_reference, amount, currency, merchant_note, customer_note)
       select asked.reference, asked.amount, asked.currency, ?, ? from asked join counted using (reference)
       returning *`,
      [transaction, transactionId, amount, amount, ...notes],
    );
    if (!refund) {
      const [payment] = await query<SimulatedPayment>(
        request,
        `select ${paymentColumns} from simulated_payments
          where reference = ? or id = ?::bigint`,
        [transaction, transactionId],
      );
      if (!payment) return void refuse(response, 404, 'Transaction not found');
      if (payment.status !== 'success')
        return void refuse(response, 400, 'Cannot refund a transaction that was not successful');
      if (payment.refunded === payment.amount) return void refuse(response, 400, 'Transaction has been fully reversed');
      return void refuse(response, 400, 'Refund amount cannot be more than the unrefunded transaction amount');
    }
    const payment = (await byReference(request, refund.transaction_reference))!;
    const answer = createdRefundData(refund, payment);
    // Paystack queues a refund and reports it by webhook: refund.pending, then refund.processed once the money is
    // back. The stand-in processes at once; the conditional update sends each event once per refund.
    await sendWebhook('refund.pending', refundEvent(refund, payment));
    const [processed] = await query<SimulatedRefund>(
      request,
      `update simulated_refunds set status = 'processed', updated_at = now() where id = ? and status = 'pending'
       returning *`,
      [refund.id],
    );
    if (processed) await sendWebhook('refund.processed', refundEvent(processed, payment));
    response.json({ status: true, message: 'Refund has been queued for processing', data: answer });
  });

  router.get('/refund/:id', async (request, response) => {
    if (!authorised(request)) return void refuse(response, 401, refusals.key);
    const id = request.params.id;
    const [refund] = /^\d{1,18}$/.test(id)
      ? await query<SimulatedRefund>(request, 'select * from simulated_refunds where id = ?', [id])
      : [];
    if (!refund) return void refuse(response, 404, 'Refund not found');
    const payment = (await byReference(request, refund.transaction_reference))!;
    response.json({ status: true, message: 'Refund retrieved', data: refundData(refund, payment) });
  });

  router.get('/refund', async (request, response) => {
    if (!authorised(request)) return void refuse(response, 401, refusals.key);
    const perPage = Math.min(Math.max(Number.parseInt(String(request.query.perPage ?? '50'), 10) || 50, 1), 100);
    const page = Math.max(Number.parseInt(String(request.query.page ?? '1'), 10) || 1, 1);
    // Paystack's List Refunds filters by the payment's numeric id (?transaction=), not by its reference (which
    // POST /refund takes). A reference is refused here, so a client sending one fails loudly rather than seeing
    // no refunds.
    const transaction = request.query.transaction;
    if (transaction !== undefined && (typeof transaction !== 'string' || !/^\d{1,18}$/.test(transaction)))
      return void refuse(response, 400, 'Transaction ID should be numeric');
    const transactionId = transaction ?? null;
    // One statement for the page, its payments and the total, however many refunds there are.
    const rows = await query<SimulatedRefund & { payment: SimulatedPayment; total: string }>(
      request,
      `select r.*, to_jsonb(p) - 'access_code_hash' as payment, count(*) over () as total
         from simulated_refunds r join simulated_payments p on p.reference = r.transaction_reference
        where ?::bigint is null or p.id = ?::bigint
        order by r.id desc limit ? offset ?`,
      [transactionId, transactionId, perPage, (page - 1) * perPage],
    );
    const total = rows.length > 0 ? Number(rows[0]!.total) : 0;
    response.json({
      status: true,
      message: 'Refunds retrieved',
      data: rows.map(({ payment, total: _total, ...refund }) =>
        refundData(refund, {
          ...payment,
          id: String(payment.id),
          amount: String(payment.amount),
          refunded: String(payment.refunded),
        }),
      ),
      meta: { total, skipped: (page - 1) * perPage, perPage, page, pageCount: Math.ceil(total / perPage) },
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
      `update simulated_payments
          set status = ?, channel = coalesce(channel, 'card'), gateway_response = ?,
              paid_at = case when ? = 'success' then now() end
        where access_code_hash = ? and status = 'pending'
       returning ${paymentColumns}`,
      [outcome, outcome === 'success' ? 'Successful' : 'Declined', outcome, sha256(accessCode)],
    );
    if (!found) {
      unknownPayment(response);
      return;
    }
    // As Paystack does: a signed webhook to the shop for a success, whatever the browser does next. A decline
    // sends none (Paystack has no failure event): the shop learns it from verify on the callback.
    if (outcome === 'success') await sendWebhook('charge.success', transactionData(found));
    if (!found.callback_url) {
      simulatorPage(
        response,
        200,
        outcome === 'success' ? 'Payment made' : 'Payment declined',
        '<p>You can close this page: the shop asks the stand-in how the payment ended.</p>',
      );
      return;
    }
    const callback = new URL(found.callback_url);
    callback.searchParams.set('reference', found.reference);
    callback.searchParams.set('trxref', found.reference);
    response.redirect(303, callback.toString());
  });

  router.get('/phone', async (request, response) => {
    const number = request.query.number;
    const phone = kenyanPhone(number);
    const page = Math.max(Number.parseInt(String(request.query.page ?? '1'), 10) || 1, 1);
    const prompts = phone
      ? await query<SimulatedPayment>(
          request,
          `select ${paymentColumns} from simulated_payments where phone = ? and status = 'pending'
            order by created_at, reference limit ? offset ?`,
          [phone, promptsPerPage + 1, (page - 1) * promptsPerPage],
        )
      : [];
    const shown = prompts.slice(0, promptsPerPage);
    const list = shown
      .map(
        (
          prompt,
        ) => `<li><p>Pay <strong>${escapeHtml(amountText(Number(prompt.amount), prompt.currency))}</strong> to Manukato (reference ${escapeHtml(prompt.reference)})?</p>
<form method="post" action="/paystack-simulator/phone/${escapeHtml(encodeURIComponent(prompt.reference))}"><input type="hidden" name="number" value="${escapeHtml(phone!)}"><button class="pay" name="outcome" value="success">Approve</button><button name="outcome" value="failed">Decline</button></form></li>`,
      )
      .join('');
    const more =
      prompts.length > promptsPerPage
        ? `<p><a href="/paystack-simulator/phone?number=${encodeURIComponent(phone!)}&amp;page=${page + 1}">More prompts</a></p>`
        : '';
    simulatorPage(
      response,
      200,
      'Phone simulator',
      `<p>This stands in for an M-Pesa phone while the shop is in test mode: no money moves.</p>
<form method="get" action="/paystack-simulator/phone"><label for="number">Phone number</label><input id="number" name="number" inputmode="tel" autocomplete="tel" value="${escapeHtml(phone ?? (typeof number === 'string' ? number.slice(0, 20) : ''))}"><button>Show prompts</button></form>
${phone ? (shown.length > 0 ? `<h2>Waiting for approval</h2><ul>${list}</ul>${more}` : '<p>No payment is waiting on this phone.</p>') : number === undefined ? '' : '<p>Enter a Kenyan mobile number, such as 0712 345 678.</p>'}`,
    );
  });

  router.post('/phone/:reference', urlencoded({ extended: false, limit: '1kb' }), async (request, response) => {
    const phone = kenyanPhone(request.body?.number);
    const outcome = request.body?.outcome;
    if (!phone || (outcome !== 'success' && outcome !== 'failed') || !storable(request.params.reference, 200)) {
      simulatorPage(response, 400, 'Choose Approve or Decline', '<p>Go back and choose Approve or Decline.</p>');
      return;
    }
    // One conditional update: a prompt is answered once, from the phone it was sent to.
    const [found] = await query<SimulatedPayment>(
      request,
      `update simulated_payments
          set status = ?, gateway_response = ?, paid_at = case when ? = 'success' then now() end
        where reference = ? and phone = ? and status = 'pending'
       returning ${paymentColumns}`,
      [
        outcome,
        outcome === 'success' ? 'Approved' : 'Declined by the customer',
        outcome,
        request.params.reference,
        phone,
      ],
    );
    if (!found) {
      simulatorPage(
        response,
        404,
        'Prompt not found',
        `<p>This prompt has already been answered or was not sent to this phone. Nothing was paid or changed.</p><p><a href="/paystack-simulator/phone?number=${encodeURIComponent(phone)}">Back to the phone</a></p>`,
      );
      return;
    }
    if (outcome === 'success') await sendWebhook('charge.success', transactionData(found));
    response.redirect(303, `/paystack-simulator/phone?number=${encodeURIComponent(phone)}`);
  });

  return router;
}

/** The shop charges in KES, written as everywhere else ('Ksh 7,320.00'); any other currency as Paystack sends it. */
function amountText(cents: number, currency: string): string {
  return currency === 'KES' ? formatKsh(cents) : `${currency} ${centsToDecimal(cents)}`;
}

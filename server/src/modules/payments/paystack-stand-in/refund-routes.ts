import { Router } from 'express';
import { createdRefundData, refundData, refundEvent } from './shapes';
import { numericId, pageMeta, paging, refusals, refuse, storable, subunits } from './request-checks';
import type { StandIn } from './stand-in-options';
import { standInStore } from './store';

/**
 * Paystack's Refund resource: create (with its refund.pending and refund.processed webhooks), fetch by id, and list
 * by the payment's numeric id (?transaction=) or its reference (?reference=), and by currency.
 */
export function refundRoutes(standIn: StandIn): Router {
  const router = Router();

  router.post('/refund', async (request, response) => {
    if (!standIn.authorised(request)) return void refuse(response, 401, refusals.key);
    const { em } = request.ctx;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const transaction = typeof body.transaction === 'number' ? String(body.transaction) : body.transaction;
    if (!storable(transaction, 200)) return void refuse(response, 400, 'Transaction is required');
    // Paystack takes the transaction's id or its reference.
    const transactionId = numericId(transaction) ? transaction : null;
    const amount = body.amount === undefined ? null : subunits(body.amount);
    if (amount === undefined) return void refuse(response, 400, refusals.amount);
    const [merchantNote, customerNote] = [body.merchant_note, body.customer_note].map((note) =>
      storable(note) ? note : null,
    );
    const refund = await standInStore.insertRefund(em, {
      transaction,
      transactionId,
      amount,
      merchantNote: merchantNote ?? null,
      customerNote: customerNote ?? null,
    });
    if (!refund) {
      const payment = await standInStore.byReferenceOrId(em, transaction, transactionId);
      if (!payment) return void refuse(response, 404, 'Transaction not found');
      if (payment.status !== 'success')
        return void refuse(response, 400, 'Cannot refund a transaction that was not successful');
      if (payment.refunded === payment.amount) return void refuse(response, 400, 'Transaction has been fully reversed');
      return void refuse(response, 400, 'Refund amount cannot be more than the unrefunded transaction amount');
    }
    const payment = (await standInStore.byReference(em, refund.transaction_reference))!;
    const answer = createdRefundData(refund, payment);
    // Paystack queues a refund and reports it by webhook: refund.pending, then refund.processed once the money is
    // back. The stand-in processes at once; the conditional update sends each event once per refund.
    await standIn.sendWebhook('refund.pending', refundEvent(refund, payment));
    const processed = await standInStore.markRefundProcessed(em, refund.id);
    if (processed) await standIn.sendWebhook('refund.processed', refundEvent(processed, payment));
    response.json({ status: true, message: 'Refund has been queued for processing', data: answer });
  });

  router.get('/refund/:id', async (request, response) => {
    if (!standIn.authorised(request)) return void refuse(response, 401, refusals.key);
    const id = request.params.id;
    const refund = numericId(id) ? await standInStore.refundById(request.ctx.em, id) : undefined;
    if (!refund) return void refuse(response, 404, 'Refund not found');
    const payment = (await standInStore.byReference(request.ctx.em, refund.transaction_reference))!;
    response.json({ status: true, message: 'Refund retrieved', data: refundData(refund, payment) });
  });

  router.get('/refund', async (request, response) => {
    if (!standIn.authorised(request)) return void refuse(response, 401, refusals.key);
    const paged = paging(request);
    // ?transaction= is the payment's numeric id, as Paystack's List Refunds documents: a reference there is refused,
    // so a client sending one fails loudly rather than seeing no refunds. A reference goes in ?reference=.
    const { transaction, reference, currency } = request.query;
    if (transaction !== undefined && !numericId(transaction))
      return void refuse(response, 400, 'Transaction ID should be numeric');
    if (reference !== undefined && !storable(reference, 200))
      return void refuse(response, 400, 'Invalid transaction reference');
    if (currency !== undefined && (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)))
      return void refuse(response, 400, 'Invalid currency');
    const { rows, total } = await standInStore.listRefunds(
      request.ctx.em,
      { transactionId: transaction ?? null, reference: reference ?? null, currency: currency ?? null },
      paged.perPage,
      paged.page,
    );
    response.json({
      status: true,
      message: 'Refunds retrieved',
      data: rows.map(({ refund, payment }) => refundData(refund, payment)),
      // As documented for List Refunds: perPage as text, and failedRefundCount (the stand-in's refunds never fail).
      meta: { ...pageMeta(paged, total), perPage: String(paged.perPage), failedRefundCount: 0 },
    });
  });

  return router;
}

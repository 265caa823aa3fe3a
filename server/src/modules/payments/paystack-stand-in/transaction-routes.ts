import { Router } from 'express';
import { randomToken } from '../../../shared/secrets';
import { fetchedTransactionData, listedTransactionData, transactionData } from './shapes';
import {
  numericId,
  pageMeta,
  paging,
  paymentInput,
  refusals,
  refuse,
  refuseDuplicate,
  storable,
} from './request-checks';
import type { StandIn } from './stand-in-options';
import { standInStore } from './store';

/**
 * Paystack's Transaction resource: initialize (→ the hosted page of checkout-page-routes), verify by reference,
 * list and fetch by numeric id. The key is checked first, as Paystack does: a wrong key learns nothing about
 * which transactions exist.
 */
export function transactionRoutes(standIn: StandIn): Router {
  const router = Router();

  router.post('/transaction/initialize', async (request, response) => {
    if (!standIn.authorised(request)) return void refuse(response, 401, refusals.key);
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
    const created = await standInStore.insertInitialized(request.ctx.em, {
      ...input,
      accessCode,
      callbackUrl: callbackUrl ?? null,
      channel,
    });
    if (!created) return void refuseDuplicate(response);
    response.json({
      status: true,
      message: 'Authorization URL created',
      data: {
        authorization_url: `${standIn.publicUrl}/paystack-simulator/pay/${accessCode}`,
        access_code: accessCode,
        reference: input.reference,
      },
    });
  });

  router.get('/transaction/verify/:reference', async (request, response) => {
    if (!standIn.authorised(request)) return void refuse(response, 401, refusals.key);
    const reference = request.params.reference;
    const found = storable(reference, 200) ? await standInStore.byReference(request.ctx.em, reference) : undefined;
    if (!found) return void refuse(response, 404, refusals.notFound);
    response.json({ status: true, message: 'Verification successful', data: transactionData(found) });
  });

  /** List Transactions: newest first, perPage and page, with Paystack's meta (total_volume in subunits). */
  router.get('/transaction', async (request, response) => {
    if (!standIn.authorised(request)) return void refuse(response, 401, refusals.key);
    const paged = paging(request);
    const { rows, total, volume } = await standInStore.listPayments(request.ctx.em, paged.perPage, paged.page);
    response.json({
      status: true,
      message: 'Transactions retrieved',
      data: rows.map(listedTransactionData),
      meta: { ...pageMeta(paged, total), total_volume: volume },
    });
  });

  /** Fetch Transaction: by Paystack's numeric id (verify is the one by reference). */
  router.get('/transaction/:id', async (request, response) => {
    if (!standIn.authorised(request)) return void refuse(response, 401, refusals.key);
    const id = request.params.id;
    if (!numericId(id)) return void refuse(response, 400, 'Transaction ID should be numeric');
    const found = await standInStore.byId(request.ctx.em, id);
    if (!found) return void refuse(response, 404, 'Transaction not found');
    response.json({ status: true, message: 'Transaction retrieved', data: fetchedTransactionData(found) });
  });

  return router;
}

import { Router } from 'express';
import { randomToken } from '../../../shared/secrets';
import { transactionData } from './shapes';
import { kenyanPhone, paymentInput, refusals, refuse, refuseDuplicate, storable } from './request-checks';
import type { StandIn } from './stand-in-options';
import { standInStore } from './store';

/**
 * Paystack's Charge resource, mobile money only: a charge puts a prompt on the simulated phone (phone-page-routes),
 * whose approval sends charge.success; GET /charge/:reference answers how it stands.
 */
export function chargeRoutes(standIn: StandIn): Router {
  const router = Router();

  router.post('/charge', async (request, response) => {
    if (!standIn.authorised(request)) return void refuse(response, 401, refusals.key);
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
    const created = await standInStore.insertCharge(request.ctx.em, { ...input, accessCode: randomToken(24), phone });
    if (!created) return void refuseDuplicate(response);
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
    if (!standIn.authorised(request)) return void refuse(response, 401, refusals.key);
    const reference = request.params.reference;
    const found = storable(reference, 200) ? await standInStore.byReference(request.ctx.em, reference) : undefined;
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

  return router;
}

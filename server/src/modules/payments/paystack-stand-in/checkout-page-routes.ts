import { Router, urlencoded, type Response } from 'express';
import { escapeHtml } from '../../../shared/html';
import { transactionData } from './shapes';
import { amountText, simulatorPage } from './pages';
import type { StandIn } from './stand-in-options';
import { standInStore } from './store';

function unknownPayment(response: Response): void {
  simulatorPage(
    response,
    404,
    'Payment link not valid',
    '<p>This payment link is not valid or has already been used. Nothing was paid or changed.</p><p><a href="/my-orders">Back to your orders</a></p>',
  );
}

/**
 * The hosted checkout page that initialize's authorization_url opens: Pay or Decline. It acts only for whoever
 * holds the payment's access code: a random value, distinct from the reference (which the shopper's callback
 * address, order pages and logs show), carried in the authorization URL the shop hands to the shopper who started
 * the payment, and consumed by the first Pay or Decline.
 */
export function checkoutPageRoutes(standIn: StandIn): Router {
  const router = Router();

  router.get('/pay/:accessCode', async (request, response) => {
    const found = await standInStore.pendingByAccessCode(request.ctx.em, request.params.accessCode);
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
      if (await standInStore.pendingByAccessCode(request.ctx.em, accessCode)) {
        simulatorPage(response, 400, 'Choose Pay or Decline', '<p>Go back and choose Pay or Decline.</p>');
      } else {
        unknownPayment(response);
      }
      return;
    }
    const found = await standInStore.settleByAccessCode(request.ctx.em, accessCode, outcome);
    if (!found) {
      unknownPayment(response);
      return;
    }
    // As Paystack does: a signed webhook to the shop for a success, whatever the browser does next. A decline
    // sends none (Paystack has no failure event): the shop learns it from verify on the callback.
    if (outcome === 'success') await standIn.sendWebhook('charge.success', transactionData(found));
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

  return router;
}

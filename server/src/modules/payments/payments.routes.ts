import { Router } from 'express';
import { sendData } from '../../core/envelope';
import { withRestFieldNames } from '../../core/rest-field-names';
import { rawWebhookBody, signedJsonBody } from '../../shared/signed-webhook';
import { applyPaystackResult, paymentsService } from './payments.service';
import { isValidPaystackSignature, type PaystackRefund, type PaystackTransaction } from './paystack-client';
import { applyRefundWebhook } from './refunds.service';

/**
 * POST /paystack/initialize (spec: /api/{card-provider}/initialize) answering data.authorization_url. The spec's body
 * is {email, amount, currency}: without an order_id the amount (shillings) finds the caller's newest unpaid order of
 * that total, and with one it must be that order's total (decision 0080). Paystack gets the order's e-mail.
 */
export function paymentsRoutes(): Router {
  const router = Router();
  router.post(
    '/paystack/initialize',
    withRestFieldNames({ orderId: 'order_id' }, async (request, response) => {
      const body = request.body ?? {};
      const { authorizationUrl, reference } = await paymentsService.initialize(
        request.ctx,
        body.order_id ?? body.orderId,
        body.method,
        { amount: body.amount, currency: body.currency },
      );
      sendData(response, { authorization_url: authorizationUrl, reference }, 'Payment initialized');
    }),
  );
  return router;
}

/**
 * Paystack's webhook: the signature (HMAC-SHA512 of the raw body with the secret key, compared in constant
 * time) must match, else 401 and nothing changes. charge.success pays the order only when amount and
 * currency match; the same event twice changes things once.
 */
export function paystackWebhookRoutes(secretKey: () => string): Router {
  const router = Router();
  router.post('/paystack/webhook', rawWebhookBody, async (request, response) => {
    // Signed is not well formed: `null`, an array or a NUL in a reference is refused before anything reads it.
    const parsed = signedJsonBody(request, response, (body) =>
      isValidPaystackSignature(secretKey(), body, request.get('x-paystack-signature')),
    );
    if (!parsed) return;
    const event = parsed as { event?: string; data?: PaystackTransaction };
    // Paystack reports only successes by webhook (there is no charge.failed): a failure is learnt from verify.
    if (event.event === 'charge.success' && typeof event.data?.reference === 'string') {
      await applyPaystackResult(request.ctx.em, event.data.reference, event.data, request.ctx.config);
    }
    const refundData = event.data as PaystackRefund | undefined;
    if (
      (event.event === 'refund.pending' || event.event === 'refund.processed' || event.event === 'refund.failed') &&
      typeof refundData?.transaction_reference === 'string' &&
      (typeof refundData.id === 'number' || typeof refundData.id === 'string') &&
      Number.isSafeInteger(refundData.amount)
    ) {
      await applyRefundWebhook(request.ctx.em, request.ctx.paystack(), event.event, refundData, {
        publicUrl: request.ctx.config.publicUrl,
        log: request.ctx.log,
      });
    }
    // Paystack only needs a 200; anything else makes it retry.
    response.json({ success: true });
  });
  return router;
}

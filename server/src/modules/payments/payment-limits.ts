import type { RequestContext } from '../../core/request-context';
import { RateLimit } from '../../shared/rate-limiter';

const oneHour = 60 * 60_000;

/**
 * Payments started (an M-Pesa prompt or a hosted payment page) per order, M-Pesa number, account and client IP,
 * an hour each, in PostgreSQL so every instance counts together (decision 0063). The defaults here are the
 * settings' (PAYMENT_PROMPTS_PER_*); the shop's configuration decides.
 */
export const paymentLimits = {
  perOrder: new RateLimit('payment-order', 5, oneHour, 'payment attempts for this order'),
  perPhone: new RateLimit('payment-phone', 5, oneHour, 'M-Pesa prompts to this number'),
  perAccount: new RateLimit('payment-account', 10, oneHour, 'payment attempts'),
  perIp: new RateLimit('payment-ip', 20, oneHour, 'payment attempts from this address'),
};

/**
 * Counts one payment start of the caller's before anything is written or Paystack is asked; throws
 * TOO_MANY_REQUESTS past a limit. The narrowest key first, so a script stopped on its own order stops spending its
 * address's allowance, which shoppers behind the same address share. The order's key includes the caller: nobody
 * else can use up the allowance of an order that is not theirs.
 */
export async function countPaymentStart(ctx: RequestContext, accountId: string, orderId: string): Promise<void> {
  const limits = ctx.config.paymentPrompts;
  await paymentLimits.perOrder.consume(ctx.em, `${accountId}:${orderId}`, limits.perOrder);
  await paymentLimits.perAccount.consume(ctx.em, accountId, limits.perAccount);
  await paymentLimits.perIp.consume(ctx.em, ctx.ip, limits.perIp);
}

/**
 * Counts one prompt to an M-Pesa number, only once the caller's order is known payable with no prompt open (just
 * before Paystack is asked): made-up or unpayable orders cannot use up a stranger's number.
 */
export async function countPromptToPhone(ctx: RequestContext, phone: string): Promise<void> {
  await paymentLimits.perPhone.consume(ctx.em, phone, ctx.config.paymentPrompts.perPhone);
}

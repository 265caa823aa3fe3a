import { randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { queuePaymentAfterCancelNotice, queuePaymentConfirmations } from '../notifications/notifications.service';
import type { LatePaymentCause } from '../notifications/emails/payment-after-cancel-email';
import { noShopAlerts, queueOwnerAlert } from '../notifications/owner-alerts';
import type { ShopSettings } from '../../config/config';
import { recordAdminNotification } from '../notifications/admin-notifications';
import { formatKsh, shillingsToCents } from '../../shared/money';
import { queryPrepared } from '../../shared/prepared-statements';
import { metricsOf } from '../../shared/shop-metrics';
import { AppError, FieldError } from '../../core/errors';
import { isUuid } from '../../shared/uuid';
import type { RequestContext } from '../../core/request-context';
import { randomToken } from '../../shared/secrets';
import { requireViewer } from '../accounts/guards';
import { Order, OrderStatus, PaymentMethod, PaymentStatus } from '../orders/order.entity';
import { loadOrder, releaseOrderStock } from '../orders/orders.service';
import { retakeOrderStock } from '../orders/stock';
import { paystackCustomerEmail, type PaystackTransaction } from './paystack-client';
import { countPaymentStart } from './payment-limits';
import { Transaction } from './transaction.entity';

export type PaymentOutcome = 'completed' | 'failed' | 'pending';

/** What starting a payment reads of an order. */
interface PayableOrder {
  id: string;
  total_cents: number;
  currency: string;
  payment_method: PaymentMethod;
  recipient_email: string;
  recipient_phone: string;
  payable: boolean;
}

/**
 * A payment arrived for an order whose reservation had already run out: take its stock again, all or
 * nothing, and put the order back to pending. False when the stock is no longer there.
 */
async function retakeStock(em: EntityManager, order: Order, lowStockThreshold: number): Promise<boolean> {
  if (!(await retakeOrderStock(em, order.id, lowStockThreshold)).taken) return false;
  order.stockReleasedAt = null;
  order.status = OrderStatus.PENDING;
  return true;
}

/**
 * Whether the order's cancellation was an admin's: its last recorded status change (only people's changes are
 * recorded) went to cancelled. An expired hold and a failed payment cancel without one.
 */
async function cancelledByAdmin(em: EntityManager, orderId: string): Promise<boolean> {
  const [last] = await em
    .getConnection()
    .execute<{ to_status: string }[]>(
      'select to_status from order_status_changes where order_id = ? order by changed_at desc, id desc limit 1',
      [orderId],
      'all',
      em.getTransactionContext(),
    );
  return last?.to_status === OrderStatus.CANCELLED;
}

/**
 * The lines a failed payment put back into the shopper's cart, taken out again once that order is paid after
 * all: quantities go down by the order's, rows that reach zero go. What else the shopper added stays.
 */
async function takeOrderBackOutOfCart(em: EntityManager, orderId: string): Promise<void> {
  await em.getConnection().execute(
    `with lines as (
       select o.user_id, oi.variant_id, oi.quantity from order_items oi join orders o on o.id = oi.order_id
        where oi.order_id = ?),
     emptied as (
       delete from cart_items c using lines l
        where c.user_id = l.user_id and c.variant_id = l.variant_id and c.quantity <= l.quantity)
     update cart_items c set quantity = c.quantity - l.quantity from lines l
      where c.user_id = l.user_id and c.variant_id = l.variant_id and c.quantity > l.quantity`,
    [orderId],
    'run',
    em.getTransactionContext(),
  );
}

/**
 * Applies what Paystack says about a transaction, once: the row is locked and only a pending
 * transaction changes. Paid only when the amount and currency match what the order asked for;
 * a mismatch is flagged and the order stays unpaid. A failed payment gives the stock back. A success that can no
 * longer pay its order (an admin cancelled it, or its hold ran out and the stock went) is recorded and flagged
 * "refund needed": the order stays cancelled, the owner is alerted and the shopper told the money comes back.
 */
export async function applyPaystackResult(
  em: EntityManager,
  reference: string,
  data: PaystackTransaction,
  settings: ShopSettings,
): Promise<{ outcome: PaymentOutcome }> {
  const { lowStockThreshold, publicUrl, shopAlerts: alerts = noShopAlerts } = settings;
  // What this call changed, counted once its transaction has committed (a repeat of a settled payment changes nothing).
  let settled = undefined as { outcome: 'completed' | 'failed'; channel: PaymentMethod } | undefined;
  // Stock that moves is announced by takeStock and releaseOrderStock, inside this transaction.
  const outcome = await em.transactional(async (trx): Promise<PaymentOutcome> => {
    const transaction = await trx.findOne(
      Transaction,
      { reference },
      { lockMode: LockMode.PESSIMISTIC_WRITE, populate: ['order'] },
    );
    if (!transaction) return 'failed';
    // A success can follow a failure Paystack reported earlier (money taken late): that must not be dropped.
    const lateSuccess =
      data.status === 'success' && transaction.status === PaymentStatus.FAILED && !transaction.flagReason;
    if (transaction.status !== PaymentStatus.PENDING && !lateSuccess)
      return transaction.status === PaymentStatus.COMPLETED ? 'completed' : 'failed';
    transaction.providerResponse = data;
    // The order row too: the reservation timer locks it (skip locked) before giving stock back.
    const order = await trx.findOneOrFail(
      Order,
      { id: transaction.order.id },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (data.status === 'success') {
      if (data.amount !== transaction.amountCents || data.currency !== transaction.currency) {
        settled = { outcome: 'failed', channel: transaction.method };
        transaction.status = PaymentStatus.FAILED;
        transaction.flagReason = `Paystack reported ${data.amount} ${data.currency}; the order asked for ${transaction.amountCents} ${transaction.currency}`;
        return 'failed';
      }
      transaction.status = PaymentStatus.COMPLETED;
      settled = { outcome: 'completed', channel: transaction.method };
      const refundDue = async (cause: LatePaymentCause, reason: string): Promise<PaymentOutcome> => {
        transaction.flagReason = reason;
        order.paymentStatus = PaymentStatus.COMPLETED;
        order.paidAt ??= new Date();
        recordAdminNotification(trx, {
          type: 'payment',
          title: 'Refund needed',
          text: `${formatKsh(transaction.amountCents)} for order ${order.id.slice(0, 8)}: ${reason}`,
          link: '/oxalis/orders',
        });
        await queueOwnerAlert(trx, alerts, publicUrl, { kind: 'refund-needed', order, reason });
        // The shopper hears that the money goes back, instead of a confirmation (decision 0065).
        await queuePaymentAfterCancelNotice(trx, order, transaction.amountCents, cause, publicUrl);
        return 'completed';
      };
      // Cancelled by a person: the shop has said no to this order and the shopper was told. A payment never takes
      // that back (issue 23): it is recorded and goes back. An order cancelled by its hold running out, or by a
      // failed payment, is still wanted by its shopper and is paid below (decisions 0014, 0054).
      if (order.status === OrderStatus.CANCELLED && (await cancelledByAdmin(trx, order.id)))
        return refundDue('cancelled', 'Paid after the order was cancelled: refund needed');
      if (order.paymentStatus === PaymentStatus.COMPLETED) {
        // Already paid through another transaction (two tabs, a retry): the second charge must go back.
        transaction.flagReason = 'Duplicate payment for an order already paid: refund needed';
        await queueOwnerAlert(trx, alerts, publicUrl, { kind: 'refund-needed', order, reason: transaction.flagReason });
        return 'completed';
      }
      // Paid after the hold ran out and the stock has gone since: money in, no goods.
      if (order.stockReleasedAt && !(await retakeStock(trx, order, lowStockThreshold)))
        return refundDue('sold-out', 'Paid after the reservation ran out and the stock had gone: refund needed');
      // A failure had cancelled the order and put its items back in the cart; a success now pays for them.
      if (order.paymentStatus === PaymentStatus.FAILED) await takeOrderBackOutOfCart(trx, order.id);
      recordAdminNotification(trx, {
        type: 'payment',
        title: 'Payment received',
        text: `${formatKsh(transaction.amountCents)} for order ${order.id.slice(0, 8)} (${transaction.method === PaymentMethod.CARD ? 'card' : order.paymentMethod === PaymentMethod.ON_DELIVERY ? 'M-Pesa at the door' : 'M-Pesa'})`,
        link: '/oxalis/transactions',
      });
      order.paymentStatus = PaymentStatus.COMPLETED;
      order.paidAt = new Date();
      // Sent by the notification worker, outside this request: a failing provider never touches the order.
      await queuePaymentConfirmations(trx, order, publicUrl);
      await queueOwnerAlert(trx, alerts, publicUrl, { kind: 'paid', order });
      return 'completed';
    }
    // 'abandoned' only means not finished yet: the reservation timer ends an order nobody pays.
    if (data.status === 'failed' || data.status === 'reversed') {
      transaction.status = PaymentStatus.FAILED;
      settled = { outcome: 'failed', channel: transaction.method };
      // Only a failure the order was waiting on ends it. An order an admin cancelled (or moved on unpaid) stays as
      // it is: its items do not come back into the cart, however late the reconciliation learns of the failure. An
      // order paid on delivery stays too: a prompt declined at the door is tried again, or the rider takes cash.
      if (
        order.paymentMethod !== PaymentMethod.ON_DELIVERY &&
        order.paymentStatus === PaymentStatus.PENDING &&
        order.status === OrderStatus.PENDING &&
        !order.stockReleasedAt
      ) {
        order.paymentStatus = PaymentStatus.FAILED;
        order.status = OrderStatus.CANCELLED;
        await releaseOrderStock(trx, [order.id]);
        // The shopper can try again: the order's items go back into their cart.
        await trx.getConnection().execute(
          `insert into cart_items (user_id, product_id, variant_id, quantity)
           select o.user_id, oi.product_id, oi.variant_id, oi.quantity from order_items oi join orders o on o.id = oi.order_id
           where oi.order_id = ? and oi.variant_id is not null
           on conflict (user_id, variant_id) do update set quantity = cart_items.quantity + excluded.quantity`,
          [order.id],
          'run',
          trx.getTransactionContext(),
        );
      }
      return 'failed';
    }
    return 'pending';
  });
  if (settled) metricsOf(em)?.paymentSettled(settled.outcome, settled.channel);
  return { outcome };
}

/** What a caller may say about the payment besides the order: the amount (shillings) and currency it expects. */
export interface ExpectedPayment {
  amount?: unknown;
  currency?: unknown;
}

const absent = (value: unknown) => value === undefined || value === null || value === '';

/** The expected amount in cents, or null when none was given; anything but shillings is refused. */
function expectedCents(expected: ExpectedPayment): number | null {
  if (!absent(expected.currency) && expected.currency !== 'KES')
    throw AppError.field('currency', 'INVALID', 'The shop charges in KES.');
  if (absent(expected.amount)) return null;
  const cents = shillingsToCents(expected.amount);
  if (cents === undefined || cents === 0)
    throw AppError.field('amount', 'INVALID', 'Send the amount in shillings, as the order total shows it (e.g. 7320).');
  return cents;
}

/** Why an amount is not the order's: its total, and a hint when the amount is that total in cents. */
function amountMismatch(askedCents: number, totalCents: number): AppError {
  const inCents = askedCents === totalCents * 100 ? ' The amount is in shillings, not cents.' : '';
  return AppError.field(
    'amount',
    'INVALID',
    `The amount ${formatKsh(askedCents)} is not the order's total, ${formatKsh(totalCents)}.${inCents}`,
  );
}

/**
 * The order a payment is for when the caller names none (the spec's body is {email, amount, currency}): the caller's
 * newest unpaid order whose total is the amount. One statement: that order, else the newest unpaid one, to say
 * why the amount does not fit.
 */
async function unpaidOrderOfAmount(ctx: RequestContext, userId: string, amountCents: number): Promise<string> {
  const [order] = await ctx.em.getConnection().execute<{ id: string; total_cents: number }[]>(
    `select id, total_cents from orders
      where user_id = ? and payment_status = ? and status = ? and stock_released_at is null
      order by total_cents = ? desc, created_at desc limit 1`,
    [userId, PaymentStatus.PENDING, OrderStatus.PENDING, amountCents],
    'all',
  );
  if (!order) {
    const message = 'You have no unpaid order to pay.';
    throw new AppError('NOT_FOUND', message, [FieldError.of('orderId', 'NOT_FOUND', message)]);
  }
  if (order.total_cents !== amountCents) throw amountMismatch(amountCents, order.total_cents);
  return order.id;
}

export const paymentsService = {
  /**
   * Starts a Paystack payment for the caller's unpaid order: the total in minor units, KES. The hosted page offers
   * the method the shopper chooses now (card after an M-Pesa prompt timed out), else the one the order was placed
   * with; the transaction records it, as an M-Pesa charge records its own. The amount charged is always the
   * order's total: an expected amount (shillings) that differs is refused, and without an order id it finds the
   * order (decision 0080).
   */
  async initialize(
    ctx: RequestContext,
    orderIdInput: unknown,
    methodInput?: unknown,
    expected: ExpectedPayment = {},
  ): Promise<{ authorizationUrl: string; reference: string }> {
    const viewer = requireViewer(ctx);
    const askedCents = expectedCents(expected);
    const orderId =
      absent(orderIdInput) && askedCents !== null
        ? await unpaidOrderOfAmount(ctx, viewer.id, askedCents)
        : orderIdInput;
    if (!isUuid(orderId)) throw AppError.notFound('Order not found');
    const methods: unknown[] = Object.values(PaymentMethod);
    if (methodInput !== undefined && methodInput !== null && !methods.includes(methodInput))
      throw AppError.field('method', 'INVALID', 'Choose card or M-Pesa.');
    const method = (methodInput ?? null) as PaymentMethod | null;
    // Counted with the M-Pesa prompts (decision 0063): each start costs a Paystack call and a transaction.
    await countPaymentStart(ctx, viewer.id, orderId);
    const reference = `MK-${randomToken(12)}`;
    const transactionId = randomUUID();
    // One statement: the caller's order, and its pending transaction when it can still be paid (for the amount the
    // caller expects, when it says one).
    const [order] = await queryPrepared<PayableOrder>(
      ctx.em,
      `with found as (
         -- An order paid on delivery paid ahead through Paystack is paid by M-Pesa: on_delivery is cash at the door.
         select id, total_cents, currency,
                coalesce(?::text, case when payment_method = 'on_delivery' then 'mpesa' else payment_method end)
                  as payment_method, recipient_email, recipient_phone,
                payment_status = ? and stock_released_at is null as payable
           from orders where id = ? and user_id = ?),
       started as (
         insert into transactions (id, order_id, reference, amount_cents, currency, method)
         select ?::uuid, id, ?::text, total_cents, currency, payment_method from found
          where payable and (?::bigint is null or total_cents = ?::bigint))
       select id, total_cents, currency, payment_method, recipient_email, recipient_phone, payable from found`,
      [method, PaymentStatus.PENDING, orderId, viewer.id, transactionId, reference, askedCents, askedCents],
    );
    if (!order) throw AppError.notFound('Order not found');
    if (!order.payable) throw AppError.field('orderId', 'NOT_PAYABLE', 'This order can no longer be paid.');
    if (askedCents !== null && order.total_cents !== askedCents) throw amountMismatch(askedCents, order.total_cents);
    try {
      const answer = await ctx.paystack().initialize({
        email: paystackCustomerEmail(order.recipient_email, order.recipient_phone, ctx.config.mail.from),
        amount: order.total_cents,
        currency: order.currency,
        reference,
        callback_url: `${ctx.config.publicUrl}/checkout/callback`,
        channels: order.payment_method === PaymentMethod.CARD ? ['card'] : ['mobile_money'],
        metadata: { order_id: order.id },
      });
      if (!answer.authorization_url) throw new Error('no authorization_url');
      return { authorizationUrl: answer.authorization_url, reference };
    } catch (error) {
      ctx.log.error({ err: error, reference }, 'Paystack initialize failed');
      await ctx.em.nativeUpdate(Transaction, { id: transactionId }, { status: PaymentStatus.FAILED });
      throw new AppError('INTERNAL', 'Payment initialization failed');
    }
  },

  /** Asks Paystack how a payment of the caller's ended (the return to /checkout/callback). */
  async verify(ctx: RequestContext, reference: unknown): Promise<{ outcome: PaymentOutcome; order: Order }> {
    const viewer = requireViewer(ctx);
    const transaction =
      typeof reference === 'string' ? await ctx.em.findOne(Transaction, { reference }, { populate: ['order'] }) : null;
    if (!transaction || transaction.order.user.id !== viewer.id) throw AppError.notFound('Payment not found');
    let outcome: PaymentOutcome;
    if (transaction.status === PaymentStatus.PENDING) {
      const data = await ctx.paystack().verify(transaction.reference);
      const applied = await applyPaystackResult(ctx.em, transaction.reference, data, ctx.config);
      outcome = applied.outcome;
    } else {
      outcome = transaction.status === PaymentStatus.COMPLETED ? 'completed' : 'failed';
    }
    // The transaction above changed the order's row behind this context's loaded copy.
    return { outcome, order: await loadOrder(ctx.em, transaction.order.id, { refresh: true }) };
  },
};

import { randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import { formatKsh } from '../../shared/money';
import type { Page } from '../../shared/pagination';
import { isUuid } from '../../shared/uuid';
import { requireAdmin, requireViewer } from '../accounts/guards';
import { UserRole } from '../accounts/user.entity';
import { recordAdminNotification } from '../notifications/admin-notifications';
import { queueRefundNotifications } from '../notifications/notifications.service';
import { Order, PaymentStatus } from '../orders/order.entity';
import { releaseOrderStock } from '../orders/orders.service';
import { PaystackRefusal, type PaystackRefund } from './paystack-client';
import { Refund, RefundStatus } from './refund.entity';
import { Transaction } from './transaction.entity';

export interface RefundInput {
  orderId: unknown;
  /** Absent: everything still refundable on the payment. */
  amountCents?: unknown;
  reason: unknown;
  restock?: unknown;
  /** The flagged extra payment ("refund needed": late or double) rather than the one that paid the order. */
  extraPayment?: unknown;
}

/** A refund row as the reservation statement returns it. */
interface Reserved {
  id: string;
  amount_cents: number;
  reference: string;
}

const maxReasonLength = 500;

function parseInput(input: RefundInput) {
  if (!isUuid(input.orderId)) throw AppError.notFound('Order not found');
  const reason = typeof input.reason === 'string' ? input.reason.trim() : '';
  if (!reason) throw AppError.field('reason', 'REQUIRED', 'Say why the money goes back.');
  if (reason.length > maxReasonLength)
    throw AppError.field('reason', 'TOO_LONG', `The reason can be at most ${maxReasonLength} characters.`);
  const amount = input.amountCents;
  if (amount !== undefined && amount !== null && !(Number.isSafeInteger(amount) && (amount as number) > 0))
    throw AppError.field('amountCents', 'INVALID', 'The amount must be a whole number of cents above zero.');
  return {
    orderId: input.orderId,
    amountCents: (amount ?? null) as number | null,
    reason,
    restock: input.restock === true,
    extraPayment: input.extraPayment === true,
  };
}

/**
 * Reserves a refund under the payment's row lock: the lock queues parallel refunds of one payment, and the sum
 * is read by a later statement (a fresh snapshot under read committed), so each sees the ones committed before
 * it. Nothing is inserted when the amount is above what is left. Two statements, one transaction.
 */
async function reserveRefund(
  em: EntityManager,
  input: ReturnType<typeof parseInput>,
  adminId: string,
): Promise<Reserved> {
  return em.transactional(async (trx) => {
    const connection = trx.getConnection();
    const context = trx.getTransactionContext();
    const [payment] = await connection.execute<{ id: string; amount_cents: number; reference: string }[]>(
      `select id, amount_cents, reference from transactions
        where order_id = ? and status = ? and (not ? or flag_reason is not null)
        order by flag_reason is not null, created_at limit 1 for update`,
      [input.orderId, PaymentStatus.COMPLETED, input.extraPayment],
      'all',
      context,
    );
    if (!payment) {
      const [order] = await connection.execute<{ id: string }[]>(
        'select id from orders where id = ?',
        [input.orderId],
        'all',
        context,
      );
      if (!order) throw AppError.notFound('Order not found');
      throw AppError.field('orderId', 'NOT_REFUNDABLE', 'This order has no payment to refund.');
    }
    const [reserved] = await connection.execute<Reserved[]>(
      `with left_over as (
         select ?::int - coalesce(sum(amount_cents), 0)::int as remaining from refunds
          where transaction_id = ? and status <> ?),
       asked as (select coalesce(?::int, remaining) as amount from left_over
          where coalesce(?::int, remaining) between 1 and remaining)
       insert into refunds (id, order_id, transaction_id, amount_cents, reason, restock, created_by_id)
       select ?, ?, ?, amount, ?, ?, ? from asked
       returning id, amount_cents, ?::text as reference`,
      [
        payment.amount_cents,
        payment.id,
        RefundStatus.FAILED,
        input.amountCents,
        input.amountCents,
        randomUUID(),
        input.orderId,
        payment.id,
        input.reason,
        input.restock,
        adminId,
        payment.reference,
      ],
      'all',
      context,
    );
    if (!reserved) {
      throw AppError.field(
        'amountCents',
        'REFUND_TOO_LARGE',
        input.amountCents === null
          ? 'This payment has been refunded in full.'
          : 'The refund is more than what is left of the payment.',
      );
    }
    return reserved;
  });
}

/**
 * Paystack's refund events. The webhook can come before Paystack's answer to POST /refund (the stand-in sends
 * it while answering), so a refund not yet known by Paystack's id is matched to a pending one of the same payment
 * and amount without one. Processed: the order counts the money back, the shopper is told (e-mail and SMS, once),
 * the stock goes back when the admin asked. Failed: the reservation is freed. The same event twice changes nothing.
 */
export async function applyRefundEvent(
  em: EntityManager,
  event: string,
  data: PaystackRefund,
  publicUrl: string,
): Promise<void> {
  const outcome =
    event === 'refund.processed' ? RefundStatus.PROCESSED : event === 'refund.failed' ? RefundStatus.FAILED : null;
  const paystackId = String(data.id);
  await em.transactional(async (trx) => {
    const payment =
      typeof data.transaction_reference === 'string'
        ? await trx.findOne(
            Transaction,
            { reference: data.transaction_reference },
            { lockMode: LockMode.PESSIMISTIC_WRITE },
          )
        : null;
    if (!payment) return;
    const refund =
      (await trx.findOne(Refund, { paystackRefundId: paystackId, transaction: payment.id })) ??
      (await trx.findOne(
        Refund,
        {
          transaction: payment.id,
          amountCents: data.amount,
          status: RefundStatus.PENDING,
          paystackRefundId: null,
        },
        { orderBy: { createdAt: 'asc' } },
      ));
    if (!refund) return;
    refund.paystackRefundId = paystackId;
    if (!outcome || refund.status !== RefundStatus.PENDING) return;
    refund.status = outcome;
    if (outcome === RefundStatus.FAILED) {
      recordAdminNotification(trx, {
        type: 'payment',
        title: 'Refund failed',
        text: `${formatKsh(refund.amountCents)} for order ${refund.order.id.slice(0, 8)}: Paystack could not send it back`,
        link: '/oxalis/orders',
      });
      return;
    }
    const order = await trx.findOneOrFail(Order, { id: refund.order.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    order.refundedCents += refund.amountCents;
    await queueRefundNotifications(trx, order, refund.amountCents, publicUrl);
    // Released once whatever asks: releaseOrderStock skips an order whose stock already went back.
    if (refund.restock) await releaseOrderStock(trx, [order.id]);
  });
}

export const refundsService = {
  /** An admin sends money of a paid order back through Paystack, in full or in part. */
  async refundOrder(ctx: RequestContext, raw: RefundInput): Promise<Refund> {
    const admin = requireAdmin(ctx);
    const input = parseInput(raw);
    const reserved = await reserveRefund(ctx.em, input, admin.id);
    try {
      const answer = await ctx.paystack().refund({
        transaction: reserved.reference,
        amount: reserved.amount_cents,
        merchant_note: input.reason,
      });
      // The webhook may have named it already (and even this id, on a twin refund of the same amount).
      await ctx.em.getConnection().execute(
        `update refunds set paystack_refund_id = ?, updated_at = now()
          where id = ? and paystack_refund_id is null
            and not exists (select 1 from refunds where paystack_refund_id = ?)`,
        [String(answer.id), reserved.id, String(answer.id)],
        'run',
      );
    } catch (error) {
      if (!(error instanceof PaystackRefusal)) {
        // The answer was lost (timeout, network, 5xx): the money may have gone out. The refund stays pending and
        // its amount reserved until a webhook or the reconciliation job (GET /refund) says what became of it.
        ctx.log.warn({ err: error, refundId: reserved.id }, 'Paystack refund answer lost: awaiting Paystack');
        return ctx.em.findOneOrFail(Refund, { id: reserved.id }, { refresh: true });
      }
      ctx.log.error({ err: error, refundId: reserved.id }, 'Paystack refused the refund');
      // Frees the reservation, unless a webhook has already said what became of it.
      await ctx.em.nativeUpdate(
        Refund,
        { id: reserved.id, status: RefundStatus.PENDING, paystackRefundId: null },
        { status: RefundStatus.FAILED },
      );
      throw AppError.field('orderId', 'REFUND_FAILED', 'Paystack did not accept the refund. Nothing was refunded.');
    }
    return ctx.em.findOneOrFail(Refund, { id: reserved.id }, { refresh: true });
  },

  /** An order's refunds, newest first, one page in one statement (admins, or the shopper who placed it). */
  async listForOrder(ctx: RequestContext, orderId: unknown, page: Page): Promise<Refund[]> {
    const viewer = requireViewer(ctx);
    if (!isUuid(orderId)) throw AppError.notFound('Order not found');
    return ctx.em.find(
      Refund,
      viewer.role === UserRole.ADMIN ? { order: orderId } : { order: { id: orderId, user: viewer.id } },
      { orderBy: { createdAt: 'desc', id: 'asc' }, limit: page.limit, offset: page.offset },
    );
  },
};

import { randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { AppError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import { formatKsh } from '../../shared/money';
import type { Page } from '../../shared/pagination';
import { isUuid } from '../../shared/uuid';
import { Permission, requirePermission, requireViewer, rolePermissions } from '../accounts/guards';
import { recordAudit } from '../audit/audit-log';
import { recordAdminNotification } from '../notifications/admin-notifications';
import { queueRefundNotifications } from '../notifications/notifications.service';
import { Order, PaymentMethod, PaymentStatus } from '../orders/order.entity';
import { releaseOrderStock } from '../orders/orders.service';
import { PaystackRefusal, paystackTimeoutMs, type PaystackClient, type PaystackRefund } from './paystack-client';
import { refundableCents, refundAmount } from './refundable-amount';
import { releasedRefundStatuses, Refund, RefundStatus } from './refund.entity';
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
 * it. Nothing is inserted when the amount is above what is left (refundable-amount.ts decides). Three statements,
 * one transaction.
 */
async function reserveRefund(
  em: EntityManager,
  input: ReturnType<typeof parseInput>,
  adminId: string,
  /** Records the reservation in the audit log, in its transaction. */
  audit: (trx: EntityManager, reserved: Reserved, paymentId: string) => void,
): Promise<Reserved> {
  return em.transactional(async (trx) => {
    const connection = trx.getConnection();
    const context = trx.getTransactionContext();
    const [payment] = await connection.execute<{ id: string; amount_cents: number; reference: string }[]>(
      `select id, amount_cents, reference from transactions
        where order_id = ? and status = ? and (not ? or flag_reason is not null) and method <> ?
        order by flag_reason is not null, created_at limit 1 for update`,
      // Cash taken at the door goes back in cash, by hand: Paystack never had it.
      [input.orderId, PaymentStatus.COMPLETED, input.extraPayment, PaymentMethod.ON_DELIVERY],
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
    // Read under the payment's lock: every refund committed before this one is counted.
    const [sum] = await connection.execute<{ reserved_cents: number }[]>(
      `select coalesce(sum(amount_cents), 0)::int as reserved_cents from refunds
        where transaction_id = ? and status <> all(?::text[])`,
      [payment.id, `{${releasedRefundStatuses.join(',')}}`],
      'all',
      context,
    );
    const amount = refundAmount(input.amountCents, payment.amount_cents, sum?.reserved_cents ?? 0);
    if ('refused' in amount) {
      throw AppError.field(
        'amountCents',
        'REFUND_TOO_LARGE',
        amount.refused === 'fullyRefunded'
          ? 'This payment has been refunded in full.'
          : 'The refund is more than what is left of the payment.',
      );
    }
    const reserved: Reserved = { id: randomUUID(), amount_cents: amount.cents, reference: payment.reference };
    await connection.execute(
      `insert into refunds (id, order_id, transaction_id, amount_cents, reason, restock, created_by_id)
       values (?, ?, ?, ?, ?, ?, ?)`,
      [reserved.id, input.orderId, payment.id, amount.cents, input.reason, input.restock, adminId],
      'run',
      context,
    );
    audit(trx, reserved, payment.id);
    return reserved;
  });
}

/** How the merchant note of every refund we send starts: our refund's id, so Paystack's refund names ours. */
const notePrefix = 'Manukato refund ';

/** The merchant note POST /refund carries: our refund's id first (Paystack keeps the note), then the reason. */
export function refundNote(refundId: string, reason: string): string {
  return `${notePrefix}${refundId}: ${reason}`;
}

/** Our refund's id in a Paystack refund's merchant note, or null when the note is not one refundOrder wrote. */
export function refundIdInNote(note: unknown): string | null {
  if (typeof note !== 'string' || !note.startsWith(notePrefix)) return null;
  const id = note.slice(notePrefix.length, notePrefix.length + 36);
  return isUuid(id) && note.charAt(notePrefix.length + 36) === ':' ? id.toLowerCase() : null;
}

/**
 * A POST /refund reserved this long ago has ended on the instance that sent it, whatever became of that instance:
 * the client's whole-call limit and a margin for clocks. A refund Paystack does not list by then never reached it.
 */
export const refundSendWindowMs = paystackTimeoutMs + 45_000;

/**
 * Which of our refunds a Paystack refund is, under the payment's row lock: the one Paystack's id is already on; else
 * the one its merchant note names (exact: every refund since decision 0065 sends its id); else, for a refund whose
 * note is not ours (made on Paystack's dashboard, or sent before notes named refunds), the only refund of that
 * payment and amount still waiting for an id. 'ask' when the data carries no note (a webhook) and that is not
 * unambiguous: Paystack's own copy of the refund says whose it is.
 */
async function refundOf(em: EntityManager, paymentId: string, data: PaystackRefund): Promise<Refund | null | 'ask'> {
  const named = await em.findOne(Refund, { paystackRefundId: String(data.id), transaction: paymentId });
  if (named) return named;
  const tagged = refundIdInNote(data.merchant_note);
  if (tagged) return em.findOne(Refund, { id: tagged, transaction: paymentId, paystackRefundId: null });
  const waiting = await em.find(
    Refund,
    { transaction: paymentId, amountCents: data.amount, status: RefundStatus.PENDING, paystackRefundId: null },
    { limit: 2 },
  );
  if (waiting.length === 1) return waiting[0]!;
  return typeof data.merchant_note === 'string' ? null : 'ask';
}

/**
 * Paystack's word on a refund: an event (the webhook, or a listing or fetch by the reconciliation, as its event)
 * applied once. Matched by refundOf. Processed: the order counts the money back, the shopper is told (e-mail and SMS,
 * once), the stock goes back when the admin asked. Failed: the reservation is freed. A refund released as not sent
 * that Paystack reports after all (its request arrived late) is pending again. The same event twice changes nothing.
 * 'ask' when the data cannot say which refund it is (see applyRefundWebhook).
 */
export async function applyRefundEvent(
  em: EntityManager,
  event: string,
  data: PaystackRefund,
  publicUrl: string,
): Promise<'applied' | 'not ours' | 'ask'> {
  const outcome =
    event === 'refund.processed' ? RefundStatus.PROCESSED : event === 'refund.failed' ? RefundStatus.FAILED : null;
  return em.transactional(async (trx) => {
    const payment =
      typeof data.transaction_reference === 'string'
        ? await trx.findOne(
            Transaction,
            { reference: data.transaction_reference },
            { lockMode: LockMode.PESSIMISTIC_WRITE },
          )
        : null;
    if (!payment) return 'not ours';
    const refund = await refundOf(trx, payment.id, data);
    if (refund === 'ask') return 'ask';
    if (!refund) return 'not ours';
    refund.paystackRefundId = String(data.id);
    if (refund.status === RefundStatus.NOT_SENT) {
      refund.status = RefundStatus.PENDING;
      noticeRefundReachedLate(trx, refund.amountCents, refund.order.id);
    }
    if (!outcome || refund.status !== RefundStatus.PENDING) return 'applied';
    refund.status = outcome;
    if (outcome === RefundStatus.FAILED) {
      recordAdminNotification(trx, {
        type: 'payment',
        title: 'Refund failed',
        text: `${formatKsh(refund.amountCents)} for order ${refund.order.id.slice(0, 8)}: Paystack could not send it back`,
        link: '/oxalis/orders',
      });
      return 'applied';
    }
    const order = await trx.findOneOrFail(Order, { id: refund.order.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    order.refundedCents += refund.amountCents;
    await queueRefundNotifications(trx, order, refund.amountCents, publicUrl);
    // Released once whatever asks: releaseOrderStock skips an order whose stock already went back.
    if (refund.restock) await releaseOrderStock(trx, [order.id]);
    return 'applied';
  });
}

/**
 * A refund.* webhook. Paystack's webhook carries no merchant note, and it can come before Paystack's answer to
 * POST /refund (the stand-in sends it while answering): when several refunds of that payment and amount wait for
 * their id, Paystack's own copy (GET /refund/:id, which carries the note) says which one it is. Paystack down: left
 * to the answer or the reconciliation.
 */
export async function applyRefundWebhook(
  em: EntityManager,
  paystack: PaystackClient,
  event: string,
  data: PaystackRefund,
  options: { publicUrl: string; log: Logger },
): Promise<void> {
  if ((await applyRefundEvent(em, event, data, options.publicUrl)) !== 'ask') return;
  try {
    const copy = await paystack.fetchRefund(String(data.id));
    await applyRefundEvent(
      em,
      event,
      { ...data, merchant_note: typeof copy.merchant_note === 'string' ? copy.merchant_note : null },
      options.publicUrl,
    );
  } catch (error) {
    options.log.warn({ err: error, paystackRefundId: data.id }, 'could not ask Paystack whose refund this is');
  }
}

/**
 * Releases a refund Paystack never received (decision 0065): still pending with no Paystack id, reserved longer ago
 * than a POST /refund can last, and absent from Paystack's list of the payment's refunds (`listed`, read after that
 * time) — neither named by its note, nor possibly it among refunds whose notes are not ours and that no refund of
 * ours owns. Under the payment's row lock, as the events are applied. Its amount is free again; admins are told.
 */
export async function releaseUnsentRefund(
  em: EntityManager,
  refundId: string,
  listed: readonly PaystackRefund[],
  now: Date,
): Promise<boolean> {
  return em.transactional(async (trx) => {
    const refund = await trx.findOne(Refund, { id: refundId });
    if (!refund) return false;
    await trx.findOne(Transaction, { id: refund.transaction.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    await trx.refresh(refund);
    if (
      refund.status !== RefundStatus.PENDING ||
      refund.paystackRefundId !== null ||
      refund.createdAt.getTime() > now.getTime() - refundSendWindowMs ||
      listed.some((answer) => refundIdInNote(answer.merchant_note) === refund.id)
    )
      return false;
    const foreign = listed.filter(
      (answer) => !refundIdInNote(answer.merchant_note) && Number(answer.amount) === refund.amountCents,
    );
    if (foreign.length > 0) {
      const owned = await trx.count(Refund, { paystackRefundId: { $in: foreign.map((answer) => String(answer.id)) } });
      // One of them may be this refund, sent before notes named refunds: never released on a guess.
      if (owned < foreign.length) return false;
    }
    refund.status = RefundStatus.NOT_SENT;
    recordAdminNotification(trx, {
      type: 'payment',
      title: 'Refund not sent',
      text: `${formatKsh(refund.amountCents)} for order ${refund.order.id.slice(0, 8)} never reached Paystack: nothing was refunded, and it can be refunded again`,
      link: '/oxalis/orders',
    });
    return true;
  });
}

/** Tells the admins that a refund released as not sent reached Paystack after all (it is pending again). */
function noticeRefundReachedLate(em: EntityManager, amountCents: number, orderId: string): void {
  recordAdminNotification(em, {
    type: 'payment',
    title: 'Refund reached Paystack late',
    text: `${formatKsh(amountCents)} for order ${orderId.slice(0, 8)} had been marked not sent; Paystack has it after all`,
    link: '/oxalis/orders',
  });
}

/**
 * Whether a reserved refund may still go to Paystack: pending, not yet named by Paystack, and young enough that
 * its POST ends inside refundSendWindowMs, before any reconciliation may release it as not sent.
 */
async function stillSendable(em: EntityManager, refundId: string): Promise<boolean> {
  const rows = await em.getConnection().execute<{ id: string }[]>(
    `update refunds set updated_at = now()
      where id = ? and status = ? and paystack_refund_id is null
        and created_at > now() - make_interval(secs => ?)
      returning id`,
    [refundId, RefundStatus.PENDING, (refundSendWindowMs - paystackTimeoutMs) / 1000],
    'all',
  );
  return rows.length > 0;
}

/**
 * Paystack's id on the refund, unless a webhook named it already. Released as not sent meanwhile (a process frozen
 * past the send window): Paystack has it, so it is pending again, and the admin is told, as the webhook's path does.
 */
async function recordSent(em: EntityManager, refundId: string, paystackRefundId: string): Promise<void> {
  await em.transactional(async (trx) => {
    const [row] = await trx.getConnection().execute<{ was: string; order_id: string; amount_cents: number }[]>(
      `with before as (select status from refunds where id = ? for update)
       update refunds set paystack_refund_id = ?, updated_at = now(),
              status = case when status = ? then ? else status end
        where id = ? and paystack_refund_id is null
          and not exists (select 1 from refunds where paystack_refund_id = ?)
       returning (select status from before) as was, order_id, amount_cents`,
      [refundId, paystackRefundId, RefundStatus.NOT_SENT, RefundStatus.PENDING, refundId, paystackRefundId],
      'all',
      trx.getTransactionContext(),
    );
    if (row?.was === RefundStatus.NOT_SENT) {
      noticeRefundReachedLate(trx, row.amount_cents, row.order_id);
    }
  });
}

export const refundsService = {
  /** An admin sends money of a paid order back through Paystack, in full or in part. */
  async refundOrder(ctx: RequestContext, raw: RefundInput): Promise<Refund> {
    const admin = requirePermission(ctx, Permission.REFUNDS);
    const input = parseInput(raw);
    const reserved = await reserveRefund(ctx.em, input, admin.id, (trx, { id, amount_cents }, paymentId) =>
      recordAudit(ctx, trx, {
        action: 'refundOrder',
        targetType: 'order',
        targetId: input.orderId,
        after: {
          refundId: id,
          paymentId,
          amountCents: amount_cents,
          reason: input.reason,
          restock: input.restock,
          extraPayment: input.extraPayment,
        },
      }),
    );
    // Released meanwhile (this process froze past the send window and another instance found nothing at
    // Paystack): sent now, it would refund money the shop's books no longer reserve.
    if (!(await stillSendable(ctx.em, reserved.id))) {
      throw AppError.field('orderId', 'REFUND_FAILED', 'The refund took too long to start. Nothing was refunded.');
    }
    try {
      const answer = await ctx.paystack().refund({
        transaction: reserved.reference,
        amount: reserved.amount_cents,
        // Our id in the note: Paystack keeps it, so its list of the payment's refunds names this one exactly.
        merchant_note: refundNote(reserved.id, input.reason),
      });
      await recordSent(ctx.em, reserved.id, String(answer.id));
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
  /**
   * What a refund of the order's paying payment may still take (refundable-amount.ts): its amount less its live
   * refunds, pending ones included; 0 with no payment to refund. The refund dialog proposes this; refundOrder
   * decides again under the payment's lock. One statement.
   */
  async refundableCents(ctx: RequestContext, orderId: unknown): Promise<number> {
    requirePermission(ctx, Permission.REFUNDS);
    if (!isUuid(orderId)) throw AppError.notFound('Order not found');
    const [row] = await ctx.em
      .getConnection()
      .execute<{ found: boolean; amount_cents: number | null; reserved_cents: number }[]>(
        `select o.id is not null as found, payment.amount_cents,
              coalesce((select sum(r.amount_cents) from refunds r
                         where r.transaction_id = payment.id and r.status <> all(?::text[])), 0)::int as reserved_cents
         from (select 1) one
         left join orders o on o.id = ?
         left join lateral (select t.id, t.amount_cents from transactions t
                             where t.order_id = o.id and t.status = ? and t.method <> ?
                             order by t.flag_reason is not null, t.created_at limit 1) payment on true`,
        [`{${releasedRefundStatuses.join(',')}}`, orderId, PaymentStatus.COMPLETED, PaymentMethod.ON_DELIVERY],
      );
    if (!row?.found) throw AppError.notFound('Order not found');
    return row.amount_cents === null ? 0 : refundableCents(row.amount_cents, row.reserved_cents);
  },

  async listForOrder(ctx: RequestContext, orderId: unknown, page: Page): Promise<Refund[]> {
    const viewer = requireViewer(ctx);
    if (!isUuid(orderId)) throw AppError.notFound('Order not found');
    return ctx.em.find(
      Refund,
      // The team sees every order's refunds (staff too: they answer the shopper); a shopper only their own.
      rolePermissions(viewer.role).includes(Permission.ORDERS)
        ? { order: orderId }
        : { order: { id: orderId, user: viewer.id } },
      { orderBy: { createdAt: 'desc', id: 'asc' }, limit: page.limit, offset: page.offset },
    );
  },
};

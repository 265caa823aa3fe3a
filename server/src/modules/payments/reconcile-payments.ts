import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { OrderStatus, PaymentStatus } from '../orders/order.entity';
import type { ShopSettings } from '../../config/config';
import { applyPaystackResult } from './payments.service';
import type { PaystackClient, PaystackRefund } from './paystack-client';
import { Refund, RefundStatus } from './refund.entity';
import { applyRefundEvent, releaseUnsentRefund } from './refunds.service';

/**
 * How long after it started a payment whose order no longer waits for it is still asked about. An M-Pesa prompt
 * is answered or times out on the phone within minutes, and a hosted card page is finished in one sitting; a day
 * covers both with a wide margin, and Paystack itself keeps retrying a webhook it could not deliver for 72 hours.
 */
export const LATE_PAYMENT_WINDOW_MS = 24 * 60 * 60_000;

/** A payment settled here queues the messages and owner alerts the webhook's would (ShopSettings). */
export interface ReconcileOptions extends ShopSettings {
  /** A payment this old without a webhook is asked about (Paystack's webhook usually comes within seconds). */
  olderThanMs?: number;
  /** Asked again at most this often while it stays pending. */
  everyMs?: number;
  /** A payment whose order no longer waits for it is asked about until it is this old (LATE_PAYMENT_WINDOW_MS). */
  lateForMs?: number;
  batch?: number;
  /**
   * How many of those a round asks about: few, after the others, so a Paystack that hangs (15 s a call) delays the
   * reservation timer's round by minutes at most.
   */
  lateBatch?: number;
  now?: Date;
  log?: Logger;
}

/** One round's claim settings, defaults applied. */
type Claim = Required<Pick<ReconcileOptions, 'olderThanMs' | 'everyMs' | 'lateForMs' | 'batch' | 'lateBatch' | 'now'>>;

/**
 * Pending payments whose order still holds its stock for them, unpaid: older than olderThanMs and not asked within
 * everyMs, or whose hold ends this round (asked now, whatever the last check, before the timer gives the stock
 * back). Claimed by stamping checked_at (skip locked), so instances never claim one payment in the same round.
 */
async function claimWaitedFor(em: EntityManager, { olderThanMs, everyMs, batch, now }: Claim): Promise<string[]> {
  const claimed = await em.getConnection().execute<{ reference: string }[]>(
    `update transactions t set checked_at = ?
      where t.id in (
        select t2.id from transactions t2 join orders o on o.id = t2.order_id
         where t2.status = ? and o.stock_released_at is null and o.status = ? and o.payment_status <> ?
           and ((t2.created_at < ? and (t2.checked_at is null or t2.checked_at < ?))
                -- the hold ends this round: ask now, whatever the last check
                or (o.reserved_until < ? and (t2.checked_at is null or t2.checked_at < ?)))
         order by t2.created_at limit ? for update of t2 skip locked)
      returning t.reference`,
    [
      now,
      PaymentStatus.PENDING,
      OrderStatus.PENDING,
      PaymentStatus.COMPLETED,
      new Date(now.getTime() - olderThanMs),
      new Date(now.getTime() - everyMs),
      now,
      now,
      batch,
    ],
    'all',
  );
  return claimed.map((row) => row.reference);
}

/**
 * Pending payments whose order no longer waits for them (an admin cancelled it while the prompt or the hosted page
 * was open, its hold ran out, or another payment paid it), started less than lateForMs ago: a success can still
 * come, and with its webhook lost nobody would learn of money taken. Asked at most every everyMs and less often as
 * they age (after a quarter of the age they had at the last check: about 30 times in a day), so the card pages
 * shoppers abandon cost Paystack a few calls each, not one a minute. The most overdue first; claimed the same way.
 */
async function claimNoLongerWaitedFor(
  em: EntityManager,
  { olderThanMs, everyMs, lateForMs, lateBatch, now }: Claim,
): Promise<string[]> {
  const claimed = await em.getConnection().execute<{ reference: string }[]>(
    `update transactions t set checked_at = ?
      where t.id in (
        select t2.id from transactions t2 join orders o on o.id = t2.order_id
         where t2.status = ? and t2.created_at < ? and t2.created_at > ?
           and not (o.stock_released_at is null and o.status = ? and o.payment_status <> ?)
           and (t2.checked_at is null
                or t2.checked_at + greatest(make_interval(secs => ?), (t2.checked_at - t2.created_at) / 4) <= ?)
         order by coalesce(t2.checked_at, t2.created_at) limit ? for update of t2 skip locked)
      returning t.reference`,
    [
      now,
      PaymentStatus.PENDING,
      new Date(now.getTime() - olderThanMs),
      new Date(now.getTime() - lateForMs),
      OrderStatus.PENDING,
      PaymentStatus.COMPLETED,
      everyMs / 1000,
      now,
      lateBatch,
    ],
    'all',
  );
  return claimed.map((row) => row.reference);
}

/**
 * A lost webhook must not lose a payment: pending payments older than a few minutes are verified with Paystack
 * and the answer applied as the webhook's would be (applyPaystackResult, which changes a payment once however often
 * it is applied). First those whose order still holds its stock (runs before the reservation timer gives stock
 * back), then, for a day, those whose order no longer waits for them: a success for an order an admin cancelled is
 * flagged for a refund and the shopper told (decision 0065), one after the hold ran out pays the order if the stock
 * is still there (0014). Safe with several instances: each claims its rows with one conditional update (skip
 * locked), so two instances never ask about one payment in the same round.
 */
export async function reconcilePendingPayments(
  em: EntityManager,
  paystack: PaystackClient,
  options: ReconcileOptions,
): Promise<number> {
  const claim: Claim = {
    olderThanMs: options.olderThanMs ?? 3 * 60_000,
    everyMs: options.everyMs ?? 60_000,
    lateForMs: options.lateForMs ?? LATE_PAYMENT_WINDOW_MS,
    batch: options.batch ?? 20,
    lateBatch: options.lateBatch ?? 10,
    now: options.now ?? new Date(),
  };
  // The payments a hold waits on first: the reservation timer runs after this round.
  let applied = await verifyAndApply(em, paystack, await claimWaitedFor(em, claim), options);
  applied += await verifyAndApply(em, paystack, await claimNoLongerWaitedFor(em, claim), options);
  return applied;
}

/** Asks Paystack about each claimed payment and applies the answer as the webhook would; how many ended. */
async function verifyAndApply(
  em: EntityManager,
  paystack: PaystackClient,
  references: string[],
  options: ReconcileOptions,
): Promise<number> {
  let applied = 0;
  for (const reference of references) {
    try {
      const data = await paystack.verify(reference);
      const { outcome } = await applyPaystackResult(em.fork(), reference, data, options);
      if (outcome !== 'pending') applied += 1;
    } catch (error) {
      // Unknown to Paystack (never initialised there) or Paystack down: asked again next round.
      options.log?.warn({ err: error, reference }, 'could not verify a pending payment');
    }
  }
  return applied;
}

/**
 * Paystack's numeric id for a payment, which its refund list filters by: the one its last answer about the payment
 * carried (verify, charge or webhook, kept in provider_response), else asked for by the reference (verify).
 */
async function paystackTransactionId(
  paystack: PaystackClient,
  reference: string,
  stored: string | null,
): Promise<number> {
  const known = stored !== null && /^\d{1,15}$/.test(stored) ? Number(stored) : undefined;
  const id = known ?? (await paystack.verify(reference)).id;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0)
    throw new Error(`Paystack gave no transaction id for ${reference}`);
  return id;
}

/** The webhook event a refund's status stands for (Paystack also says pending, processing, needs-attention). */
function refundEventOf(status: string): string {
  return status === 'processed' ? 'refund.processed' : status === 'failed' ? 'refund.failed' : 'refund.pending';
}

/**
 * A refund whose answer from Paystack was lost and whose webhook never came must not stay pending for ever: refunds
 * pending longer than a few minutes are asked about (GET /refund/:id when Paystack's id is known, else the payment's
 * refunds, GET /refund?transaction=) and each answer goes through applyRefundEvent, as the webhook would; its note
 * names the refund exactly. One that Paystack does not list once a POST /refund for it can no longer be under way
 * never reached Paystack (its instance stopped between reserving and sending): it is released as not sent, so its
 * amount can be refunded (decision 0065). A refund is claimed by moving its updated_at (skip locked), so instances
 * never ask about one refund in the same round and it is asked again at most every olderThanMs. Returns how many
 * refunds were settled (processed, failed or not sent).
 */
export async function reconcilePendingRefunds(
  em: EntityManager,
  paystack: PaystackClient,
  {
    publicUrl,
    olderThanMs = 3 * 60_000,
    batch = 20,
    now = new Date(),
    log,
  }: Omit<ReconcileOptions, 'lowStockThreshold' | 'shopAlerts'>,
): Promise<number> {
  const claimed = await em
    .getConnection()
    .execute<{ id: string; paystack_refund_id: string | null; reference: string; paystack_id: string | null }[]>(
      `update refunds r set updated_at = ? from transactions t
      where t.id = r.transaction_id and r.id in (
        select r2.id from refunds r2 where r2.status = ? and r2.updated_at < ?
         order by r2.created_at limit ? for update of r2 skip locked)
      returning r.id, r.paystack_refund_id, t.reference, t.provider_response ->> 'id' as paystack_id`,
      [now, RefundStatus.PENDING, new Date(now.getTime() - olderThanMs), batch],
      'all',
    );
  let settled = 0;
  for (const { id, paystack_refund_id: paystackId, reference, paystack_id: storedTransactionId } of claimed) {
    try {
      const listed = !paystackId;
      const answers: PaystackRefund[] = paystackId
        ? [await paystack.fetchRefund(paystackId)]
        : await paystack.listRefunds(await paystackTransactionId(paystack, reference, storedTransactionId));
      // Paystack's list names the payment by id; the webhook's matcher goes by the reference.
      const ours = answers.filter(
        (answer) => answer.transaction_reference === undefined || answer.transaction_reference === reference,
      );
      for (const answer of ours) {
        await applyRefundEvent(
          em.fork(),
          refundEventOf(answer.status),
          { ...answer, transaction_reference: reference },
          publicUrl,
        );
      }
      // Read after the send window: a refund Paystack does not list is one it never got.
      if (listed && (await releaseUnsentRefund(em.fork(), id, ours, now))) {
        log?.warn({ refundId: id }, 'a refund never reached Paystack: released as not sent');
      }
      const refund = await em.fork().findOne(Refund, { id });
      if (refund && refund.status !== RefundStatus.PENDING) settled += 1;
    } catch (error) {
      // Paystack down or not answering: asked again next round.
      log?.warn({ err: error, refundId: id }, 'could not ask Paystack about a pending refund');
    }
  }
  return settled;
}

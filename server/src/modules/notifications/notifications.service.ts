import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { UndeliverableAddressError, type Mailer } from '../../mail/mailer';
import { OrderStatus, PaymentStatus, type Order } from '../orders/order.entity';
import { renderOrderCancelledEmail } from './emails/order-cancelled-email';
import { renderOrderConfirmationEmail } from './emails/order-confirmation-email';
import { renderOrderDeliveredEmail } from './emails/order-delivered-email';
import { orderFacts, type OrderFacts } from './emails/order-facts';
import { renderPaymentAfterCancelEmail, type LatePaymentCause } from './emails/payment-after-cancel-email';
import { renderRefundEmail } from './emails/refund-email';
import { orderSms } from './emails/sms-texts';
import { NotificationChannel, NotificationJob } from './notification-job.entity';
import type { SmsSender } from './sms';
import { setTransactionLimits } from '../../shared/transaction-limits';

export const maxNotificationAttempts = 6;

/**
 * A job's transaction stays open while its message is sent, which mail servers and SMS providers may take minutes
 * over (nodemailer waits up to 2 minutes to connect and 10 of silence): longer than the shop's idle limit for a
 * transaction, which would end the session and send the message again next round. The row it holds is skipped
 * (skip locked) by other workers, so the wait keeps nobody waiting.
 */
const sendingIdleLimitMs = 15 * 60_000;

/** A rendered e-mail (see ./emails): its plain text, HTML and any extra headers. */
export interface QueuedEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/** Queues an e-mail in the caller's transaction: it goes out with the change or not at all, sent by the worker. */
export function queueEmail(em: EntityManager, email: QueuedEmail): void {
  em.create(NotificationJob, {
    channel: NotificationChannel.EMAIL,
    recipient: email.to,
    subject: email.subject,
    body: email.text,
    html: email.html,
    headers: email.headers ?? null,
  });
}

/** Queues an SMS in the caller's transaction. */
export function queueSms(em: EntityManager, to: string, text: string): void {
  em.create(NotificationJob, { channel: NotificationChannel.SMS, recipient: to, body: text });
}

/** Loads what the order messages show (lines, delivery location) and reads the order's facts. */
async function factsOf(em: EntityManager, order: Order, publicUrl: string): Promise<OrderFacts> {
  await em.populate(order, ['items', 'deliveryLocation']);
  return orderFacts(order, publicUrl);
}

/** The e-mail (the receipt: every line and total) and SMS that confirm a paid order, in the caller's transaction. */
export async function queuePaymentConfirmations(em: EntityManager, order: Order, publicUrl: string): Promise<void> {
  const facts = await factsOf(em, order, publicUrl);
  queueEmail(em, { to: order.recipientEmail, ...(await renderOrderConfirmationEmail({ order: facts })) });
  queueSms(em, order.recipientPhone, orderSms.confirmed(facts));
}

/**
 * The e-mail and SMS telling a shopper that a payment came after the order could no longer be had (cancelled, or
 * sold out after its hold ran out) and goes back, in the transaction that records the payment (so once).
 */
export async function queuePaymentAfterCancelNotice(
  em: EntityManager,
  order: Order,
  amountCents: number,
  cause: LatePaymentCause,
  publicUrl: string,
): Promise<void> {
  const facts = await factsOf(em, order, publicUrl);
  queueEmail(em, {
    to: order.recipientEmail,
    ...(await renderPaymentAfterCancelEmail({ order: facts, amountCents, cause })),
  });
  queueSms(em, order.recipientPhone, orderSms.paidAfterCancel(facts, amountCents, cause));
}

/**
 * The e-mail and SMS for an order that became delivered or cancelled, in the transaction that changes it (so once
 * per change: the caller changes the status under the order's row lock and does nothing when it already had it).
 */
export async function queueOrderStatusMessages(
  em: EntityManager,
  order: Order,
  status: OrderStatus.DELIVERED | OrderStatus.CANCELLED,
  publicUrl: string,
): Promise<void> {
  const facts = await factsOf(em, order, publicUrl);
  if (status === OrderStatus.DELIVERED) {
    queueEmail(em, { to: order.recipientEmail, ...(await renderOrderDeliveredEmail({ order: facts })) });
    queueSms(em, order.recipientPhone, orderSms.delivered(facts));
    return;
  }
  const paid = order.paymentStatus === PaymentStatus.COMPLETED;
  queueEmail(em, { to: order.recipientEmail, ...(await renderOrderCancelledEmail({ order: facts, paid })) });
  queueSms(em, order.recipientPhone, orderSms.cancelled(facts, paid));
}

/**
 * Sends what is due, a few at a time, each job locked (skip locked) so two workers never send one twice.
 * A failure is recorded and retried later with a growing delay, up to maxNotificationAttempts.
 */
export async function deliverDueNotifications(
  em: EntityManager,
  senders: { mailer: Mailer; sms: SmsSender; log: Logger },
  now = new Date(),
): Promise<number> {
  let delivered = 0;
  for (;;) {
    const done = await em.fork().transactional(async (trx) => {
      const [job] = await trx.find(
        NotificationJob,
        { sentAt: null, attempts: { $lt: maxNotificationAttempts }, nextAttemptAt: { $lte: now } },
        { orderBy: { id: 'asc' }, limit: 1, lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE },
      );
      if (!job) return undefined;
      await setTransactionLimits(trx, { idleInTransactionMs: sendingIdleLimitMs });
      try {
        if (job.channel === NotificationChannel.EMAIL) {
          await senders.mailer.send({
            to: job.recipient,
            subject: job.subject ?? 'Manukato',
            text: job.body,
            html: job.html,
            headers: job.headers,
          });
        } else {
          await senders.sms.send(job.recipient, job.body);
        }
        job.sentAt = new Date();
        job.lastError = null;
        return true;
      } catch (error) {
        // A refused address stays refused: no retries.
        job.attempts = error instanceof UndeliverableAddressError ? maxNotificationAttempts : job.attempts + 1;
        job.lastError = error instanceof Error ? error.message : String(error);
        job.nextAttemptAt = new Date(now.getTime() + 30_000 * 2 ** job.attempts);
        senders.log.warn(
          { jobId: job.id, channel: job.channel, attempts: job.attempts, err: error },
          job.attempts >= maxNotificationAttempts
            ? 'notification not sent; giving up'
            : 'notification not sent; will retry',
        );
        return false;
      }
    });
    if (done === undefined) return delivered;
    if (done) delivered += 1;
  }
}

/**
 * The e-mail and SMS that tell the shopper money came back, queued in the caller's transaction after
 * `order.refundedCents` counts this refund (full when everything the order cost has gone back).
 */
export async function queueRefundNotifications(
  em: EntityManager,
  order: Order,
  amountCents: number,
  publicUrl: string,
): Promise<void> {
  const facts = await factsOf(em, order, publicUrl);
  const full = order.refundedCents >= order.totalCents;
  queueEmail(em, { to: order.recipientEmail, ...(await renderRefundEmail({ order: facts, amountCents, full })) });
  queueSms(em, order.recipientPhone, orderSms.refunded(facts, amountCents));
}

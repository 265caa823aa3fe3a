import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { UndeliverableAddressError, type Mailer } from '../../mail/mailer';
import { FulfilmentStage, OrderStatus, PaymentStatus, type Order } from '../orders/order.entity';
import { dayName } from '../orders/fulfilment-rules';
import { renderOrderProgressEmail } from './emails/order-progress-email';
import { renderOrderCancelledEmail } from './emails/order-cancelled-email';
import { renderOrderConfirmationEmail } from './emails/order-confirmation-email';
import { renderOrderDeliveredEmail } from './emails/order-delivered-email';
import { orderFacts, type OrderFacts } from './emails/order-facts';
import { renderPaymentAfterCancelEmail, type LatePaymentCause } from './emails/payment-after-cancel-email';
import { renderRefundEmail } from './emails/refund-email';
import { orderSms, smsLine } from './emails/sms-texts';
import { NotificationChannel, NotificationJob } from './notification-job.entity';
import type { SmsSender } from './sms';
import { WhatsAppSendError, type WhatsAppSender } from './whatsapp';
import { fallBackToSms, queueOrderUpdate } from './whatsapp-jobs';
import { orderWhatsApp } from './whatsapp-templates';
import { refundableCents } from '../payments/refundable-amount';

export const maxNotificationAttempts = 6;

/**
 * A WhatsApp message the Cloud API keeps refusing for a passing reason is tried this often (about seven minutes with
 * the worker's growing delay) before its SMS goes instead: an order update late by an hour is worth less than an SMS.
 */
export const maxWhatsAppAttempts = 3;

/**
 * How long a claimed job is left to its sender before another worker may claim it again: longer than the mailer's
 * and the SMS client's own time limits, so a job is sent twice only when its worker died mid-send.
 */
export const notificationLeaseMs = 5 * 60_000;

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
  // An order of a shopper who signed in with a phone and gave no e-mail: its messages go by SMS or WhatsApp only.
  if (!email.to) return;
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
  queueOrderUpdate(em, order, orderWhatsApp.confirmed(facts), orderSms.confirmed(facts));
}

/** The e-mail and SMS that confirm an order placed to be paid on delivery, with the amount to have ready. */
export async function queueOnDeliveryConfirmations(em: EntityManager, order: Order, publicUrl: string): Promise<void> {
  const facts = await factsOf(em, order, publicUrl);
  queueEmail(em, {
    to: order.recipientEmail,
    ...(await renderOrderConfirmationEmail({ order: facts, payAtDoor: true })),
  });
  queueOrderUpdate(em, order, orderWhatsApp.placedOnDelivery(facts), orderSms.placedOnDelivery(facts));
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
  queueOrderUpdate(
    em,
    order,
    orderWhatsApp.paidAfterCancel(facts, amountCents, cause),
    orderSms.paidAfterCancel(facts, amountCents, cause),
  );
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
    queueOrderUpdate(em, order, orderWhatsApp.delivered(facts), orderSms.delivered(facts));
    return;
  }
  const paid = order.paymentStatus === PaymentStatus.COMPLETED;
  queueEmail(em, { to: order.recipientEmail, ...(await renderOrderCancelledEmail({ order: facts, paid })) });
  queueOrderUpdate(em, order, orderWhatsApp.cancelled(facts, paid), orderSms.cancelled(facts, paid));
}

/**
 * The e-mail and SMS (or WhatsApp) for a step on the way to the door (issue 27), in the transaction that takes the
 * step under the order's row lock: once per step. The order's carrier and new date are already set on it.
 */
export async function queueFulfilmentMessages(
  em: EntityManager,
  order: Order,
  stage: FulfilmentStage.PACKED | FulfilmentStage.OUT_FOR_DELIVERY | FulfilmentStage.DELIVERY_FAILED,
  publicUrl: string,
  reason = '',
): Promise<void> {
  const facts = await factsOf(em, order, publicUrl);
  if (stage === FulfilmentStage.PACKED) {
    queueEmail(em, {
      to: order.recipientEmail,
      ...(await renderOrderProgressEmail({ order: facts, progress: { stage } })),
    });
    queueOrderUpdate(em, order, orderWhatsApp.packed(facts), orderSms.packed(facts));
  } else if (stage === FulfilmentStage.OUT_FOR_DELIVERY) {
    const carrier = {
      riderName: order.riderName,
      riderPhone: order.riderPhone,
      courierName: order.courierName,
      trackingNumber: order.trackingNumber,
    };
    queueEmail(em, {
      to: order.recipientEmail,
      ...(await renderOrderProgressEmail({ order: facts, progress: { stage, carrier } })),
    });
    queueOrderUpdate(em, order, orderWhatsApp.outForDelivery(facts, carrier), orderSms.outForDelivery(facts, carrier));
  } else {
    const nextAttemptDay = order.nextAttemptOn ? dayName(order.nextAttemptOn) : 'a day we will agree with you';
    queueEmail(em, {
      to: order.recipientEmail,
      ...(await renderOrderProgressEmail({ order: facts, progress: { stage, reason, nextAttemptDay } })),
    });
    queueOrderUpdate(
      em,
      order,
      orderWhatsApp.deliveryFailed(facts, smsLine(reason, 60), nextAttemptDay),
      orderSms.deliveryFailed(facts, nextAttemptDay),
    );
  }
}

/**
 * Claims the oldest due job for `notificationLeaseMs` in a short transaction of its own (skip locked, so two
 * workers never claim one job), so no connection is held while a slow provider takes its time.
 */
async function claimDueJob(em: EntityManager, now: Date): Promise<NotificationJob | undefined> {
  return em.fork().transactional(async (trx) => {
    const [job] = await trx.find(
      NotificationJob,
      { sentAt: null, attempts: { $lt: maxNotificationAttempts }, nextAttemptAt: { $lte: now } },
      { orderBy: { id: 'asc' }, limit: 1, lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE },
    );
    if (job) job.nextAttemptAt = new Date(now.getTime() + notificationLeaseMs);
    return job ?? undefined;
  });
}

/** The senders the worker sends through, one per channel. */
export interface NotificationSenders {
  mailer: Mailer;
  sms: SmsSender;
  whatsapp: WhatsAppSender;
  log: Logger;
}

/** Sends one job; what a WhatsApp job's answer names (message id, language) is written down with its sending. */
async function sendJob(
  job: NotificationJob,
  senders: NotificationSenders,
): Promise<Partial<Pick<NotificationJob, 'providerMessageId' | 'templateLanguage'>>> {
  if (job.channel === NotificationChannel.EMAIL) {
    await senders.mailer.send({
      to: job.recipient,
      subject: job.subject ?? 'Manukato',
      text: job.body,
      html: job.html,
      headers: job.headers,
    });
  } else if (job.channel === NotificationChannel.WHATSAPP) {
    const { messageId, language } = await senders.whatsapp.send({
      to: job.recipient,
      template: { name: job.templateName ?? '', parameters: job.templateParameters ?? [] },
      callbackData: String(job.id),
      fallbackText: job.body,
    });
    return { providerMessageId: messageId, templateLanguage: language };
  } else {
    await senders.sms.send(job.recipient, job.body);
  }
  return {};
}

/**
 * A WhatsApp job the Cloud API refused for good, or for a passing reason too often: its SMS is queued, due at once
 * (so this run sends it), and the job is not tried again. Answers false for every other failure.
 */
async function fellBackToSms(em: EntityManager, job: NotificationJob, error: unknown, now: Date): Promise<boolean> {
  if (job.channel !== NotificationChannel.WHATSAPP) return false;
  const permanent = error instanceof WhatsAppSendError && error.permanent;
  if (!permanent && job.attempts + 1 < maxWhatsAppAttempts) return false;
  const reason = error instanceof Error ? error.message : String(error);
  await fallBackToSms(em.fork(), job.id, reason, { at: now, giveUp: { attempts: maxNotificationAttempts } });
  return true;
}

/**
 * Sends what is due, one job at a time: each is claimed with a lease, sent with no transaction open, and then
 * marked sent, or recorded as failed and retried later with a growing delay, up to maxNotificationAttempts.
 */
export async function deliverDueNotifications(
  em: EntityManager,
  senders: NotificationSenders,
  now = new Date(),
): Promise<number> {
  let delivered = 0;
  for (let job = await claimDueJob(em, now); job; job = await claimDueJob(em, now)) {
    try {
      const answer = await sendJob(job, senders);
      await em.fork().nativeUpdate(NotificationJob, { id: job.id }, { sentAt: new Date(), lastError: null, ...answer });
      delivered += 1;
    } catch (error) {
      if (await fellBackToSms(em, job, error, now)) {
        senders.log.warn({ jobId: job.id, err: error }, 'whatsapp message not delivered; its SMS goes instead');
        continue;
      }
      // A refused address stays refused: no retries.
      const attempts = error instanceof UndeliverableAddressError ? maxNotificationAttempts : job.attempts + 1;
      await em.fork().nativeUpdate(
        NotificationJob,
        { id: job.id },
        {
          attempts,
          lastError: error instanceof Error ? error.message : String(error),
          nextAttemptAt: new Date(now.getTime() + 30_000 * 2 ** attempts),
        },
      );
      senders.log.warn(
        { jobId: job.id, channel: job.channel, attempts, err: error },
        attempts >= maxNotificationAttempts ? 'notification not sent; giving up' : 'notification not sent; will retry',
      );
    }
  }
  return delivered;
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
  const full = refundableCents(order.totalCents, order.refundedCents) === 0;
  queueEmail(em, { to: order.recipientEmail, ...(await renderRefundEmail({ order: facts, amountCents, full })) });
  queueOrderUpdate(em, order, orderWhatsApp.refunded(facts, amountCents), orderSms.refunded(facts, amountCents));
}

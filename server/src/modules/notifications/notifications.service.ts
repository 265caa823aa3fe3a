import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Mailer } from '../../mail/mailer';
import { formatKsh } from '../../shared/money';
import type { Order } from '../orders/order.entity';
import { NotificationChannel, NotificationJob } from './notification-job.entity';
import type { SmsSender } from './sms';

export const maxNotificationAttempts = 6;

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

/** The e-mail and SMS that confirm a paid order, queued in the caller's transaction. */
export function queuePaymentConfirmations(em: EntityManager, order: Order): void {
  const shortId = order.id.slice(0, 8);
  const total = formatKsh(order.totalCents);
  em.create(NotificationJob, {
    channel: NotificationChannel.EMAIL,
    recipient: order.recipientEmail,
    subject: `Your Manukato order ${shortId} is confirmed`,
    body:
      `Thank you for your purchase, ${order.recipientName}!\n\n` +
      `We have received your payment of ${total} for order ${shortId}. It will be delivered to ` +
      `${order.shippingAddress}, ${order.shippingCity}, and we will keep you posted by e-mail and SMS.\n`,
  });
  em.create(NotificationJob, {
    channel: NotificationChannel.SMS,
    recipient: order.recipientPhone,
    body: `Manukato: payment of ${total} received for order ${shortId}. Your order will be shipped soon. Thank you!`,
  });
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
        job.attempts += 1;
        job.lastError = error instanceof Error ? error.message : String(error);
        job.nextAttemptAt = new Date(now.getTime() + 30_000 * 2 ** job.attempts);
        senders.log.warn(
          { jobId: job.id, channel: job.channel, attempts: job.attempts, err: error },
          'notification not sent; will retry',
        );
        return false;
      }
    });
    if (done === undefined) return delivered;
    if (done) delivered += 1;
  }
}

/** The e-mail and SMS that tell the shopper money came back, queued in the caller's transaction. */
export function queueRefundNotifications(em: EntityManager, order: Order, amountCents: number): void {
  const shortId = order.id.slice(0, 8);
  const amount = formatKsh(amountCents);
  em.create(NotificationJob, {
    channel: NotificationChannel.EMAIL,
    recipient: order.recipientEmail,
    subject: `Refund of ${amount} for your Manukato order ${shortId}`,
    body:
      `Hello ${order.recipientName},\n\n` +
      `We have refunded ${amount} for order ${shortId} to the account you paid with. ` +
      `Depending on your bank or M-Pesa it can take a few days to show.\n`,
  });
  em.create(NotificationJob, {
    channel: NotificationChannel.SMS,
    recipient: order.recipientPhone,
    body: `Manukato: ${amount} refunded for order ${shortId}. It can take a few days to show. Thank you!`,
  });
}

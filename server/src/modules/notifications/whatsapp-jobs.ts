import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Order } from '../orders/order.entity';
import { NotificationChannel, NotificationJob } from './notification-job.entity';
import type { WhatsAppTemplate } from './whatsapp-templates';

/**
 * An order update for the shopper's phone, in the caller's transaction: the WhatsApp template when the shopper chose
 * WhatsApp at checkout (with the SMS as its fallback, in `body`), else the SMS.
 */
export function queueOrderUpdate(em: EntityManager, order: Order, template: WhatsAppTemplate, sms: string): void {
  em.create(NotificationJob, {
    channel: order.whatsappUpdates ? NotificationChannel.WHATSAPP : NotificationChannel.SMS,
    recipient: order.recipientPhone,
    body: sms,
    ...(order.whatsappUpdates ? { templateName: template.name, templateParameters: template.parameters } : {}),
  });
}

/**
 * Queues the SMS for a WhatsApp job that could not be delivered, once: the job's row is locked and must not have
 * queued its fallback yet, so two workers, two instances or a report delivered twice queue one SMS between them.
 * `giveUp`: the job had not been sent and is not to be tried again. Answers whether this call queued the SMS.
 */
export async function fallBackToSms(
  em: EntityManager,
  jobId: number,
  reason: string,
  options: { at?: Date; giveUp?: { attempts: number } } = {},
): Promise<boolean> {
  const at = options.at ?? new Date();
  return em.transactional(async (trx) => {
    const job = await trx.findOne(
      NotificationJob,
      { id: jobId, channel: NotificationChannel.WHATSAPP, fallbackQueuedAt: null },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!job) return false;
    job.fallbackQueuedAt = at;
    job.lastError = reason.slice(0, 500);
    if (options.giveUp) job.attempts = options.giveUp.attempts;
    trx.create(NotificationJob, {
      channel: NotificationChannel.SMS,
      recipient: job.recipient,
      body: job.body,
      nextAttemptAt: at,
    });
    return true;
  });
}

/** One entry of a status webhook's `statuses` (Meta's fields that matter here). */
export interface WhatsAppStatus {
  id: string;
  status: string;
  callbackData: string | undefined;
  errors: { code: number | undefined; title: string | undefined }[];
}

/**
 * A delivery report: `failed` for a message we sent queues its SMS (once); sent, delivered and read need nothing.
 * The job is found by the id we gave Meta (biz_opaque_callback_data), which a report can carry before the worker has
 * written down the message id, else by the message id. Answers whether an SMS was queued.
 */
export async function applyWhatsAppStatus(em: EntityManager, status: WhatsAppStatus): Promise<boolean> {
  if (status.status !== 'failed') return false;
  const jobId = status.callbackData && /^\d{1,9}$/.test(status.callbackData) ? Number(status.callbackData) : undefined;
  const byCallback = jobId
    ? await em.findOne(NotificationJob, { id: jobId, channel: NotificationChannel.WHATSAPP })
    : null;
  // A report names its message: the callback's job must be the one that sent it (or not yet have written it down).
  const job =
    byCallback && (byCallback.providerMessageId === null || byCallback.providerMessageId === status.id)
      ? byCallback
      : await em.findOne(NotificationJob, { providerMessageId: status.id, channel: NotificationChannel.WHATSAPP });
  if (!job) return false;
  const reasons = status.errors.map((error) => `${error.code ?? '?'} ${error.title ?? ''}`.trim()).join('; ');
  return fallBackToSms(em, job.id, `WhatsApp reported the message failed${reasons ? `: ${reasons}` : ''}`);
}

import { Entity, Enum, Index, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';

export enum NotificationChannel {
  EMAIL = 'email',
  SMS = 'sms',
  /** A WhatsApp template message (decision 0099); its `body` is the SMS sent instead when WhatsApp cannot deliver it. */
  WHATSAPP = 'whatsapp',
}

/**
 * A message to send outside the request that caused it (a payment confirmation): written in the same
 * transaction as the change, sent by a worker with retries, so a failing provider never loses or blocks
 * the order.
 */
@Entity({ tableName: 'notification_jobs' })
@Index({ properties: ['nextAttemptAt'], options: { where: 'sent_at is null' } })
@Unique({ properties: ['providerMessageId'] })
export class NotificationJob {
  [OptionalProps]?:
    | 'attempts'
    | 'nextAttemptAt'
    | 'sentAt'
    | 'lastError'
    | 'createdAt'
    | 'subject'
    | 'html'
    | 'headers'
    | 'templateName'
    | 'templateLanguage'
    | 'templateParameters'
    | 'providerMessageId'
    | 'fallbackQueuedAt';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Enum({ items: () => NotificationChannel, type: 'text' })
  channel!: NotificationChannel;

  @Property({ type: 'text' })
  recipient!: string;

  @Property({ type: 'text', nullable: true })
  subject: string | null = null;

  /** The plain-text part of an e-mail, the SMS, or for WhatsApp the SMS that goes instead if WhatsApp fails. */
  @Property({ type: 'text' })
  body!: string;

  /** The HTML part of an e-mail rendered from a template (decision 0057); null for SMS and older jobs. */
  @Property({ type: 'text', nullable: true })
  html: string | null = null;

  @Property({ type: 'json', nullable: true })
  headers: Record<string, string> | null = null;

  /** WhatsApp: the approved template (whatsapp-templates.ts) and its body parameters, in order. */
  @Property({ type: 'text', nullable: true })
  templateName: string | null = null;

  @Property({ type: 'json', nullable: true })
  templateParameters: string[] | null = null;

  /** WhatsApp: the template language it was sent in (WHATSAPP_TEMPLATE_LANGUAGE at the time). */
  @Property({ type: 'text', nullable: true })
  templateLanguage: string | null = null;

  /** WhatsApp: the message id the Cloud API answered (wamid…), which its status webhooks name. */
  @Property({ type: 'text', nullable: true })
  providerMessageId: string | null = null;

  /** WhatsApp: when the SMS fallback was queued; set once, so a repeated failure report queues no second SMS. */
  @Property({ type: 'timestamptz', nullable: true })
  fallbackQueuedAt: Date | null = null;

  @Property({ type: 'integer', default: 0 })
  attempts: number = 0;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  nextAttemptAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  sentAt: Date | null = null;

  @Property({ type: 'text', nullable: true })
  lastError: string | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}

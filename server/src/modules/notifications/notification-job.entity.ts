import { Entity, Enum, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

export enum NotificationChannel {
  EMAIL = 'email',
  SMS = 'sms',
}

/**
 * A message to send outside the request that caused it (a payment confirmation): written in the same
 * transaction as the change, sent by a worker with retries, so a failing provider never loses or blocks
 * the order.
 */
@Entity({ tableName: 'notification_jobs' })
@Index({ properties: ['nextAttemptAt'], options: { where: 'sent_at is null' } })
export class NotificationJob {
  [OptionalProps]?:
    'attempts' | 'nextAttemptAt' | 'sentAt' | 'lastError' | 'createdAt' | 'subject' | 'html' | 'headers';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Enum({ items: () => NotificationChannel, type: 'text' })
  channel!: NotificationChannel;

  @Property({ type: 'text' })
  recipient!: string;

  @Property({ type: 'text', nullable: true })
  subject: string | null = null;

  /** The plain-text part of an e-mail, or the SMS. */
  @Property({ type: 'text' })
  body!: string;

  /** The HTML part of an e-mail rendered from a template (decision 0057); null for SMS and older jobs. */
  @Property({ type: 'text', nullable: true })
  html: string | null = null;

  @Property({ type: 'json', nullable: true })
  headers: Record<string, string> | null = null;

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

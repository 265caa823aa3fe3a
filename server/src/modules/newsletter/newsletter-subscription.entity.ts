import { Entity, Enum, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

export enum SubscriptionStatus {
  /** Asked for, not yet confirmed from the e-mail: nothing but the confirmation goes to it. */
  PENDING = 'pending',
  CONFIRMED = 'confirmed',
  UNSUBSCRIBED = 'unsubscribed',
}

@Entity({ tableName: 'newsletter_subscriptions' })
export class NewsletterSubscription {
  [OptionalProps]?:
    | 'createdAt'
    | 'updatedAt'
    | 'status'
    | 'confirmTokenHash'
    | 'confirmExpiresAt'
    | 'confirmedAt'
    | 'unsubscribedAt'
    | 'welcomeCode';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  /** Trimmed and lower-cased; one row per address. */
  @Property({ type: 'text', unique: true })
  email!: string;

  @Enum({ items: () => SubscriptionStatus, type: 'text', default: SubscriptionStatus.PENDING })
  status: SubscriptionStatus = SubscriptionStatus.PENDING;

  /** SHA-256 of the confirmation link's token (the link itself is only in the e-mail). */
  @Property({ type: 'text', nullable: true, unique: true })
  confirmTokenHash: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  confirmExpiresAt: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  confirmedAt: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  unsubscribedAt: Date | null = null;

  /** The single-use first-order code sent when the address confirmed; one per address, ever. */
  @Property({ type: 'text', nullable: true })
  welcomeCode: string | null = null;

  @Index()
  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}

import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

export type AdminNotificationType = 'order' | 'payment' | 'review' | 'low-stock';

/** Something the shop's admins should see (a new order, a payment, a review, low stock), newest first. */
@Entity({ tableName: 'admin_notifications' })
@Index({ properties: ['createdAt'] })
export class AdminNotification {
  [OptionalProps]?: 'id' | 'link' | 'createdAt' | 'readAt';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'text' })
  type!: AdminNotificationType;

  @Property({ type: 'text' })
  title!: string;

  @Property({ type: 'text' })
  text!: string;

  /** An admin path such as /oxalis/orders. */
  @Property({ type: 'text', nullable: true })
  link: string | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  /** Shared by every admin: the shop has one inbox, not one per person. */
  @Property({ type: 'timestamptz', nullable: true })
  readAt: Date | null = null;
}

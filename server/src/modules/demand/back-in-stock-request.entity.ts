import { Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { User } from '../accounts/user.entity';
import { ProductVariant } from '../catalog/product-variant.entity';

/** How a waiting shopper is told: by e-mail, or by SMS to a Kenyan mobile. */
export enum BackInStockChannel {
  EMAIL = 'email',
  SMS = 'sms',
}

/**
 * A shopper waiting for a sold-out size (decision 0105): one row per size and contact (an e-mail address, or a
 * phone in E.164), however often they ask. `notifiedAt` is stamped in the statement that claims the row when the
 * size is back, so the message goes once, whichever instance heard of the restock.
 */
@Entity({ tableName: 'back_in_stock_requests' })
@Unique({ properties: ['variant', 'contact'] })
@Index({
  name: 'back_in_stock_requests_waiting_index',
  expression:
    'create index "back_in_stock_requests_waiting_index" on "back_in_stock_requests" ("variant_id") where notified_at is null',
})
@Index({
  name: 'back_in_stock_requests_contact_index',
  expression:
    'create index "back_in_stock_requests_contact_index" on "back_in_stock_requests" ("contact") where notified_at is null',
})
export class BackInStockRequest {
  [OptionalProps]?: 'user' | 'createdAt' | 'notifiedAt';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne({ entity: () => ProductVariant, deleteRule: 'cascade' })
  variant!: ProductVariant;

  @Enum({ items: () => BackInStockChannel, type: 'text' })
  channel!: BackInStockChannel;

  /** The address (lower-cased) or the phone (+254…) the message goes to. */
  @Property({ type: 'text' })
  contact!: string;

  /** The signed-in shopper who asked, if any. */
  @ManyToOne({
    entity: () => User,
    nullable: true,
    deleteRule: 'cascade',
    index: 'back_in_stock_requests_user_id_index',
  })
  user: User | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  /** When the message was queued; null while the shopper waits. */
  @Property({ type: 'timestamptz', nullable: true })
  notifiedAt: Date | null = null;
}

import { Entity, Index, ManyToOne, OptionalProps, Property } from '@mikro-orm/core';
import { User } from '../accounts/user.entity';

/**
 * When a signed-in shopper last changed their cart themselves (added, changed, removed, emptied), and when the cart
 * reminder last looked at that state (decision 0105). A state whose `remindedAt` is older than `touchedAt` has not
 * been looked at yet; only those stay in the partial index the reminder job walks.
 */
@Entity({ tableName: 'cart_activity' })
@Index({
  name: 'cart_activity_reminder_due_index',
  expression:
    'create index "cart_activity_reminder_due_index" on "cart_activity" ("touched_at") where reminded_at is null or reminded_at < touched_at',
})
export class CartActivity {
  [OptionalProps]?: 'touchedAt' | 'remindedAt';

  @ManyToOne({ entity: () => User, primary: true, deleteRule: 'cascade' })
  user!: User;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  touchedAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  remindedAt: Date | null = null;
}

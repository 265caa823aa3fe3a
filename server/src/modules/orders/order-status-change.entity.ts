import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { User } from '../accounts/user.entity';
import { Order, type OrderStatus } from './order.entity';

/** The audit trail of an order's status: who moved it, when, from what to what. */
@Entity({ tableName: 'order_status_changes' })
@Index({ properties: ['order', 'changedAt'] })
export class OrderStatusChange {
  [OptionalProps]?: 'id' | 'changedAt';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne({ entity: () => Order, deleteRule: 'cascade' })
  order!: Order;

  @Property({ type: 'text' })
  fromStatus!: OrderStatus;

  @Property({ type: 'text' })
  toStatus!: OrderStatus;

  /** Null once the admin's account is gone; the change itself stays. */
  @ManyToOne({ entity: () => User, nullable: true, deleteRule: 'set null' })
  changedBy!: User | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  changedAt: Date = new Date();
}

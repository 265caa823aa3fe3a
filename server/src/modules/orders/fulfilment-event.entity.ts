import { Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { User } from '../accounts/user.entity';
import { FulfilmentStage, Order } from './order.entity';

/** One step of an order's way to the door (issue 27): what, when, by whom, with the step's own facts. */
@Entity({ tableName: 'order_fulfilment_events' })
@Index({ properties: ['order', 'at'] })
export class FulfilmentEvent {
  [OptionalProps]?:
    'id' | 'at' | 'riderName' | 'riderPhone' | 'courierName' | 'trackingNumber' | 'reason' | 'nextAttemptOn';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne({ entity: () => Order, deleteRule: 'cascade' })
  order!: Order;

  @Enum({ items: () => FulfilmentStage, type: 'text' })
  stage!: FulfilmentStage;

  /** Null once the team member's account is gone; the step itself stays. */
  @ManyToOne({ entity: () => User, nullable: true, deleteRule: 'set null' })
  by!: User | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  at: Date = new Date();

  @Property({ type: 'text', nullable: true })
  riderName: string | null = null;

  @Property({ type: 'text', nullable: true })
  riderPhone: string | null = null;

  @Property({ type: 'text', nullable: true })
  courierName: string | null = null;

  @Property({ type: 'text', nullable: true })
  trackingNumber: string | null = null;

  /** Why an attempt failed, as the rider reported it. */
  @Property({ type: 'text', nullable: true })
  reason: string | null = null;

  @Property({ type: 'date', nullable: true })
  nextAttemptOn: string | null = null;
}

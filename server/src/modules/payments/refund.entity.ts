import { Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { User } from '../accounts/user.entity';
import { Order } from '../orders/order.entity';
import { Transaction } from './transaction.entity';

export enum RefundStatus {
  PENDING = 'pending',
  PROCESSED = 'processed',
  FAILED = 'failed',
  /** Reserved, but Paystack never received it (the instance stopped first): nothing went out (decision 0065). */
  NOT_SENT = 'not_sent',
}

/** The statuses whose amount is not reserved: nothing went out, so it can be refunded again. */
export const releasedRefundStatuses: readonly RefundStatus[] = [RefundStatus.FAILED, RefundStatus.NOT_SENT];

/**
 * Money sent back for one Paystack payment of an order. Reserved (pending) before Paystack is asked, so the
 * sum of a payment's refunds that are not released (failed or not sent) never exceeds what it paid.
 */
@Entity({ tableName: 'refunds' })
@Index({ properties: ['order'] })
@Index({ properties: ['transaction'] })
@Index({ properties: ['createdBy'] })
export class Refund {
  [OptionalProps]?: 'id' | 'status' | 'paystackRefundId' | 'restock' | 'createdBy' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne({ entity: () => Order })
  order!: Order;

  @ManyToOne({ entity: () => Transaction })
  transaction!: Transaction;

  @Property({ type: 'integer' })
  amountCents!: number;

  @Property({ type: 'text' })
  reason!: string;

  @Enum({ items: () => RefundStatus, type: 'text', default: RefundStatus.PENDING })
  status: RefundStatus = RefundStatus.PENDING;

  /** Paystack's id for the refund, known from its answer or its first webhook, whichever comes first. */
  @Property({ type: 'text', nullable: true, unique: true })
  paystackRefundId: string | null = null;

  /** The order's stock goes back on the shelf once the refund is processed. */
  @Property({ type: 'boolean', default: false })
  restock: boolean = false;

  @ManyToOne({ entity: () => User, nullable: true, deleteRule: 'set null' })
  createdBy: User | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}

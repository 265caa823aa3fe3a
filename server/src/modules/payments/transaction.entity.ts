import { Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Order, PaymentMethod, PaymentStatus } from '../orders/order.entity';

/** One attempt to pay an order through Paystack, by its unique reference. */
@Entity({ tableName: 'transactions' })
@Index({ properties: ['order'] })
export class Transaction {
  [OptionalProps]?:
    'id' | 'status' | 'currency' | 'providerResponse' | 'flagReason' | 'checkedAt' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne({ entity: () => Order })
  order!: Order;

  @Property({ type: 'text', unique: true })
  reference!: string;

  /** What Paystack must confirm, in minor units (cents of KES). */
  @Property({ type: 'integer' })
  amountCents!: number;

  @Property({ type: 'text', default: 'KES' })
  currency: string = 'KES';

  @Enum({ items: () => PaymentMethod, type: 'text' })
  method!: PaymentMethod;

  @Enum({ items: () => PaymentStatus, type: 'text', default: PaymentStatus.PENDING })
  status: PaymentStatus = PaymentStatus.PENDING;

  /** Paystack's last answer about it, as received. */
  @Property({ type: 'json', nullable: true })
  providerResponse: Record<string, unknown> | null = null;

  /** Set when Paystack reported something that does not match (amount, currency): not paid, for a person to look at. */
  @Property({ type: 'text', nullable: true })
  flagReason: string | null = null;

  /** When the reconciliation job last asked Paystack about it (a pending payment whose webhook may be lost). */
  @Property({ type: 'timestamptz', nullable: true })
  checkedAt: Date | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}

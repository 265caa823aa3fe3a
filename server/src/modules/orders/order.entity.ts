import {
  Collection,
  Entity,
  Enum,
  Index,
  ManyToOne,
  OneToMany,
  OptionalProps,
  PrimaryKey,
  Property,
  Unique,
} from '@mikro-orm/core';
import { randomBytes, randomUUID } from 'node:crypto';
import { User } from '../accounts/user.entity';
import { DeliveryLocation } from './delivery-location.entity';
import { Product } from '../catalog/product.entity';
import { ProductVariant } from '../catalog/product-variant.entity';
import { DiscountCode } from '../discounts/discount-code.entity';

export enum OrderStatus {
  PENDING = 'pending',
  DELIVERED = 'delivered',
  CANCELLED = 'cancelled',
}

export enum PaymentStatus {
  PENDING = 'pending',
  COMPLETED = 'completed',
  FAILED = 'failed',
}

/**
 * Where the parcel is, beside the spec's status (issue 27): packed, out with a rider or courier, a failed attempt
 * (with a new date), delivered. `unfulfilled` is everything before packing (awaiting payment, or paid/pay on delivery
 * and being prepared); delivered also sets the spec's status.
 */
export enum FulfilmentStage {
  UNFULFILLED = 'unfulfilled',
  PACKED = 'packed',
  OUT_FOR_DELIVERY = 'out_for_delivery',
  DELIVERY_FAILED = 'delivery_failed',
  DELIVERED = 'delivered',
}

export enum PaymentMethod {
  MPESA = 'mpesa',
  CARD = 'card',
  /** The order: paid at the door (issue 26). A transaction: cash received at the door. */
  ON_DELIVERY = 'on_delivery',
}

/** A tracking link's token: 128 random bits, base64url (22 characters). */
export function newTrackingToken(): string {
  return randomBytes(16).toString('base64url');
}

/** An order as the server computed it: lines, subtotal, fee and total from its own prices, in cents of KES. */
@Entity({ tableName: 'orders' })
@Index({ properties: ['user', 'createdAt'] })
@Index({ properties: ['discountCodeRecord', 'user'] })
@Unique({ properties: ['user', 'idempotencyKey'] })
/** Orders still to be paid at the door; their totals ride along, so the dashboard's sum never reads the table. */
@Index({
  name: 'orders_to_collect_index',
  expression: `create index "orders_to_collect_index" on "orders" ("created_at") include ("total_cents") where payment_method = 'on_delivery' and payment_status = 'pending' and status <> 'cancelled'`,
})
export class Order {
  [OptionalProps]?:
    | 'id'
    | 'status'
    | 'paymentStatus'
    | 'currency'
    | 'createdAt'
    | 'paidAt'
    | 'stockReleasedAt'
    | 'refundedCents'
    | 'discountCodeRecord'
    | 'discountCode'
    | 'discountCents'
    | 'idempotencyKey'
    | 'cashReceivedAt'
    | 'cashReceivedBy'
    | 'whatsappUpdates'
    | 'fulfilmentStage'
    | 'trackingToken'
    | 'riderName'
    | 'riderPhone'
    | 'courierName'
    | 'trackingNumber'
    | 'nextAttemptOn';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne({ entity: () => User })
  user!: User;

  @Enum({ items: () => OrderStatus, type: 'text', default: OrderStatus.PENDING })
  status: OrderStatus = OrderStatus.PENDING;

  @Enum({ items: () => PaymentStatus, type: 'text', default: PaymentStatus.PENDING })
  paymentStatus: PaymentStatus = PaymentStatus.PENDING;

  @Enum({ items: () => PaymentMethod, type: 'text' })
  paymentMethod!: PaymentMethod;

  @Property({ type: 'integer' })
  subtotalCents!: number;

  /** The fee actually charged: 0 from Ksh 10,000 of goods. */
  @Property({ type: 'integer' })
  shippingFeeCents!: number;

  /** Taken off the subtotal by `discountCode` (decision 0056): total = subtotal − discount + fee. */
  @Property({ type: 'integer', default: 0 })
  discountCents: number = 0;

  /** The code as the shopper applied it (upper-case), kept even if the code is later deleted. */
  @Property({ type: 'text', nullable: true })
  discountCode: string | null = null;

  @ManyToOne({ entity: () => DiscountCode, nullable: true, fieldName: 'discount_code_id', deleteRule: 'set null' })
  discountCodeRecord: DiscountCode | null = null;

  @Property({ type: 'integer' })
  totalCents!: number;

  @Property({ type: 'text', default: 'KES' })
  currency: string = 'KES';

  /** What Paystack has confirmed sending back (processed refunds), in cents. */
  @Property({ type: 'integer', default: 0 })
  refundedCents: number = 0;

  @ManyToOne({ entity: () => DeliveryLocation })
  deliveryLocation!: DeliveryLocation;

  @Property({ type: 'text' })
  recipientName!: string;

  @Property({ type: 'text' })
  recipientEmail!: string;

  /** E.164, +254… */
  @Property({ type: 'text' })
  recipientPhone!: string;

  @Property({ type: 'text' })
  shippingAddress!: string;

  @Property({ type: 'text' })
  shippingCity!: string;

  @Property({ type: 'text' })
  shippingPostalCode!: string;

  @OneToMany({ entity: () => OrderItem, mappedBy: 'order', orderBy: { id: 'asc' } })
  items = new Collection<OrderItem>(this);

  /** Stock is held for an unpaid order until then. */
  @Property({ type: 'timestamptz' })
  reservedUntil!: Date;

  /** Set when held stock went back to the shelf (expiry, failed payment, cancellation). */
  @Property({ type: 'timestamptz', nullable: true })
  stockReleasedAt: Date | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  paidAt: Date | null = null;

  /** When the cash for an order paid on delivery was recorded as received, and by which admin (issue 26). */
  @Property({ type: 'timestamptz', nullable: true })
  cashReceivedAt: Date | null = null;

  @ManyToOne({ entity: () => User, nullable: true, deleteRule: 'set null' })
  cashReceivedBy: User | null = null;

  /** The shopper asked for order updates on WhatsApp (SMS when WhatsApp cannot deliver them). */
  @Property({ type: 'boolean', default: false })
  whatsappUpdates: boolean = false;

  @Enum({ items: () => FulfilmentStage, type: 'text', default: FulfilmentStage.UNFULFILLED })
  fulfilmentStage: FulfilmentStage = FulfilmentStage.UNFULFILLED;

  /**
   * The unguessable part of the order's tracking link (/track/<token>, issue 27): 128 random bits, so the link
   * itself is the permission to read the parcel's progress, and it shows no address or e-mail.
   */
  @Property({ type: 'text', unique: true })
  trackingToken: string = newTrackingToken();

  /** Who carries it while out for delivery: a rider (name and phone) in town, or a courier and its tracking number. */
  @Property({ type: 'text', nullable: true })
  riderName: string | null = null;

  @Property({ type: 'text', nullable: true })
  riderPhone: string | null = null;

  @Property({ type: 'text', nullable: true })
  courierName: string | null = null;

  @Property({ type: 'text', nullable: true })
  trackingNumber: string | null = null;

  /** After a failed attempt: the day the shop will try again (Nairobi's calendar), as YYYY-MM-DD. */
  @Property({ type: 'date', nullable: true })
  nextAttemptOn: string | null = null;

  /**
   * The checkout's Idempotency-Key, when its client sent one (decision 0068): unique per account, so a retried
   * checkout finds this order instead of placing another.
   */
  @Property({ type: 'text', nullable: true })
  idempotencyKey: string | null = null;
}

/** One line, with the name and price as they were when ordered. */
@Entity({ tableName: 'order_items' })
@Index({ properties: ['order'] })
@Index({ properties: ['product'] })
export class OrderItem {
  [OptionalProps]?: 'variant' | 'sizeLabel';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne({ entity: 'Order', deleteRule: 'cascade' })
  order!: Order;

  @ManyToOne({ entity: () => Product })
  product!: Product;

  @Property({ type: 'text' })
  productName!: string;

  /** The size ordered; null only for lines of sizes that no longer exist. */
  @ManyToOne({ entity: () => ProductVariant, nullable: true, index: 'order_items_variant_id_index' })
  variant: ProductVariant | null = null;

  /** The size as it was named when ordered, e.g. "5 ml decant · Eau de Parfum"; empty for a one-size product. */
  @Property({ type: 'text', default: '' })
  sizeLabel: string = '';

  @Property({ type: 'integer' })
  unitPriceCents!: number;

  @Property({ type: 'integer' })
  quantity!: number;
}

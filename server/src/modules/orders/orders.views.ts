import { Field, ID, Int, ObjectType } from 'type-graphql';
import { DeliveryLocation } from './delivery-location.entity';
import { OrderStatus, PaymentMethod, PaymentStatus, type Order } from './order.entity';
import { displayName } from '../accounts/display-name';
import { lineTotalCents } from './order-money';
import { refundableCents } from '../payments/refundable-amount';
import { shopperStageLabel } from './fulfilment-rules';

@ObjectType('OrderItem', { simpleResolvers: true })
export class OrderItemView {
  @Field(() => Int)
  id!: number;

  @Field(() => Int)
  productId!: number;

  @Field(() => String, { description: 'The name when ordered.' })
  name!: string;

  @Field(() => Int, { nullable: true, description: 'The size ordered (null for a size that no longer exists).' })
  variantId!: number | null;

  @Field(() => String, {
    description: 'The size as named when ordered, e.g. "5 ml decant · Eau de Parfum"; may be empty.',
  })
  sizeLabel!: string;

  @Field(() => Int, { description: 'The price paid, in cents of KES.' })
  unitPriceCents!: number;

  @Field(() => Int)
  quantity!: number;

  @Field(() => Int)
  lineTotalCents!: number;
}

@ObjectType('Order', { simpleResolvers: true })
export class OrderView {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: 'pending, delivered or cancelled' })
  status!: string;

  @Field(() => String, { description: 'pending, completed or failed' })
  paymentStatus!: string;

  @Field(() => String, { description: 'mpesa, card or on_delivery (paid at the door, by M-Pesa or cash)' })
  paymentMethod!: string;

  @Field(() => String, {
    description:
      'What the shopper and admins read: pending, to_collect (paid on delivery, not yet), paid, failed, partially_refunded or refunded',
  })
  paymentState!: string;

  @Field(() => Int, { description: 'Refunds Paystack has processed, in cents of KES.' })
  refundedCents!: number;

  @Field(() => Int, {
    description:
      'A payment still to go back ("refund needed": paid twice, after the order was cancelled, or after its stock went), in cents; on admin lists and My Orders.',
  })
  refundNeededCents!: number;

  @Field(() => [OrderItemView])
  items!: OrderItemView[];

  @Field(() => Int)
  subtotalCents!: number;

  @Field(() => String, { nullable: true, description: 'The discount code the order was placed with.' })
  discountCode!: string | null;

  @Field(() => Int, { description: 'Taken off the subtotal by the discount code, in cents (0 without one).' })
  discountCents!: number;

  @Field(() => Int, { description: 'The fee charged (0 from Ksh 10,000 of goods).' })
  shippingFeeCents!: number;

  @Field(() => Int)
  totalCents!: number;

  @Field(() => String)
  currency!: string;

  @Field(() => DeliveryLocation)
  deliveryLocation!: DeliveryLocation;

  @Field(() => String)
  recipientName!: string;

  @Field(() => String)
  recipientEmail!: string;

  @Field(() => String)
  recipientPhone!: string;

  @Field(() => String)
  shippingAddress!: string;

  @Field(() => String)
  shippingCity!: string;

  @Field(() => String)
  shippingPostalCode!: string;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Boolean, { description: 'Order updates go to WhatsApp (SMS when WhatsApp cannot deliver them).' })
  whatsappUpdates!: boolean;

  @Field(() => Date, { nullable: true, description: 'When cash for an order paid on delivery was recorded.' })
  cashReceivedAt!: Date | null;

  @Field(() => String, { nullable: true, description: 'The admin who recorded the cash, or null.' })
  cashReceivedBy!: string | null;

  @Field(() => Date, { nullable: true, description: 'When the payment completed.' })
  paidAt!: Date | null;

  @Field(() => String, {
    description: 'Where the parcel is (issue 27): unfulfilled, packed, out_for_delivery, delivery_failed or delivered',
  })
  fulfilmentStage!: string;

  @Field(() => String, { description: 'What the shopper reads for it, e.g. "Paid — being prepared".' })
  stageLabel!: string;

  @Field(() => String, { description: "The order's tracking link is /track/<trackingToken>: unguessable." })
  trackingToken!: string;

  @Field(() => String, { nullable: true, description: 'Out for delivery with this rider…' })
  riderName!: string | null;

  @Field(() => String, { nullable: true })
  riderPhone!: string | null;

  @Field(() => String, { nullable: true, description: '…or with this courier and tracking number.' })
  courierName!: string | null;

  @Field(() => String, { nullable: true })
  trackingNumber!: string | null;

  @Field(() => String, { nullable: true, description: 'After a failed delivery attempt: the new date, YYYY-MM-DD.' })
  nextAttemptOn!: string | null;
}

/** Paid, and how much of it came back; an order paid on delivery is "to collect" until the rider has the money. */
export function paymentStateOf(
  order: Pick<Order, 'paymentStatus' | 'refundedCents' | 'totalCents' | 'paymentMethod' | 'status'>,
): string {
  if (order.refundedCents > 0)
    return refundableCents(order.totalCents, order.refundedCents) === 0 ? 'refunded' : 'partially_refunded';
  if (
    order.paymentMethod === PaymentMethod.ON_DELIVERY &&
    order.paymentStatus === PaymentStatus.PENDING &&
    order.status !== OrderStatus.CANCELLED
  )
    return 'to_collect';
  return order.paymentStatus === PaymentStatus.COMPLETED ? 'paid' : order.paymentStatus;
}

/** An order with its items and delivery location loaded. */
export function toOrderView(order: Order, { refundNeededCents = 0 }: { refundNeededCents?: number } = {}): OrderView {
  return Object.assign(new OrderView(), {
    id: order.id,
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    paymentState: paymentStateOf(order),
    refundedCents: order.refundedCents,
    refundNeededCents,
    items: order.items.getItems().map((item) =>
      Object.assign(new OrderItemView(), {
        id: item.id,
        productId: item.product.id,
        name: item.productName,
        variantId: item.variant?.id ?? null,
        sizeLabel: item.sizeLabel,
        unitPriceCents: item.unitPriceCents,
        quantity: item.quantity,
        lineTotalCents: lineTotalCents(item.unitPriceCents, item.quantity),
      }),
    ),
    subtotalCents: order.subtotalCents,
    discountCode: order.discountCode,
    discountCents: order.discountCents,
    shippingFeeCents: order.shippingFeeCents,
    totalCents: order.totalCents,
    currency: order.currency,
    deliveryLocation: order.deliveryLocation,
    recipientName: order.recipientName,
    recipientEmail: order.recipientEmail,
    recipientPhone: order.recipientPhone,
    shippingAddress: order.shippingAddress,
    shippingCity: order.shippingCity,
    shippingPostalCode: order.shippingPostalCode,
    createdAt: order.createdAt,
    whatsappUpdates: order.whatsappUpdates,
    cashReceivedAt: order.cashReceivedAt,
    cashReceivedBy: order.cashReceivedBy ? displayName(order.cashReceivedBy) : null,
    paidAt: order.paidAt,
    fulfilmentStage: order.fulfilmentStage,
    stageLabel: shopperStageLabel(order),
    trackingToken: order.trackingToken,
    riderName: order.riderName,
    riderPhone: order.riderPhone,
    courierName: order.courierName,
    trackingNumber: order.trackingNumber,
    nextAttemptOn: order.nextAttemptOn,
  });
}

import { Field, ID, Int, ObjectType } from 'type-graphql';
import { DeliveryLocation } from './delivery-location.entity';
import type { Order } from './order.entity';

@ObjectType('OrderItem', { simpleResolvers: true })
export class OrderItemView {
  @Field(() => Int)
  id!: number;

  @Field(() => Int)
  productId!: number;

  @Field(() => String, { description: 'The name when ordered.' })
  name!: string;

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

  @Field(() => String, { description: 'mpesa or card' })
  paymentMethod!: string;

  @Field(() => [OrderItemView])
  items!: OrderItemView[];

  @Field(() => Int)
  subtotalCents!: number;

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
}

/** An order with its items and delivery location loaded. */
export function toOrderView(order: Order): OrderView {
  return Object.assign(new OrderView(), {
    id: order.id,
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    items: order.items.getItems().map((item) =>
      Object.assign(new OrderItemView(), {
        id: item.id,
        productId: item.product.id,
        name: item.productName,
        unitPriceCents: item.unitPriceCents,
        quantity: item.quantity,
        lineTotalCents: item.unitPriceCents * item.quantity,
      }),
    ),
    subtotalCents: order.subtotalCents,
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
  });
}

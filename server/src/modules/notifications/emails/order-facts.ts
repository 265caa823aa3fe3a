import type { Order } from '../../orders/order.entity';
import { orderLineName } from '../../catalog/size-label';

/** What the order e-mails and SMS say about an order: plain values, so the preview can pass sample data. */
export interface OrderFacts {
  publicUrl: string;
  /** The shopper's own orders page, where this order is listed. */
  myOrdersUrl: string;
  /** The order's tracking page (issue 27): its unguessable link, in every order message. */
  trackingUrl: string;
  /** The short id the site shows (first 8 characters). */
  orderNumber: string;
  recipientName: string;
  lines: { name: string; quantity: number; unitPriceCents: number }[];
  subtotalCents: number;
  discountCode?: string;
  discountCents?: number;
  deliveryLocation: string;
  shippingFeeCents: number;
  totalCents: number;
  address: { street: string; city: string; postalCode: string };
  recipientPhone: string;
  paymentMethod: 'card' | 'mpesa' | 'on_delivery';
}

/** The facts of an order whose items and delivery location are loaded. */
export function orderFacts(order: Order, publicUrl: string): OrderFacts {
  return {
    publicUrl,
    myOrdersUrl: `${publicUrl}/my-orders`,
    trackingUrl: `${publicUrl}/track/${order.trackingToken}`,
    orderNumber: order.id.slice(0, 8),
    recipientName: order.recipientName,
    lines: order.items.getItems().map((item) => ({
      name: orderLineName(item.productName, item.sizeLabel),
      quantity: item.quantity,
      unitPriceCents: item.unitPriceCents,
    })),
    subtotalCents: order.subtotalCents,
    ...(order.discountCode && order.discountCents > 0
      ? { discountCode: order.discountCode, discountCents: order.discountCents }
      : {}),
    deliveryLocation: order.deliveryLocation.name,
    shippingFeeCents: order.shippingFeeCents,
    totalCents: order.totalCents,
    address: { street: order.shippingAddress, city: order.shippingCity, postalCode: order.shippingPostalCode },
    recipientPhone: order.recipientPhone,
    paymentMethod: order.paymentMethod,
  };
}

const methodNames: Record<OrderFacts['paymentMethod'], string> = {
  card: 'Card',
  mpesa: 'M-Pesa',
  on_delivery: 'Pay on delivery',
};
export const paymentMethodName = (method: OrderFacts['paymentMethod']) => methodNames[method];

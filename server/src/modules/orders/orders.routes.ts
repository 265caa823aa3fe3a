import { Router } from 'express';
import { sendData } from '../../core/envelope';
import { withRestFieldNames } from '../../core/rest-field-names';
import { centsToShillings } from '../../shared/money';
import { requireSelf } from '../accounts/guards';
import type { Order } from './order.entity';
import { ordersService } from './orders.service';

/** The spec's order: shillings as numbers, items with pid and quantity. */
export function toRestOrder(order: Order) {
  return {
    id: order.id,
    status: order.status,
    payment_status: order.paymentStatus,
    payment_method: order.paymentMethod,
    created_at: order.createdAt.toISOString(),
    items: order.items.getItems().map((item) => ({
      pid: String(item.product.id),
      quantity: String(item.quantity),
      name: item.productName,
      variant_id: item.variant?.id ?? null,
      size: item.sizeLabel,
      unit_price: centsToShillings(item.unitPriceCents),
    })),
    total_amount: centsToShillings(order.totalCents),
    shipping_fee: centsToShillings(order.shippingFeeCents),
    discount_code: order.discountCode,
    discount: centsToShillings(order.discountCents),
    currency: order.currency,
    delivery_location: order.deliveryLocation.name,
    recipient_name: order.recipientName,
    recipient_phone: order.recipientPhone,
    recipient_email: order.recipientEmail,
    shipping_address: order.shippingAddress,
    shipping_city: order.shippingCity,
    shipping_postal_code: order.shippingPostalCode,
    whatsapp_updates: order.whatsappUpdates,
    cash_received_at: order.cashReceivedAt?.toISOString() ?? null,
  };
}

/** The fields of an order's services as the spec's REST payload spells them. */
const restOrderFields = {
  deliveryLocationId: 'delivery_location_id',
  deliveryLocation: 'delivery_location',
  paymentMethod: 'payment_method',
  whatsappUpdates: 'whatsapp_updates',
  name: 'recipient_name',
  email: 'recipient_email',
  phone: 'recipient_phone',
  address: 'shipping_address',
  city: 'shipping_city',
  postalCode: 'shipping_postal_code',
};

export function ordersRoutes(): Router {
  const router = Router();

  // The spec's payload, its location named by delivery_location_id, delivery_location (the name) or, as the spec's
  // client sends it, the location's fee in shipping_fee (decision 0080); its total_amount, unit prices and
  // payment_status are ignored: the server computes them, and initialize refuses an amount that is not the total.
  // An Idempotency-Key header (Stripe's, and the IETF draft's) makes a retry answer with the first order, marked
  // Idempotent-Replayed (decision 0068).
  router.post(
    '/orders/create',
    withRestFieldNames(restOrderFields, async (request, response) => {
      const body = request.body ?? {};
      const method =
        typeof body.payment_method === 'string' ? body.payment_method.toLowerCase().replace('-', '') : undefined;
      const { order, replayed } = await ordersService.create(request.ctx, {
        idempotencyKey: request.get('idempotency-key'),
        deliveryLocationId: body.delivery_location_id,
        deliveryLocation: { name: body.delivery_location, shippingFee: body.shipping_fee },
        paymentMethod: method,
        whatsappUpdates: body.whatsapp_updates,
        shipping: {
          name: body.recipient_name,
          email: body.recipient_email,
          phone: body.recipient_phone,
          address: body.shipping_address,
          city: body.shipping_city,
          postalCode: body.shipping_postal_code,
        },
      });
      if (replayed) response.set('Idempotent-Replayed', 'true');
      sendData(response, { order: toRestOrder(order) }, 'Order created', 201);
    }),
  );

  router.get('/orders/user/:uid', async (request, response) => {
    requireSelf(request.ctx, request.params.uid, 'You can only see your own orders.');
    sendData(response, (await ordersService.mine(request.ctx)).map(toRestOrder), 'Orders fetched');
  });

  return router;
}

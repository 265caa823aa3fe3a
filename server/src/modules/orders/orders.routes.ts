import { Router } from 'express';
import { sendData } from '../../core/envelope';
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
  };
}

export function ordersRoutes(): Router {
  const router = Router();

  // The spec's payload plus delivery_location_id; its total_amount, shipping_fee, unit prices and
  // payment_status are ignored: the server computes them. An Idempotency-Key header (Stripe's, and the IETF
  // draft's) makes a retry answer with the first order, marked Idempotent-Replayed (decision 0068).
  router.post('/orders/create', async (request, response) => {
    const body = request.body ?? {};
    const method =
      typeof body.payment_method === 'string' ? body.payment_method.toLowerCase().replace('-', '') : undefined;
    const { order, replayed } = await ordersService.create(request.ctx, {
      idempotencyKey: request.get('idempotency-key'),
      deliveryLocationId: body.delivery_location_id,
      paymentMethod: method,
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
  });

  router.get('/orders/user/:uid', async (request, response) => {
    requireSelf(request.ctx, request.params.uid, 'You can only see your own orders.');
    sendData(response, (await ordersService.mine(request.ctx)).map(toRestOrder), 'Orders fetched');
  });

  return router;
}

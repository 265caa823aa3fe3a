import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import { isValidEmail, normaliseEmail } from '../../config/email-address';
import { isPostgresInteger } from '../../shared/input-check';
import { invalidKenyanMobileMessage, kenyanMobile } from '../../shared/kenyan-mobile';
import { trimmedText } from '../../shared/trimmed-text';
import { isUuid } from '../../shared/uuid';
import { metricsOf } from '../../shared/shop-metrics';
import { requireViewer } from '../accounts/guards';
import { DeliveryLocation } from './delivery-location.entity';
import { deliveryService } from './delivery.service';
import { Order, OrderItem, OrderStatus, PaymentMethod, PaymentStatus } from './order.entity';
import { announceCatalogueChange } from '../../events/catalogue-change';
import { placeOrder, type PlacedOrderRows } from './place-order';
import { queueOnDeliveryConfirmations } from '../notifications/notifications.service';
import { refundNeededByOrder } from './refund-needed';
import { idempotencyKeyOf, orderOfRetriedCheckout } from './idempotent-checkout';

export interface ShippingForm {
  name?: unknown;
  email?: unknown;
  phone?: unknown;
  address?: unknown;
  city?: unknown;
  postalCode?: unknown;
}

export interface CreateOrderInput {
  deliveryLocationId?: unknown;
  /** Without an id: the location's name, or the shipping fee the spec's payload carries (decision 0080). */
  deliveryLocation?: { name?: unknown; shippingFee?: unknown };
  paymentMethod?: unknown;
  shipping: ShippingForm;
  /** The client's key for this checkout (Idempotency-Key), so a retry answers with the same order. */
  idempotencyKey?: unknown;
  /** Order updates on WhatsApp instead of SMS (true), else SMS. */
  whatsappUpdates?: unknown;
}

/** A placed order, and whether it was placed by an earlier request with the same idempotency key. */
export interface CreatedOrder {
  order: Order;
  replayed: boolean;
}

const text = trimmedText;

/**
 * The spec's shipping form: six fields (the postal code optional), an e-mail, and a Kenyan mobile number as +254….
 * The e-mail may stay empty for an account without one (signed in with a phone, issue 26): its order updates go by
 * SMS or WhatsApp.
 */
export function validateShipping(form: ShippingForm, { emailRequired = true }: { emailRequired?: boolean } = {}) {
  const shipping = {
    name: text(form.name),
    email: normaliseEmail(form.email),
    phone: text(form.phone),
    address: text(form.address),
    city: text(form.city),
    postalCode: text(form.postalCode),
  };
  // A Kenyan address seldom has a postal code: every field but that one is required (issue 26).
  const missing = (Object.keys(shipping) as (keyof typeof shipping)[]).find(
    (field) => field !== 'postalCode' && !(field === 'email' && !emailRequired) && !shipping[field],
  );
  if (missing) throw AppError.field(missing, 'REQUIRED', 'Please fill in all fields');
  if ((emailRequired || shipping.email) && !isValidEmail(shipping.email))
    throw AppError.field('email', 'INVALID_EMAIL', 'Please enter a valid email address');
  const phone = kenyanMobile(shipping.phone);
  if (!phone) throw AppError.field('phone', 'INVALID_PHONE', invalidKenyanMobileMessage);
  return { ...shipping, phone };
}

/** A placed order mapped from the rows the write returned: the location first, so the order's reference is it. */
function mapPlaced(em: EntityManager, placed: PlacedOrderRows): Order {
  em.map(DeliveryLocation, placed.location);
  const created = em.map(Order, placed.order);
  created.items.hydrate(placed.items.map((item) => em.map(OrderItem, item)));
  return created;
}

/** What every answer about an order shows besides its own columns. */
export const orderPopulate = ['items', 'deliveryLocation', 'cashReceivedBy'] as const;

/** An order as answers show it; `refresh` when a transaction changed its row behind this context's copy. */
export async function loadOrder(em: EntityManager, id: string, { refresh = false } = {}): Promise<Order> {
  return em.findOneOrFail(Order, { id }, { populate: orderPopulate, refresh });
}

export const ordersService = {
  /**
   * An order from the cart: lines, subtotal, fee and total from the server's own prices, stock reserved
   * in the same transaction (each line's decrement only succeeds while enough is left, so concurrent
   * orders can never take stock below zero). Status pending, payment pending.
   */
  async create(ctx: RequestContext, input: CreateOrderInput): Promise<CreatedOrder> {
    const viewer = requireViewer(ctx);
    const idempotencyKey = idempotencyKeyOf(input.idempotencyKey);
    const shipping = validateShipping(input.shipping, { emailRequired: viewer.email !== null });
    const method =
      input.paymentMethod === undefined || input.paymentMethod === null || input.paymentMethod === ''
        ? PaymentMethod.MPESA
        : input.paymentMethod;
    if (method !== PaymentMethod.MPESA && method !== PaymentMethod.CARD && method !== PaymentMethod.ON_DELIVERY) {
      throw AppError.field('paymentMethod', 'INVALID_PAYMENT_METHOD', 'Choose M-Pesa, card or pay on delivery.');
    }
    const id = randomUUID();
    const locationInput: unknown =
      (input.deliveryLocationId === undefined || input.deliveryLocationId === null) && input.deliveryLocation
        ? await deliveryService.locationIdFor(ctx, input.deliveryLocation)
        : input.deliveryLocationId;
    // A number or a string of digits: Number() would also read [3] as 3 and true as 1.
    const locationId =
      typeof locationInput === 'number' || (typeof locationInput === 'string' && /^\d{1,10}$/.test(locationInput))
        ? Number(locationInput)
        : Number.NaN;
    if (!isPostgresInteger(locationId)) {
      throw AppError.field('deliveryLocationId', 'REQUIRED', 'Select Delivery Location');
    }
    let placed;
    try {
      placed = await ctx.em.transactional(async (em) => {
        const rows = await placeOrder(em, {
          id,
          userId: viewer.id,
          paymentMethod: method,
          deliveryLocationId: locationId,
          shipping,
          reservedUntil: new Date(Date.now() + ctx.config.reservationMinutes * 60_000),
          lowStockThreshold: ctx.config.lowStockThreshold,
          idempotencyKey,
          whatsappUpdates: input.whatsappUpdates === true,
        });
        // Paid at the door: confirmed now, with the amount to have ready, since no payment will confirm it.
        if (method === PaymentMethod.ON_DELIVERY) {
          await queueOnDeliveryConfirmations(em, mapPlaced(em, rows), ctx.config.publicUrl);
        }
        return rows;
      });
    } catch (error) {
      // A retry of a checkout that went through (its answer lost) finds the cart emptied or the key taken: it is
      // answered with that order. Only then is the key looked up, so a first attempt costs no statement more.
      const earlier =
        idempotencyKey === null
          ? null
          : await orderOfRetriedCheckout(ctx.em, error, {
              userId: viewer.id,
              key: idempotencyKey,
              deliveryLocationId: locationId,
              shipping,
            });
      if (!earlier) throw error;
      return { order: earlier, replayed: true };
    }
    metricsOf(ctx.em)?.orderPlaced(method);
    return { order: mapPlaced(ctx.em, placed), replayed: false };
  },

  /** The caller's own orders, newest first. */
  async mine(ctx: RequestContext): Promise<Order[]> {
    const viewer = requireViewer(ctx);
    return ctx.em.find(Order, { user: viewer.id }, { populate: orderPopulate, orderBy: { createdAt: 'desc' } });
  },

  /** One of the caller's own orders (the checkout's ending, its page); another account's is "not found". */
  async mineById(ctx: RequestContext, id: unknown): Promise<{ order: Order; refundNeededCents: number }> {
    const viewer = requireViewer(ctx);
    if (!isUuid(id)) throw AppError.notFound('Order not found');
    const order = await ctx.em.findOne(Order, { id, user: viewer.id }, { populate: orderPopulate });
    if (!order) throw AppError.notFound('Order not found');
    const refundNeeded = await refundNeededByOrder(ctx.em, [order.id]);
    return { order, refundNeededCents: refundNeeded.get(order.id) ?? 0 };
  },

  /** The caller's own orders with what the shop still owes back on each (My Orders: "refund due"). */
  async mineWithRefundsDue(ctx: RequestContext): Promise<{ orders: Order[]; refundNeeded: Map<string, number> }> {
    const orders = await this.mine(ctx);
    const refundNeeded = await refundNeededByOrder(
      ctx.em,
      orders.map((order) => order.id),
    );
    return { orders, refundNeeded };
  },
};

/**
 * Unpaid orders still holding stock whose hold has run out. An order paid on delivery holds its stock until it is
 * delivered or cancelled, however long the ride. The partial index `orders_reserved_until_index` holds exactly the
 * unpaid, held orders (migration 0037), so the sweep never reads the paid ones however many there are.
 */
export const expiredReservationsSql = `select id from orders where stock_released_at is null and payment_status = ?
    and status = ? and reserved_until < ? and payment_method <> ? for update skip locked`;

/**
 * Gives back the stock of unpaid orders whose hold has run out: the order is cancelled and its payment
 * failed. Each order is locked (skip locked), so two workers never release the same stock twice.
 */
export async function releaseExpiredReservations(em: EntityManager, now = new Date()): Promise<number> {
  return em.transactional(async (trx) => {
    const context = trx.getTransactionContext();
    const expired = await trx
      .getConnection()
      .execute<{ id: string }[]>(
        expiredReservationsSql,
        [PaymentStatus.PENDING, OrderStatus.PENDING, now, PaymentMethod.ON_DELIVERY],
        'all',
        context,
      );
    if (expired.length === 0) return 0;
    const ids = expired.map((row) => row.id);
    await releaseOrderStock(trx, ids, now);
    await trx.nativeUpdate(
      Order,
      { id: { $in: ids } },
      { paymentStatus: PaymentStatus.FAILED, status: OrderStatus.CANCELLED },
    );
    return ids.length;
  });
}

/**
 * Puts the stock of these orders back on the shelf and marks it released (within the caller's transaction,
 * with the orders locked). Orders whose stock already went back are skipped, so no path releases twice.
 */
export async function releaseOrderStock(em: EntityManager, orderIds: string[], now = new Date()): Promise<void> {
  if (orderIds.length === 0) return;
  const connection = em.getConnection();
  const context = em.getTransactionContext();
  const releasedLines = `select oi.product_id, oi.variant_id, oi.quantity from order_items oi join orders o on o.id = oi.order_id
                          where oi.order_id in (?) and o.stock_released_at is null and oi.variant_id is not null`;
  // A product's row before its sizes' (the lock order every stock change keeps, so none deadlock).
  await connection.execute(
    `select p.id from products p where p.id in (select product_id from (${releasedLines}) lines) order by p.id for update`,
    [orderIds],
    'all',
    context,
  );
  const returned = await connection.execute<{ id: number; quantity: number; returned: number }[]>(
    `update product_variants v set quantity = v.quantity + returned.quantity, updated_at = now()
     from (select variant_id, sum(quantity)::int as quantity from (${releasedLines}) lines group by variant_id) returned
     where v.id = returned.variant_id
     returning v.product_id as id, v.quantity, returned.quantity as returned`,
    [orderIds],
    'all',
    context,
  );
  if (returned.length > 0) {
    await announceCatalogueChange(em, {
      stockChangedIds: returned.map((row) => row.id),
      // Back from none: lists filtered by availability gain these.
      inStockFlippedIds: returned
        .filter((row) => row.quantity === row.returned && row.returned > 0)
        .map((row) => row.id),
    });
  }
  await em.nativeUpdate(Order, { id: { $in: orderIds }, stockReleasedAt: null }, { stockReleasedAt: now });
}

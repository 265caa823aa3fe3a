import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../core/errors';
import { queryPrepared } from '../../shared/prepared-statements';
import { singleRow } from '../../shared/single-row';
import { catalogueChannel, noticeOfCatalogueChange } from '../../events/catalogue-change';
import { outOfStock } from '../cart/cart.service';
import type { AdminNotificationInput } from '../notifications/admin-notifications';
import { lowStockNotifications } from '../notifications/admin-notifications';
import { formatKsh } from '../../shared/money';
import { lineTotalCents, orderTotals, subtotalCents, unitPriceCents } from './order-money';
import { canTake, soldOutBy, stockAfter } from './stock-rules';
import { newTrackingToken, PaymentMethod } from './order.entity';
import { payOnDeliveryRefusal } from './pay-on-delivery-rules';
import { discountUsageColumns, type DiscountWithUsage } from '../discounts/discount-rules';
import { discountCentsFor } from '../discounts/discount-amount';
import type { Concentration } from '../catalog/product-variant.entity';
import { nameWithSize, sizeLabel } from '../catalog/size-label';

const sizeOf = (line: LockedLine) => ({
  sizeMl: line.size_ml,
  concentration: line.concentration,
  isSample: line.is_sample,
});

/** The chosen delivery location's terms, as checkout reads them with the cart. */
interface LocationTerms {
  name: string;
  fee_cents: number;
  pay_on_delivery: boolean;
  pay_on_delivery_max_cents: number;
}

/** A cart line locked with its product and size, as checkout reads it. */
interface LockedLine {
  product_id: number;
  variant_id: number;
  needed: number;
  name: string;
  size_ml: number | null;
  concentration: Concentration | null;
  is_sample: boolean;
  /** The size's. */
  quantity: number;
  price_cents: number;
  sale_price_cents: number | null;
  on_sale: boolean;
  archived_at: Date | null;
  location: LocationTerms | null;
  category_ids: number[];
  discount_code_id: number | null;
}

export interface OrderToPlace {
  id: string;
  userId: string;
  paymentMethod: PaymentMethod;
  deliveryLocationId: number;
  shipping: { name: string; email: string; phone: string; address: string; city: string; postalCode: string };
  reservedUntil: Date;
  lowStockThreshold: number;
  /** The checkout's key (decision 0068): a second order with it fails on the unique (user, key) constraint. */
  idempotencyKey: string | null;
  /** The shopper's choice of WhatsApp for order updates. */
  whatsappUpdates: boolean;
}

/**
 * Places an order from the shopper's cart in two statements inside the caller's transaction, whatever the
 * number of lines (decision 0045): the cart lines are locked with their products in product id order (every
 * stock change locks in this order, so two never deadlock) and checked; then one statement lowers the
 * stock, writes the order, its lines and the admins' notifications, empties the cart and announces the
 * stock change (delivered when the transaction commits). Prices, fee and totals are the server's own. An
 * applied discount code adds two statements before the write (see lockedDiscount).
 */
/** What placing wrote, as PostgreSQL has it (defaults filled in): rows to map into entities, not to re-read. */
export interface PlacedOrderRows {
  order: Record<string, unknown>;
  items: Record<string, unknown>[];
  location: Record<string, unknown>;
}

export async function placeOrder(em: EntityManager, order: OrderToPlace): Promise<PlacedOrderRows> {
  const lines = await queryPrepared<LockedLine>(
    em,
    `select ci.product_id, ci.variant_id, ci.quantity as needed, p.name, v.size_ml, v.concentration, v.is_sample,
            v.quantity, v.price_cents, v.sale_price_cents, v.on_sale, coalesce(p.archived_at, v.archived_at) as archived_at,
            (select jsonb_build_object('name', name, 'fee_cents', fee_cents, 'pay_on_delivery', pay_on_delivery,
                                       'pay_on_delivery_max_cents', pay_on_delivery_max_cents)
               from delivery_locations where id = ?) as location,
            (select coalesce(json_agg(pc.category_id), '[]') from product_categories pc where pc.product_id = p.id)
              as category_ids,
            (select discount_code_id from cart_discount_codes where user_id = ci.user_id) as discount_code_id
       from cart_items ci join products p on p.id = ci.product_id join product_variants v on v.id = ci.variant_id
      where ci.user_id = ? order by p.id, v.id for update of ci, p, v`,
    [order.deliveryLocationId, order.userId],
  );
  const location = lines.length > 0 ? lines[0]!.location : await locationTerms(em, order.deliveryLocationId);
  if (!location) throw AppError.field('deliveryLocationId', 'REQUIRED', 'Select Delivery Location');
  const feeCents = location.fee_cents;
  if (lines.length === 0) throw AppError.field('cart', 'EMPTY_CART', 'Your cart is empty');
  for (const line of lines) {
    const name = nameWithSize(line.name, sizeOf(line));
    // An archived product or size (removed by the admin while it sat in a cart) is never sold again.
    if (line.archived_at) throw AppError.field('cart', 'PRODUCT_UNAVAILABLE', `${name} is no longer sold.`);
    if (!canTake(line.quantity, line.needed)) throw outOfStock(name, line.quantity);
  }
  const items = lines.map((line) => {
    const unitCents = unitPriceCents({
      priceCents: line.price_cents,
      salePriceCents: line.sale_price_cents,
      onSale: line.on_sale,
    });
    return {
      productId: line.product_id,
      variantId: line.variant_id,
      sizeLabel: sizeLabel(sizeOf(line)),
      name: line.name,
      quantity: line.needed,
      unitPriceCents: unitCents,
      lineTotalCents: lineTotalCents(unitCents, line.needed),
    };
  });
  const discountId = lines[0]?.discount_code_id ?? null;
  const discount = discountId === null ? null : await lockedDiscount(em, discountId, order.userId);
  const discountCents = discount
    ? discountCentsFor(
        discount,
        lines.map((line, index) => ({
          productId: line.product_id,
          categoryIds: line.category_ids,
          lineTotalCents: items[index]!.lineTotalCents,
        })),
      )
    : 0;
  // Free delivery is judged after the discount (decision 0056): a code cannot make delivery free.
  const totals = orderTotals(subtotalCents(items), discountCents, feeCents);
  if (order.paymentMethod === PaymentMethod.ON_DELIVERY) {
    const refusal = payOnDeliveryRefusal(
      { name: location.name, payOnDelivery: location.pay_on_delivery, maxCents: location.pay_on_delivery_max_cents },
      totals.totalCents,
    );
    if (refusal) throw AppError.field('paymentMethod', refusal.code, refusal.message);
  }
  const { shipping } = order;
  const notifications: AdminNotificationInput[] = [
    {
      type: 'order',
      title: 'New order',
      text:
        `${shipping.name} ordered ${items.length} ${items.length === 1 ? 'item' : 'items'} for ${formatKsh(totals.totalCents)}` +
        (order.paymentMethod === PaymentMethod.ON_DELIVERY ? ', to be paid on delivery' : ''),
      link: '/oxalis/orders',
    },
    ...lowStockNotifications(
      order.lowStockThreshold,
      lines.map((line) => ({
        name: nameWithSize(line.name, sizeOf(line)),
        quantity: stockAfter(line.quantity, line.needed),
        previousQuantity: line.quantity,
      })),
    ),
  ];
  const notice = noticeOfCatalogueChange(em, {
    stockChangedIds: items.map((item) => item.productId),
    stockOnlyFell: true,
    // Sold out by this order: lists filtered by availability lose these.
    inStockFlippedIds: lines.filter((line) => soldOutBy(line.quantity, line.needed)).map((line) => line.product_id),
  });
  // Lists travel as one JSON parameter each: the driver would spread a JS array into a list of parameters.
  // The written rows come back as JSON (one jsonb column each, whatever columns a later migration adds), so the
  // answer is made from them rather than by reading the order again.
  return singleRow(
    await queryPrepared<PlacedOrderRows>(
      em,
      `with wanted as (
         select * from jsonb_to_recordset(?::jsonb)
           as n(product_id int, variant_id int, size_label text, product_name text, unit_price_cents int, quantity int)),
       stock as (
         update product_variants v set quantity = v.quantity - wanted.quantity, updated_at = now()
           from wanted where v.id = wanted.variant_id),
       placed as (
         insert into orders (id, user_id, payment_method, subtotal_cents, shipping_fee_cents, total_cents,
                             delivery_location_id, recipient_name, recipient_email, recipient_phone, shipping_address,
                             shipping_city, shipping_postal_code, reserved_until, discount_code_id, discount_code,
                             discount_cents, idempotency_key, whatsapp_updates, tracking_token)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning *),
       lines as (
         insert into order_items (order_id, product_id, variant_id, size_label, product_name, unit_price_cents, quantity)
         select placed.id, wanted.product_id, wanted.variant_id, wanted.size_label, wanted.product_name,
                wanted.unit_price_cents, wanted.quantity
           from placed, wanted order by wanted.product_id, wanted.variant_id returning *),
       emptied as (delete from cart_items where user_id = ?),
       unapplied as (delete from cart_discount_codes where user_id = ?),
       noted as (
         insert into admin_notifications (type, title, text, link)
         select * from jsonb_to_recordset(?::jsonb) as n(type text, title text, text text, link text))
       select pg_notify(?, ?), to_jsonb(placed) as order,
              (select jsonb_agg(to_jsonb(lines) order by lines.product_id, lines.variant_id) from lines) as items,
              (select to_jsonb(location) from delivery_locations location where location.id = placed.delivery_location_id)
                as location
         from placed`,
      [
        JSON.stringify(
          items.map((item) => ({
            product_id: item.productId,
            variant_id: item.variantId,
            size_label: item.sizeLabel,
            product_name: item.name,
            unit_price_cents: item.unitPriceCents,
            quantity: item.quantity,
          })),
        ),
        order.id,
        order.userId,
        order.paymentMethod,
        totals.subtotalCents,
        totals.shippingFeeCents,
        totals.totalCents,
        order.deliveryLocationId,
        shipping.name,
        shipping.email,
        shipping.phone,
        shipping.address,
        shipping.city,
        shipping.postalCode,
        order.reservedUntil,
        discount?.id ?? null,
        discount?.code ?? null,
        discountCents,
        order.idempotencyKey,
        order.whatsappUpdates,
        newTrackingToken(),
        order.userId,
        order.userId,
        JSON.stringify(notifications.map((note) => ({ ...note, link: note.link ?? null }))),
        catalogueChannel,
        notice,
      ],
    ),
  );
}

/**
 * The applied code's row locked, then its uses counted by a later statement, which (read committed) sees every
 * order committed by whoever held the lock before: parallel checkouts with one code queue here, so a use limit
 * holds across instances (decision 0056). Two statements, only when a code is applied. Every checkout locks its
 * cart and products first and the code last, so two never deadlock.
 */
async function lockedDiscount(em: EntityManager, id: number, userId: string): Promise<DiscountWithUsage | null> {
  await queryPrepared(em, 'select id from discount_codes where id = ? for update', [id]);
  const [discount] = await queryPrepared<DiscountWithUsage>(
    em,
    `select ${discountUsageColumns} from discount_codes d where d.id = ?`,
    [userId, userId, userId, id],
  );
  return discount ?? null;
}

async function locationTerms(em: EntityManager, id: number): Promise<LocationTerms | null> {
  const [row] = await queryPrepared<LocationTerms>(
    em,
    'select name, fee_cents, pay_on_delivery, pay_on_delivery_max_cents from delivery_locations where id = ?',
    [id],
  );
  return row ?? null;
}

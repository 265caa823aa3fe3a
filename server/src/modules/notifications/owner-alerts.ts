import { shopTimeZone } from '../../shared/shop-calendar';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ShopAlerts, ShopSettings } from '../../config/config';
import type { Order } from '../orders/order.entity';
import { renderLowStockDigestEmail } from './emails/low-stock-digest-email';
import {
  ownerAlertSms,
  renderOwnerAlertEmail,
  type OwnerAlertKind,
  type OwnerOrderFacts,
} from './emails/owner-alert-email';
import { queueEmail, queueSms } from './notifications.service';

/** As many as the dashboard names; the e-mail says how many more there are. */
export const lowStockDigestShown = 20;

export const noShopAlerts: ShopAlerts = { email: undefined, phone: undefined };

/** What the owner is told of an order whose items are loaded (or loadable through `em`). */
async function ownerFacts(em: EntityManager, order: Order, publicUrl: string): Promise<OwnerOrderFacts> {
  await em.populate(order, ['items']);
  return {
    publicUrl,
    orderNumber: order.id.slice(0, 8),
    customerName: order.recipientName,
    customerEmail: order.recipientEmail,
    customerPhone: order.recipientPhone,
    totalCents: order.totalCents,
    itemCount: order.items.getItems().reduce((sum, item) => sum + item.quantity, 0),
  };
}

/**
 * An e-mail to SHOP_ALERT_EMAIL and an SMS to SHOP_ALERT_PHONE (each when set) about an order that was paid or
 * whose money must go back, queued in the caller's transaction: they exist exactly when the change does, and the
 * worker sends them with its retries.
 */
export async function queueOwnerAlert(
  em: EntityManager,
  alerts: ShopAlerts,
  publicUrl: string,
  alert: { kind: OwnerAlertKind; order: Order; reason?: string },
): Promise<void> {
  if (!alerts.email && !alerts.phone) return;
  const props = { kind: alert.kind, reason: alert.reason, order: await ownerFacts(em, alert.order, publicUrl) };
  if (alerts.email) queueEmail(em, { to: alerts.email, ...(await renderOwnerAlertEmail(props)) });
  if (alerts.phone) queueSms(em, alerts.phone, ownerAlertSms(props));
}

interface LowStockRow {
  total_count: number;
  products: { id: number; name: string; quantity: number }[];
}

/**
 * The day's low-stock digest to SHOP_ALERT_EMAIL, once per shop day across every instance: the one whose insert
 * of today's row succeeds queues the e-mail in the same transaction (a lost race inserts nothing and sends
 * nothing; a failure rolls the row back, so the next round tries again). Nothing low: no row, no e-mail, and a
 * later round the same day may still send one. Returns whether this call queued the e-mail.
 */
export async function queueLowStockDigest(em: EntityManager, settings: ShopSettings): Promise<boolean> {
  const { lowStockThreshold: threshold, publicUrl, shopAlerts } = settings;
  const email = shopAlerts?.email;
  if (!email) return false;
  return em.transactional(async (trx) => {
    const connection = trx.getConnection();
    const context = trx.getTransactionContext();
    const [low] = await connection.execute<LowStockRow[]>(
      `select (select count(*)::int from products where archived_at is null and quantity <= ?::int) as total_count,
         coalesce((select json_agg(json_build_object('id', p.id, 'name', p.name, 'quantity', p.quantity)
                                   order by p.quantity, p.id)
           from (select id, name, quantity from products where archived_at is null and quantity <= ?::int
                  order by quantity, id limit ?::int) p), '[]'::json) as products`,
      [threshold, threshold, lowStockDigestShown],
      'all',
      context,
    );
    if (!low || low.total_count === 0) return false;
    const inserted = await connection.execute<{ day: string }[]>(
      `insert into low_stock_digests (day, product_count) values ((now() at time zone ?::text)::date, ?)
         on conflict (day) do nothing returning day`,
      [shopTimeZone, low.total_count],
      'all',
      context,
    );
    if (inserted.length === 0) return false;
    const rendered = await renderLowStockDigestEmail({
      publicUrl,
      threshold,
      products: low.products,
      totalCount: low.total_count,
    });
    queueEmail(trx, { to: email, ...rendered });
    return true;
  });
}

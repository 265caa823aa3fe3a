import type { EntityManager } from '@mikro-orm/core';
import { AdminNotification, type AdminNotificationType } from './admin-notification.entity';
import { fallsToLowStock } from '../orders/stock-rules';

export interface AdminNotificationInput {
  type: AdminNotificationType;
  title: string;
  text: string;
  link?: string | null;
}

/**
 * Records a notification for the admins in the caller's unit of work: call it inside the transaction that
 * made the event happen, so the notification exists exactly when the event does. The caller's flush
 * writes it.
 */
export function recordAdminNotification(em: EntityManager, input: AdminNotificationInput): AdminNotification {
  return em.create(AdminNotification, {
    type: input.type,
    title: input.title,
    text: input.text,
    link: input.link ?? null,
  });
}

export interface StockLevel {
  name: string;
  /** The quantity after the change. */
  quantity: number;
  /** The quantity before the change, when known: only a product that crosses the threshold is reported. */
  previousQuantity?: number;
  /** The size, as size-label.ts names it ("5 ml decant · Eau de Parfum"); the note names it after the product. */
  sizeLabel?: string;
}

/**
 * A low-stock notification for each product now at or below the threshold that was above it before the
 * change (when the caller knows the previous quantity), so each fall is reported once, not on every sale.
 */
export function noteLowStock(em: EntityManager, threshold: number, products: StockLevel[]): AdminNotification[] {
  return lowStockNotifications(threshold, products).map((input) => recordAdminNotification(em, input));
}

/** The low-stock notifications a change calls for (see noteLowStock), for a writer that inserts them itself. */
export function lowStockNotifications(threshold: number, products: StockLevel[]): AdminNotificationInput[] {
  return products
    .filter((product) => fallsToLowStock(threshold, product.quantity, product.previousQuantity))
    .map((product) => {
      const name = product.sizeLabel ? `${product.name} — ${product.sizeLabel}` : product.name;
      return { name, quantity: product.quantity };
    })
    .map((product) => ({
      type: 'low-stock',
      title: 'Low stock',
      text:
        product.quantity === 0
          ? `${product.name} is out of stock`
          : `${product.name} has ${product.quantity} left (threshold ${threshold})`,
      link: '/oxalis/inventory',
    }));
}

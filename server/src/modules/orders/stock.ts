import type { EntityManager } from '@mikro-orm/postgresql';
import { announceCatalogueChange } from '../../events/catalogue-change';
import { noteLowStock, type StockLevel } from '../notifications/admin-notifications';
import { OrderItem } from './order.entity';
import { canTake, soldOutBy, stockAfter } from './stock-rules';

/** A product's row as it was before stock was taken, with how much is wanted of it. */
export interface StockRow {
  id: number;
  name: string;
  /** On the shelf before this take. */
  quantity: number;
  needed: number;
  price_cents: number;
  sale_price_cents: number | null;
  on_sale: boolean;
  archived_at: Date | null;
}

export type StockTake =
  | { taken: true; rows: StockRow[] }
  /** The first product, in id order, that cannot be had; `row` is undefined when the product is gone. */
  | { taken: false; productId: number; row: StockRow | undefined };

/**
 * Takes stock off the shelf, all or nothing, in three statements whatever the number of products: the rows
 * are locked in product id order (every stock change locks in this order, so two never deadlock), checked,
 * lowered in one update, and the change announced (delivered when the caller's transaction commits). With
 * `sellableOnly`, an archived product counts as unavailable (checkout); taking back an order's own stock does not ask.
 */
export async function takeStock(
  em: EntityManager,
  wanted: readonly { productId: number; quantity: number }[],
  { sellableOnly = false }: { sellableOnly?: boolean } = {},
): Promise<StockTake> {
  const neededById = new Map<number, number>();
  for (const { productId, quantity } of wanted) neededById.set(productId, (neededById.get(productId) ?? 0) + quantity);
  const ids = [...neededById.keys()].sort((a, b) => a - b);
  const connection = em.getConnection();
  const context = em.getTransactionContext();
  // Postgres array literals: the driver would spread a JS array into a list of parameters.
  const needs = [`{${ids.join(',')}}`, `{${ids.map((id) => neededById.get(id)).join(',')}}`];
  const rows = await connection.execute<StockRow[]>(
    `select p.id, p.name, p.quantity, n.needed, p.price_cents, p.sale_price_cents, p.on_sale, p.archived_at
       from products p join unnest(?::int[], ?::int[]) as n(product_id, needed) on n.product_id = p.id
      order by p.id for update of p`,
    needs,
    'all',
    context,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const id of ids) {
    const row = byId.get(id);
    if (!row || !canTake(row.quantity, row.needed) || (sellableOnly && row.archived_at)) {
      return { taken: false, productId: id, row };
    }
  }
  await connection.execute(
    `update products p set quantity = p.quantity - n.needed, updated_at = now()
       from unnest(?::int[], ?::int[]) as n(product_id, needed) where p.id = n.product_id`,
    needs,
    'run',
    context,
  );
  await announceCatalogueChange(em, {
    stockChangedIds: ids,
    // Sold out by this take: lists filtered by availability lose these.
    inStockFlippedIds: rows.filter((row) => soldOutBy(row.quantity, row.needed)).map((row) => row.id),
  });
  return { taken: true, rows };
}

/** What the low-stock note needs to know of a take. */
export function stockLevelsAfter(rows: readonly StockRow[]): StockLevel[] {
  return rows.map((row) => ({
    name: row.name,
    quantity: stockAfter(row.quantity, row.needed),
    previousQuantity: row.quantity,
  }));
}

/** An order's own stock taken again (a reopened order, a payment after its hold ran out), noted when low. */
export async function retakeOrderStock(
  em: EntityManager,
  orderId: string,
  lowStockThreshold: number,
): Promise<StockTake> {
  const items = await em.find(OrderItem, { order: orderId });
  const take = await takeStock(
    em,
    items.map((item) => ({ productId: item.product.id, quantity: item.quantity })),
  );
  if (take.taken) noteLowStock(em, lowStockThreshold, stockLevelsAfter(take.rows));
  return take;
}

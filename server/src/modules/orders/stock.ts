import type { EntityManager } from '@mikro-orm/postgresql';
import { announceCatalogueChange } from '../../events/catalogue-change';
import { noteLowStock, type StockLevel } from '../notifications/admin-notifications';
import { OrderItem } from './order.entity';
import { canTake, soldOutBy, stockAfter } from './stock-rules';
import type { Concentration } from '../catalog/product-variant.entity';
import { nameWithSize } from '../catalog/size-label';

/** A size's row as it was before stock was taken, with how much is wanted of it. */
export interface StockRow {
  /** The size's id. */
  id: number;
  product_id: number;
  name: string;
  size_ml: number | null;
  concentration: Concentration | null;
  is_sample: boolean;
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
  /** The first size, in lock order, that cannot be had; `row` is undefined when the size is gone. */
  | { taken: false; variantId: number; row: StockRow | undefined };

/**
 * Takes stock of sizes off the shelf, all or nothing, in three statements whatever the number of lines: the
 * products' rows and then their sizes' rows are locked in (product id, size id) order (every stock change locks
 * a product before its sizes, in this order, so two never deadlock), checked, lowered in one update, and the
 * change announced (delivered when the caller's transaction commits). With `sellableOnly`, an archived product
 * or size counts as unavailable (checkout); taking back an order's own stock does not ask.
 */
export async function takeStock(
  em: EntityManager,
  wanted: readonly { variantId: number; quantity: number }[],
  { sellableOnly = false }: { sellableOnly?: boolean } = {},
): Promise<StockTake> {
  const neededById = new Map<number, number>();
  for (const { variantId, quantity } of wanted) neededById.set(variantId, (neededById.get(variantId) ?? 0) + quantity);
  const ids = [...neededById.keys()];
  const connection = em.getConnection();
  const context = em.getTransactionContext();
  // Postgres array literals: the driver would spread a JS array into a list of parameters.
  const needs = [`{${ids.join(',')}}`, `{${ids.map((id) => neededById.get(id)).join(',')}}`];
  const rows = await connection.execute<StockRow[]>(
    `select v.id, v.product_id, p.name, v.size_ml, v.concentration, v.is_sample, v.quantity, n.needed, v.price_cents,
            v.sale_price_cents, v.on_sale, coalesce(p.archived_at, v.archived_at) as archived_at
       from product_variants v join products p on p.id = v.product_id
       join unnest(?::int[], ?::int[]) as n(variant_id, needed) on n.variant_id = v.id
      order by p.id, v.id for update of p, v`,
    needs,
    'all',
    context,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const id of [...ids].sort((a, b) => a - b)) {
    const row = byId.get(id);
    if (!row || !canTake(row.quantity, row.needed) || (sellableOnly && row.archived_at)) {
      return { taken: false, variantId: id, row };
    }
  }
  await connection.execute(
    `update product_variants v set quantity = v.quantity - n.needed, updated_at = now()
       from unnest(?::int[], ?::int[]) as n(variant_id, needed) where v.id = n.variant_id`,
    needs,
    'run',
    context,
  );
  await announceCatalogueChange(em, {
    stockChangedIds: [...new Set(rows.map((row) => row.product_id))],
    stockOnlyFell: true,
    // Sold out by this take: lists filtered by availability lose these.
    inStockFlippedIds: rows.filter((row) => soldOutBy(row.quantity, row.needed)).map((row) => row.product_id),
  });
  return { taken: true, rows };
}

/** What the low-stock note needs to know of a take. */
export function stockLevelsAfter(rows: readonly StockRow[]): StockLevel[] {
  return rows.map((row) => ({
    name: nameWithSize(row.name, { sizeMl: row.size_ml, concentration: row.concentration, isSample: row.is_sample }),
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
    // A line of a size that no longer exists has nothing to take back (sizes that orders name are archived, not deleted).
    items.flatMap((item) => (item.variant ? [{ variantId: item.variant.id, quantity: item.quantity }] : [])),
  );
  if (take.taken) noteLowStock(em, lowStockThreshold, stockLevelsAfter(take.rows));
  return take;
}

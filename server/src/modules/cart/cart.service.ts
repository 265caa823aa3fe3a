import { AppError } from '../../core/errors';
import { queryPrepared } from '../../shared/prepared-statements';
import { isPostgresInteger } from '../../shared/input-check';
import type { RequestContext } from '../../core/request-context';
import { requireViewer } from '../accounts/guards';
import { appliedDiscountParameters, appliedDiscountSql, type DiscountWithUsage } from '../discounts/discount-rules';
import { discountCentsFor } from '../discounts/discount-amount';
import { canTake } from '../orders/stock-rules';
import { CartItem } from './cart-item.entity';
import { touchCart } from './cart-activity';
import type { Concentration } from '../catalog/product-variant.entity';
import { defaultSizeSql } from '../catalog/default-size-sql';
import { nameWithSize } from '../catalog/size-label';
import { CartLineView, CartView } from './cart.views';
import {
  discountedSubtotalCents,
  freeDeliveryShortfallCents,
  lineTotalCents,
  shipsFree,
  subtotalCents,
} from '../orders/order-money';

const maxQuantity = 99;

function requireQuantity(value: unknown, field = 'quantity'): number {
  const quantity = typeof value === 'string' ? Number(value) : value;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity > maxQuantity) {
    throw AppError.field(field, 'INVALID_QUANTITY', `Quantity must be a whole number up to ${maxQuantity}.`);
  }
  return quantity;
}

/** More than the stock is refused, naming what is available. */
export function outOfStock(name: string, available: number): AppError {
  return AppError.field(
    'quantity',
    'OUT_OF_STOCK',
    available > 0 ? `Only ${available} of ${name} left in stock.` : `${name} is out of stock.`,
  );
}

interface StoredLine {
  id: number;
  product_id: number;
  variant_id: number;
  quantity: number;
}

interface SizeOnShelf {
  name: string;
  id: number | null;
  size_ml: number | null;
  concentration: Concentration | null;
  is_sample: boolean;
  quantity: number;
}

const sizeOf = (row: SizeOnShelf) => ({
  sizeMl: row.size_ml,
  concentration: row.concentration,
  isSample: row.is_sample,
});

function sizeNotFound(): AppError {
  return AppError.field('variantId', 'NOT_FOUND', 'That size is not on sale.');
}

export const cartService = {
  /** The signed-in shopper's cart at today's prices (the sale price when there is one). */
  async cart(ctx: RequestContext): Promise<CartView> {
    const viewer = requireViewer(ctx);
    // One statement for the lines and the applied code with its usage (JSON dates are re-read as dates).
    const [{ items, discount }] = (await queryPrepared(
      ctx.em,
      `select coalesce((select json_agg(json_build_object('id', id, 'product_id', product_id, 'variant_id', variant_id,
                                                         'quantity', quantity) order by id)
                          from cart_items where user_id = ?), '[]') as items,
              (select to_json(applied) from (${appliedDiscountSql}) applied) as discount`,
      [viewer.id, ...appliedDiscountParameters(viewer.id)],
    )) as [{ items: StoredLine[]; discount: DiscountWithUsage | null }];
    const products = await ctx.loaders.catalog.productById.loadMany(items.map((item) => item.product_id));
    const lines: CartLineView[] = [];
    items.forEach((item, index) => {
      const product = products[index];
      if (!product || product instanceof Error) return;
      // An archived size is no longer on sale: its line drops out, like a product's.
      const variant = product.variants.find((size) => size.id === item.variant_id);
      if (!variant) return;
      lines.push(
        Object.assign(new CartLineView(), {
          id: item.id,
          product,
          variant,
          quantity: item.quantity,
          unitPriceCents: variant.effectivePriceCents,
          lineTotalCents: lineTotalCents(variant.effectivePriceCents, item.quantity),
        }),
      );
    });
    const goodsCents = subtotalCents(lines);
    // The applied code, re-judged against today's cart: what it would take off now, or why it takes nothing.
    let discountCents = 0;
    let discountProblem: string | null = null;
    if (discount) {
      try {
        discountCents = discountCentsFor(
          discount,
          lines.map((line) => ({
            productId: line.product.id,
            categoryIds: line.product.categories.map((category) => category.id),
            lineTotalCents: line.lineTotalCents,
          })),
        );
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        discountProblem = error.message;
      }
    }
    return Object.assign(new CartView(), {
      id: viewer.id,
      items: lines,
      totalQuantity: lines.reduce((sum, line) => sum + line.quantity, 0),
      subtotalCents: goodsCents,
      discountCode: discount?.code ?? null,
      discountCents,
      discountProblem,
      discountedSubtotalCents: discountedSubtotalCents(goodsCents, discountCents),
      freeDelivery: shipsFree(discountedSubtotalCents(goodsCents, discountCents)),
      freeDeliveryShortfallCents: freeDeliveryShortfallCents(discountedSubtotalCents(goodsCents, discountCents)),
    });
  },

  /**
   * Adds (or adds to) a line of one size: `variantId`, or the product's default size when absent. Prices and
   * totals a client sends are never read.
   */
  async add(ctx: RequestContext, productId: unknown, rawQuantity: unknown = 1, variantId?: unknown): Promise<CartView> {
    const viewer = requireViewer(ctx);
    const quantity = requireQuantity(rawQuantity ?? 1);
    if (quantity < 1) throw AppError.field('quantity', 'INVALID_QUANTITY', 'Quantity must be at least 1.');
    const id = Number(productId);
    // Product ids are PostgreSQL integers: anything outside their range names no product.
    if (!isPostgresInteger(id)) throw AppError.notFound('Product not found');
    const sizeId = variantId === undefined || variantId === null || variantId === '' ? null : Number(variantId);
    if (sizeId !== null && !isPostgresInteger(sizeId)) throw sizeNotFound();
    // One statement whatever two tabs do at once: the unique (user, size) pair adds up, and only while the line
    // stays within the size's stock and the most one line may hold; otherwise nothing is written. An archived
    // product or size is never added.
    // The cart's touch (decision 0105) rides along, only when a line was written.
    const [row] = await queryPrepared<{ quantity: number }>(
      ctx.em,
      `with added as (
       insert into cart_items (user_id, product_id, variant_id, quantity)
         select ?::uuid, v.product_id, v.id, ?::int
           from product_variants v join products p on p.id = v.product_id and p.archived_at is null
          where v.id = coalesce(?::int, (${defaultSizeSql('?')})) and v.product_id = ?
            and v.archived_at is null and v.quantity >= ?
         on conflict (user_id, variant_id) do update set quantity = cart_items.quantity + excluded.quantity
           where cart_items.quantity + excluded.quantity
                 <= least(?::int, (select quantity from product_variants where id = excluded.variant_id))
         returning quantity),
       touched as (
         insert into cart_activity (user_id, touched_at) select ?::uuid, now() where exists (select 1 from added)
         on conflict (user_id) do update set touched_at = excluded.touched_at)
       select quantity from added`,
      [viewer.id, quantity, sizeId, id, id, quantity, maxQuantity, viewer.id],
    );
    if (!row) {
      // Nothing written: the size's row says why (gone, or not enough on the shelf). Only refusals read it.
      const [size] = await ctx.em.getConnection().execute<SizeOnShelf[]>(
        `select p.name, v.id, v.size_ml, v.concentration, v.is_sample, v.quantity
           from products p left join product_variants v
             on v.id = coalesce(?::int, (${defaultSizeSql('p.id')})) and v.product_id = p.id and v.archived_at is null
          where p.id = ? and p.archived_at is null`,
        [sizeId, id],
      );
      if (!size) throw AppError.notFound('Product not found');
      if (size.id === null) throw sizeNotFound();
      throw outOfStock(nameWithSize(size.name, sizeOf(size)), size.quantity);
    }
    return this.cart(ctx);
  },

  /** Sets a line's quantity; below 1 removes it. */
  async update(ctx: RequestContext, itemId: unknown, rawQuantity: unknown): Promise<CartView> {
    const viewer = requireViewer(ctx);
    const quantity = requireQuantity(rawQuantity);
    const item = await ctx.em.findOne(CartItem, { id: Number(itemId) || 0, user: viewer.id });
    if (!item) throw AppError.notFound('Cart item not found');
    if (quantity < 1) {
      ctx.em.remove(item);
    } else {
      const product = await ctx.loaders.catalog.productById.load(item.product.id);
      const size = product?.variants.find((variant) => variant.id === item.variant.id);
      if (!product || !size || !canTake(size.quantity, quantity))
        throw outOfStock(product && size ? nameWithSize(product.name, size) : 'This product', size?.quantity ?? 0);
      item.quantity = quantity;
    }
    await ctx.em.flush();
    await touchCart(ctx.em, viewer.id);
    return this.cart(ctx);
  },

  async remove(ctx: RequestContext, itemId: unknown): Promise<CartView> {
    const viewer = requireViewer(ctx);
    const removed = await ctx.em.nativeDelete(CartItem, { id: Number(itemId) || 0, user: viewer.id });
    if (removed === 0) throw AppError.notFound('Cart item not found');
    await touchCart(ctx.em, viewer.id);
    return this.cart(ctx);
  },

  async clear(ctx: RequestContext): Promise<CartView> {
    const viewer = requireViewer(ctx);
    await ctx.em.nativeDelete(CartItem, { user: viewer.id });
    await touchCart(ctx.em, viewer.id);
    return this.cart(ctx);
  },
};

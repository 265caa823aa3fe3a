import { AppError } from '../../core/errors';
import { queryPrepared } from '../../shared/prepared-statements';
import { isPostgresInteger } from '../../shared/input-check';
import type { RequestContext } from '../../core/request-context';
import { requireViewer } from '../accounts/guards';
import { appliedDiscountParameters, appliedDiscountSql, type DiscountWithUsage } from '../discounts/discount-rules';
import { discountCentsFor } from '../discounts/discount-amount';
import { canTake } from '../orders/stock-rules';
import { CartItem } from './cart-item.entity';
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

export const cartService = {
  /** The signed-in shopper's cart at today's prices (the sale price when there is one). */
  async cart(ctx: RequestContext): Promise<CartView> {
    const viewer = requireViewer(ctx);
    // One statement for the lines and the applied code with its usage (JSON dates are re-read as dates).
    const [{ items, discount }] = (await queryPrepared(
      ctx.em,
      `select coalesce((select json_agg(json_build_object('id', id, 'product_id', product_id, 'quantity', quantity)
                                          order by id)
                          from cart_items where user_id = ?), '[]') as items,
              (select to_json(applied) from (${appliedDiscountSql}) applied) as discount`,
      [viewer.id, ...appliedDiscountParameters(viewer.id)],
    )) as [{ items: { id: number; product_id: number; quantity: number }[]; discount: DiscountWithUsage | null }];
    const products = await ctx.loaders.catalog.productById.loadMany(items.map((item) => item.product_id));
    const lines: CartLineView[] = [];
    items.forEach((item, index) => {
      const product = products[index];
      if (!product || product instanceof Error) return;
      lines.push(
        Object.assign(new CartLineView(), {
          id: item.id,
          product,
          quantity: item.quantity,
          unitPriceCents: product.effectivePriceCents,
          lineTotalCents: lineTotalCents(product.effectivePriceCents, item.quantity),
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

  /** Adds (or adds to) a line; prices and totals a client sends are never read. */
  async add(ctx: RequestContext, productId: unknown, rawQuantity: unknown = 1): Promise<CartView> {
    const viewer = requireViewer(ctx);
    const quantity = requireQuantity(rawQuantity ?? 1);
    if (quantity < 1) throw AppError.field('quantity', 'INVALID_QUANTITY', 'Quantity must be at least 1.');
    const id = Number(productId);
    // Product ids are PostgreSQL integers: anything outside their range names no product.
    if (!isPostgresInteger(id)) throw AppError.notFound('Product not found');
    // One statement whatever two tabs do at once: the unique (user, product) pair adds up, and only while the
    // line stays within the stock on the shelf and the most one line may hold; otherwise nothing is written. An
    // archived product is never added.
    const [row] = await queryPrepared<{ quantity: number }>(
      ctx.em,
      `insert into cart_items (user_id, product_id, quantity)
         select ?::uuid, id, ?::int from products where id = ? and archived_at is null and quantity >= ?
         on conflict (user_id, product_id) do update set quantity = cart_items.quantity + excluded.quantity
           where cart_items.quantity + excluded.quantity
                 <= least(?::int, (select quantity from products where id = excluded.product_id))
         returning quantity`,
      [viewer.id, quantity, id, quantity, maxQuantity],
    );
    if (!row) {
      // Nothing written: the product's row says why (gone, or not enough on the shelf). Only refusals read it.
      const [product] = await ctx.em
        .getConnection()
        .execute<{ name: string; quantity: number }[]>(
          'select name, quantity from products where id = ? and archived_at is null',
          [id],
        );
      if (!product) throw AppError.notFound('Product not found');
      throw outOfStock(product.name, product.quantity);
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
      if (!product || !canTake(product.quantity, quantity))
        throw outOfStock(product?.name ?? 'This product', product?.quantity ?? 0);
      item.quantity = quantity;
    }
    await ctx.em.flush();
    return this.cart(ctx);
  },

  async remove(ctx: RequestContext, itemId: unknown): Promise<CartView> {
    const viewer = requireViewer(ctx);
    const removed = await ctx.em.nativeDelete(CartItem, { id: Number(itemId) || 0, user: viewer.id });
    if (removed === 0) throw AppError.notFound('Cart item not found');
    return this.cart(ctx);
  },

  async clear(ctx: RequestContext): Promise<CartView> {
    const viewer = requireViewer(ctx);
    await ctx.em.nativeDelete(CartItem, { user: viewer.id });
    return this.cart(ctx);
  },
};

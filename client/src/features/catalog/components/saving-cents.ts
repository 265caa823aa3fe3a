import type { ProductPrice_ProductFragment } from '../api/product-price.generated';

/** A product's or one size's prices: both carry the same four figures from the server. */
export type ShownPrices = Pick<
  ProductPrice_ProductFragment,
  'priceCents' | 'salePriceCents' | 'onSale' | 'effectivePriceCents'
>;

/** Regular price − the price the server charges (its unit-price rule), in integer cents; zero when not on sale. */
export function savingCents(prices: ShownPrices): number {
  if (!prices.onSale) return 0;
  return Math.max(0, prices.priceCents - prices.effectivePriceCents);
}

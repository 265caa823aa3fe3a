import type { ProductPrice_ProductFragment } from '../api/product-price.generated';

/** Regular price − the price the server charges (its unit-price rule), in integer cents; zero when not on sale. */
export function savingCents(product: ProductPrice_ProductFragment): number {
  if (!product.onSale) return 0;
  return Math.max(0, product.priceCents - product.effectivePriceCents);
}

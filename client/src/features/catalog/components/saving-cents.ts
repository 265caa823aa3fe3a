import type { ProductPrice_ProductFragment } from '../api/product-price.generated';

/** Regular price − sale price, in integer cents; zero when the product is not on sale. */
export function savingCents(product: ProductPrice_ProductFragment): number {
  if (!product.onSale || product.salePriceCents === null || product.salePriceCents === undefined) return 0;
  return Math.max(0, product.priceCents - product.salePriceCents);
}

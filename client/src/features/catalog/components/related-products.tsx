import { useId } from 'react';
import type { ProductCard_ProductFragment } from '../api/product-card.generated';
import { ProductGrid } from './product-grid';

/** "You may also like": the server's pick (same category, in stock, not this product); nothing when there is none. */
export function RelatedProducts({ products }: { products: readonly ProductCard_ProductFragment[] }) {
  const headingId = useId();
  if (products.length === 0) return null;
  return (
    <section className="related-products" aria-labelledby={headingId}>
      <h2 id={headingId}>You may also like</h2>
      <ProductGrid products={products} />
    </section>
  );
}

import type { ProductCard_ProductFragment } from '../api/product-card.generated';
import { ProductCard } from './product-card';

interface ProductGridProps {
  products: readonly ProductCard_ProductFragment[];
  /** How many leading cards are likely above the fold and load their image eagerly. */
  priorityCount?: number;
}

export function ProductGrid({ products, priorityCount = 0 }: ProductGridProps) {
  return (
    <ul className="product-grid">
      {products.map((product, position) => (
        <li key={product.id}>
          <ProductCard product={product} priority={position < priorityCount} />
        </li>
      ))}
    </ul>
  );
}

import type { ProductCard_ProductFragment } from '../api/product-card.generated';
import { ProductCard } from './product-card';

interface ProductGridProps {
  products: readonly ProductCard_ProductFragment[];
  /** How many leading cards are likely above the fold and load their image eagerly. */
  priorityCount?: number;
  onAddToCart?: (productId: number) => Promise<void>;
}

export function ProductGrid({ products, priorityCount = 0, onAddToCart }: ProductGridProps) {
  return (
    <ul className="product-grid">
      {products.map((product, position) => (
        <li key={product.id}>
          <ProductCard product={product} priority={position < priorityCount} onAddToCart={onAddToCart} />
        </li>
      ))}
    </ul>
  );
}

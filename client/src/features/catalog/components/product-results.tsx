import type { ProductCard_ProductFragment } from '../api/product-card.generated';
import { ProductGrid } from './product-grid';

interface ProductResultsProps {
  products: readonly ProductCard_ProductFragment[] | undefined;
  failed: boolean;
  emptyText: string;
  priorityCount: number;
}

/** A listing's states: loading, failed, empty (the page's own wording) or the grid. */
export function ProductResults({ products, failed, emptyText, priorityCount }: ProductResultsProps) {
  if (!products) {
    return failed ? <p role="alert">Failed to fetch products</p> : <p role="status">Loading products…</p>;
  }
  if (products.length === 0) return <p className="catalog-page__empty">{emptyText}</p>;
  return <ProductGrid products={products} priorityCount={priorityCount} />;
}

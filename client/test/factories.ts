import type { ProductCard_ProductFragment } from '../src/shared/api/generated';

let nextId = 1;

// Builds a Product as the API returns it (with __typename, which Apollo's cache needs to normalise).
export function createProduct(overrides: Partial<ProductCard_ProductFragment> = {}): ProductCard_ProductFragment {
  const id = overrides.id ?? nextId++;
  return {
    __typename: 'Product',
    id,
    name: `Perfume ${id}`,
    category: 'FOR WOMEN',
    priceCents: 250000,
    salePriceCents: null,
    onSale: false,
    effectivePriceCents: overrides.salePriceCents ?? overrides.priceCents ?? 250000,
    inStock: true,
    images: [{ __typename: 'ProductImage', id: `img-${id}`, url: `/uploads/perfume-${id}.webp` }],
    ...overrides,
  };
}

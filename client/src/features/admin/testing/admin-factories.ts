import type { AdminProductFragment } from '../api/products.generated';

let nextId = 100;

/** A product as the admin queries select it, with __typename for Apollo's cache. */
export function createAdminProduct(overrides: Partial<AdminProductFragment> = {}): AdminProductFragment {
  const id = overrides.id ?? nextId++;
  return {
    __typename: 'Product',
    id,
    name: `Oud Nights ${id}`,
    description: 'Warm oud with amber.',
    category: 'FOR MEN',
    categories: [{ __typename: 'Category', id: 1, name: 'FOR MEN' }],
    priceCents: 450_000,
    salePriceCents: null,
    onSale: false,
    quantity: 12,
    inStock: true,
    images: [{ __typename: 'ProductImage', id: '1', url: '/uploads/oud.webp' }],
    ...overrides,
  };
}

import type { ProductCard_ProductFragment } from '../api/product-card.generated';
import type { ProductPageQuery } from '../api/product-page.generated';
import type { ProductPhoto_ImageFragment } from '../api/product-photo.generated';

// Test data shaped as the API returns it (with __typename, which Apollo's cache needs to normalise).

let nextProductId = 1000;
let nextImageId = 1;

export function createImage(overrides: Partial<ProductPhoto_ImageFragment> = {}): ProductPhoto_ImageFragment {
  const id = overrides.id ?? `img-${nextImageId++}`;
  return {
    __typename: 'ProductImage',
    id,
    url: `/uploads/${id}-640.webp`,
    srcSet: `/uploads/${id}-320.webp 320w, /uploads/${id}-640.webp 640w`,
    width: 640,
    height: 640,
    ...overrides,
  };
}

function effectivePrice(overrides: { priceCents?: number; salePriceCents?: number | null; onSale?: boolean }) {
  if (overrides.onSale && typeof overrides.salePriceCents === 'number') return overrides.salePriceCents;
  return overrides.priceCents ?? 250000;
}

export function createProduct(overrides: Partial<ProductCard_ProductFragment> = {}): ProductCard_ProductFragment {
  const id = overrides.id ?? nextProductId++;
  return {
    __typename: 'Product',
    id,
    name: `Perfume ${id}`,
    category: 'FOR WOMEN',
    inStock: true,
    priceCents: 250000,
    salePriceCents: null,
    onSale: false,
    effectivePriceCents: effectivePrice(overrides),
    images: [createImage({ id: `img-p${id}`, url: `/uploads/perfume-${id}.webp` })],
    ...overrides,
  };
}

export type ProductDetails = NonNullable<ProductPageQuery['product']>;

export function createProductDetails(overrides: Partial<ProductDetails> = {}): ProductDetails {
  const id = overrides.id ?? nextProductId++;
  return {
    __typename: 'Product',
    id,
    name: `Perfume ${id}`,
    description: 'A warm blend of amber, vanilla and sandalwood.',
    inStock: true,
    quantity: 12,
    categories: [{ __typename: 'Category', id: 1, name: 'FOR WOMEN', path: '/category/for-women' }],
    priceCents: 250000,
    salePriceCents: null,
    onSale: false,
    effectivePriceCents: effectivePrice(overrides),
    // The server's answer for one alone; a test about it says so.
    shipsFree: false,
    // No fragrance facts unless a test gives them (the section then shows nothing).
    scentFamily: null,
    forWhom: null,
    notesTop: [],
    notesHeart: [],
    notesBase: [],
    images: [createImage({ id: `img-p${id}`, url: `/uploads/perfume-${id}.webp` })],
    ...overrides,
  };
}

/** A promise with its resolve/reject exposed, for holding a handler "pending" inside a test. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

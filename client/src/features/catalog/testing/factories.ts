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
    inStock: overrides.inStock ?? true,
    // One size unless a test says otherwise: in stock as the default is.
    anySizeInStock: overrides.inStock ?? true,
    priceCents: 250000,
    salePriceCents: null,
    onSale: false,
    effectivePriceCents: effectivePrice(overrides),
    // One size, or several at one price: the card shows the product's price.
    fromPriceCents: effectivePrice(overrides),
    pricesDiffer: false,
    images: [createImage({ id: `img-p${id}`, url: `/uploads/perfume-${id}.webp` })],
    ...overrides,
  };
}

export type ProductDetails = NonNullable<ProductPageQuery['product']>;
export type ProductSize = ProductDetails['variants'][number];

let nextSizeId = 5000;

/** One size as the server answers it; effectivePriceCents and inStock follow from the figures given. */
export function createSize(overrides: Partial<ProductSize> = {}): ProductSize {
  const quantity = overrides.quantity ?? 12;
  return {
    __typename: 'ProductVariant',
    id: nextSizeId++,
    label: '50 ml · Eau de Parfum',
    priceCents: 250000,
    salePriceCents: null,
    onSale: false,
    effectivePriceCents: effectivePrice(overrides),
    quantity,
    inStock: quantity > 0,
    shipsFree: false,
    imageIds: [],
    ...overrides,
  };
}

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
    // One size unless the test gives several: the product's own figures, as the server mirrors them.
    variants: overrides.variants ?? [
      createSize({
        label: '',
        priceCents: overrides.priceCents ?? 250000,
        salePriceCents: overrides.salePriceCents ?? null,
        onSale: overrides.onSale ?? false,
        effectivePriceCents: overrides.effectivePriceCents ?? effectivePrice(overrides),
        quantity: overrides.quantity ?? (overrides.inStock === false ? 0 : 12),
        inStock: overrides.inStock ?? true,
        shipsFree: overrides.shipsFree ?? false,
      }),
    ],
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

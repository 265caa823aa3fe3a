import { toProductView, type ProductRow, type ProductView } from '../catalog.views';
import { dropViewsAffectedBy, ProductViewCache, productViewBytes } from '../product-view-cache';

function view(id: number, description = 'A perfume.'): ProductView {
  const row: ProductRow = {
    id,
    name: `Perfume ${id}`,
    description,
    price_cents: 100_000,
    sale_price_cents: null,
    on_sale: false,
    quantity: 5,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    images: [{ id: id * 10, fileName: `p-${id}.webp`, width: 1280, height: 1280, widths: [320, 640] }],
    categories: [{ id: 1, name: 'FOR MEN', slug: 'for-men', description: 'For him.', image_file_name: null }],
    variants: [
      {
        id,
        sizeMl: 50,
        concentration: null,
        isSample: false,
        sku: null,
        priceCents: 100_000,
        salePriceCents: null,
        onSale: false,
        quantity: 5,
      },
    ],
    scent_family: null,
    for_whom: null,
    notes_top: [],
    notes_heart: [],
    notes_base: [],
  };
  return toProductView(row, (key) => `/uploads/${key}`);
}

describe('the product view cache', () => {
  it('keeps views by id until a change drops them', () => {
    const cache = new ProductViewCache(1024 * 1024, null);
    cache.store(cache.generation, [view(1), view(2)]);
    expect(cache.get(1)?.name).toBe('Perfume 1');
    cache.drop([1]);
    expect(cache.get(1)).toBeUndefined();
    expect(cache.get(2)?.name).toBe('Perfume 2');
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('does not keep a view read before a change to it was heard', () => {
    const cache = new ProductViewCache(1024 * 1024, null);
    const readBegan = cache.generation;
    cache.drop([1]);
    cache.store(readBegan, [view(1), view(2)]);
    expect(cache.get(1)).toBeUndefined();
    // Another product's change says nothing about this read's view of product 2.
    expect(cache.get(2)).toBeDefined();
    // A read begun after the change is kept.
    cache.store(cache.generation, [view(1)]);
    expect(cache.get(1)).toBeDefined();
  });

  it('keeps nothing read before everything was dropped, or before its record of drops was forgotten', () => {
    const cache = new ProductViewCache(1024 * 1024, null);
    let readBegan = cache.generation;
    cache.clear();
    cache.store(readBegan, [view(3)]);
    expect(cache.get(3)).toBeUndefined();

    readBegan = cache.generation;
    cache.drop(Array.from({ length: 10_001 }, (_, index) => 100_000 + index));
    cache.store(readBegan, [view(4)]);
    expect(cache.get(4)).toBeUndefined();
  });

  it('stays within its bytes, the least recently read out first', () => {
    const one = productViewBytes(view(1));
    const cache = new ProductViewCache(3 * one + one / 2, null);
    cache.store(cache.generation, [view(1), view(2), view(3)]);
    cache.get(1);
    cache.store(cache.generation, [view(4)]);
    expect(cache.get(2)).toBeUndefined();
    expect([1, 3, 4].map((id) => cache.get(id)?.id)).toEqual([1, 3, 4]);
    expect(cache.calculatedBytes).toBeLessThanOrEqual(3 * one + one / 2);
    // A long description costs its length.
    expect(productViewBytes(view(5, 'x'.repeat(10_000)))).toBeGreaterThan(one + 19_000);
  });

  it('keeps a view from the second time it is read, so a crawler reading each product once fills nothing', () => {
    const cache = new ProductViewCache(1024 * 1024);
    for (let id = 1; id <= 1000; id += 1) cache.store(cache.generation, [view(id)]);
    expect(cache.size).toBe(0);
    cache.store(cache.generation, [view(7)]);
    expect(cache.get(7)?.name).toBe('Perfume 7');
    // Held views are replaced at once (a fresher read).
    cache.store(cache.generation, [view(7, 'Fresher.')]);
    expect(cache.get(7)?.description).toBe('Fresher.');
    expect(cache.size).toBe(1);
  });

  it('hands out views nobody can change', () => {
    const cache = new ProductViewCache(1024 * 1024, null);
    cache.store(cache.generation, [view(1)]);
    const held = cache.get(1)!;
    expect(() => Object.assign(held, { quantity: 0 })).toThrow(TypeError);
    expect(() => held.images.push(held.images[0]!)).toThrow(TypeError);
    expect(() => Object.assign(held.categories[0]!, { name: 'X' })).toThrow(TypeError);
    expect(cache.get(1)?.quantity).toBe(5);
  });
});

describe('what a catalogue change drops', () => {
  const filled = () => {
    const cache = new ProductViewCache(1024 * 1024, null);
    cache.store(cache.generation, [view(1), view(2), view(3)]);
    return cache;
  };
  const held = (cache: ProductViewCache) => [1, 2, 3].filter((id) => cache.get(id) !== undefined);

  it('drops the products changed or restocked, and only them', () => {
    const cache = filled();
    dropViewsAffectedBy(cache, { productIds: [1], listsChanged: true });
    expect(held(cache)).toEqual([2, 3]);
    dropViewsAffectedBy(cache, { stockChangedIds: [2], inStockFlippedIds: [2] });
    expect(held(cache)).toEqual([3]);
  });

  it('keeps every view for a review, and drops them all for a category or "everything"', () => {
    const cache = filled();
    dropViewsAffectedBy(cache, { reviewedProductIds: [1], reviewsChanged: true });
    expect(held(cache)).toEqual([1, 2, 3]);
    dropViewsAffectedBy(cache, { categoryIds: [7] });
    expect(held(cache)).toEqual([]);
    const again = filled();
    dropViewsAffectedBy(again, { everything: true });
    expect(held(again)).toEqual([]);
  });
});

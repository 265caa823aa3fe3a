import assert from 'node:assert/strict';
import { effectivePriceCents } from '../product.entity';
import { sampleProducts } from '../catalog.samples';
import { startTestShop, type TestShop } from '../../../../test/test-shop';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

interface Listed {
  id: number;
  name: string;
  category: string;
  inStock: boolean;
  priceCents: number;
  salePriceCents: number | null;
  onSale: boolean;
}

const listQuery = `query ($filter: ProductFilter, $sort: ProductSort) {
  products(filter: $filter, sort: $sort) { id name category inStock priceCents salePriceCents onSale }
  productsCount(filter: $filter)
}`;

async function list(filter?: Record<string, unknown>, sort?: string): Promise<{ products: Listed[]; count: number }> {
  const { data, errors } = await shop.graphql<{ products: Listed[]; productsCount: number }>(listQuery, {
    filter,
    sort,
  });
  expect(errors).toBeUndefined();
  return { products: data!.products, count: data!.productsCount };
}

const samplesIn = (category: string) => sampleProducts.filter((sample) => sample.categories.includes(category));

describe('category slugs', () => {
  it.each([
    ['for-women', 'FOR WOMEN'],
    ['for-men', 'FOR MEN'],
    ['kids', 'FOR CHILDREN'],
    ['for-children', 'FOR CHILDREN'],
    ['room', 'ROOM SPRAYS'],
    ['room-sprays', 'ROOM SPRAYS'],
    ['unisex', 'UNISEX'],
  ])('%s (header or footer link) shows the products of %s', async (slug, name) => {
    const { products, count } = await list({ categorySlug: slug });
    const expected = samplesIn(name).map((sample) => sample.name);
    expect(products.map((product) => product.name).sort()).toEqual([...expected].sort());
    expect(count).toBe(expected.length);
    const { data } = await shop.graphql<{ category: { title: string; category: { slug: string } | null } }>(
      'query ($slug: String!) { category(slug: $slug) { title category { id slug } } }',
      { slug },
    );
    expect(data!.category.title).toBe(name);
  });

  it('includes a product in two categories under both', async () => {
    const shared = sampleProducts.find((sample) => sample.categories.length === 2)!;
    for (const slug of ['for-men', 'for-women']) {
      const { products } = await list({ categorySlug: slug });
      expect(products.map((product) => product.name)).toContain(shared.name);
    }
  });

  it("falls back to the spec's rule for an unknown slug (first hyphen → space, substring)", async () => {
    // "men-for" is no slug; the rule makes "MEN FOR", a substring of "FOR MEN FOR WOMEN" only.
    const { products } = await list({ categorySlug: 'men-for' });
    expect(products.map((product) => product.category)).toEqual(['FOR MEN FOR WOMEN']);
    const { data } = await shop.graphql<{ category: { title: string; category: null } }>(
      '{ category(slug: "men-for") { title category { id } } }',
    );
    expect(data!.category).toEqual({ title: 'MEN FOR', category: null });
  });

  it('treats LIKE wildcards in a slug as text', async () => {
    expect((await list({ categorySlug: '%' })).count).toBe(0);
  });
});

describe('filters and sorts', () => {
  it('searches names case-insensitively', async () => {
    const { products } = await list({ search: 'ROOM spray' });
    expect(products.map((product) => product.name).sort()).toEqual(
      sampleProducts
        .filter((sample) => /room spray/i.test(sample.name))
        .map((sample) => sample.name)
        .sort(),
    );
    expect((await list({ search: '100%_' })).count).toBe(0);
  });

  it('filters by availability; none or both selected means all', async () => {
    const inStock = await list({ availability: ['IN_STOCK'] });
    const outOfStock = await list({ availability: ['OUT_OF_STOCK'] });
    expect(inStock.products.every((product) => product.inStock)).toBe(true);
    expect(outOfStock.products.every((product) => !product.inStock)).toBe(true);
    expect(outOfStock.count).toBe(sampleProducts.filter((sample) => sample.quantity === 0).length);
    expect(inStock.count + outOfStock.count).toBe(19);
    expect((await list({ availability: [] })).count).toBe(19);
    expect((await list({ availability: ['IN_STOCK', 'OUT_OF_STOCK'] })).count).toBe(19);
  });

  it('combines category, search and availability', async () => {
    const { products } = await list({ categorySlug: 'for-women', search: 'eau', availability: ['IN_STOCK'] });
    const expected = samplesIn('FOR WOMEN').filter((sample) => /eau/i.test(sample.name) && sample.quantity > 0);
    expect(products.map((product) => product.name).sort()).toEqual(expected.map((sample) => sample.name).sort());
  });

  it('sorts by the price a shopper pays, the sale price when there is one', async () => {
    const low = (await list(undefined, 'PRICE_LOW_TO_HIGH')).products.map(effectivePriceCents);
    expect(low).toEqual([...low].sort((left, right) => left - right));
    const high = (await list(undefined, 'PRICE_HIGH_TO_LOW')).products.map(effectivePriceCents);
    expect(high).toEqual([...high].sort((left, right) => right - left));
    // A sale item whose regular price is above a cheaper regular-priced item must come after it when on sale below.
    const order = (await list(undefined, 'PRICE_LOW_TO_HIGH')).products.map((product) => product.name);
    expect(order.indexOf('Bubblegum Dreams Mist 150ml')).toBeGreaterThan(order.indexOf('Safari Kids Cologne 50ml'));
  });

  it('sorts alphabetically and newest first; best selling keeps the default order', async () => {
    const names = (await list(undefined, 'ALPHABETICALLY')).products.map((product) => product.name);
    expect(names).toEqual([...names].sort((left, right) => left.toLowerCase().localeCompare(right.toLowerCase())));
    const newest = (await list(undefined, 'NEWEST')).products.map((product) => product.id);
    expect(newest).toEqual([...newest].sort((left, right) => right - left));
    const best = (await list(undefined, 'BEST_SELLING')).products.map((product) => product.id);
    expect(best).toEqual([...best].sort((left, right) => left - right));
  });

  it('reads the database on each request: one statement per list and per count, one to look a slug up', async () => {
    const query = `query ($filter: ProductFilter, $sort: ProductSort, $limit: Int) {
      products(filter: $filter, sort: $sort, limit: $limit) { id category images { id srcSet } } productsCount(filter: $filter) }`;
    for (const [variables, expected] of [
      [{ filter: { categorySlug: 'kids' }, limit: 3 }, 3],
      [{ limit: 50 }, 2],
      [{ filter: { search: 'eau' }, sort: 'PRICE_HIGH_TO_LOW' }, 2],
      [{ filter: { categorySlug: 'men-for' } }, 3],
    ] as const) {
      const { statements } = await shop.statements.measure(() => shop.graphql(query, variables));
      expect([variables, statements]).toEqual([variables, expected]);
    }
  });

  it('costs the same number of statements for a filtered page of 3 as of 19', async () => {
    const query = `query ($filter: ProductFilter, $limit: Int) {
      products(filter: $filter, limit: $limit) { id category images { id srcSet } } }`;
    const few = await shop.statements.measure(() =>
      shop.graphql(query, { filter: { categorySlug: 'kids' }, limit: 3 }),
    );
    const many = await shop.statements.measure(() =>
      shop.graphql(query, { filter: { categorySlug: 'for-women' }, limit: 50 }),
    );
    expect(many.statements).toBe(few.statements);
  });
});

describe('categories and images', () => {
  it('gives each category a description, card image and path', async () => {
    const { data } = await shop.graphql<{
      categories: { slug: string; description: string; imageUrl: string; path: string }[];
    }>('{ categories { id slug description imageUrl path } }');
    for (const category of data!.categories) {
      expect(category.description.length).toBeGreaterThan(10);
      expect(category.path).toBe(`/category/${category.slug}`);
      await shop.http.get(category.imageUrl).expect(200);
    }
  });

  it('offers 320, 640 and 1280 px variants in srcSet, each served', async () => {
    const { data } = await shop.graphql<{ product: { images: { srcSet: string; width: number; height: number }[] } }>(
      '{ product(id: 1) { id images { id srcSet width height } } }',
    );
    const [image] = data!.product.images;
    assert.ok(image, 'Product 1 has an image');
    expect(image.width).toBe(1280);
    expect(image.height).toBe(1280);
    const candidates = image.srcSet.split(', ').map((candidate) => candidate.split(' '));
    expect(candidates.map(([, width]) => width)).toEqual(['320w', '640w', '1280w']);
    for (const [url = ''] of candidates) await shop.http.get(url).expect(200).expect('content-type', 'image/webp');
  });
});

import fc from 'fast-check';
import { sampleProducts } from '../catalog.samples';
import { startTestShop, type TestShop } from '../../../../test/test-shop';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

// The header's search box and the /search page (client features/catalog), written out.
const suggestionsQuery = `query ($q: String!, $first: Int) {
  searchSuggestions(q: $q, first: $first) {
    query
    products { id name effectivePriceCents images { id url } }
    categories { id name path }
  }
}`;
const resultsQuery = `query ($filter: ProductFilter!, $sort: ProductSort) {
  products(filter: $filter, sort: $sort, limit: 60) { id name effectivePriceCents inStock }
  productsCount(filter: $filter)
}`;

interface Suggestions {
  query: string;
  products: { id: number; name: string; effectivePriceCents: number; images: { url: string }[] }[];
  categories: { id: number; name: string; path: string }[];
}

async function suggest(q: string, first?: number): Promise<Suggestions> {
  const { data, errors } = await shop.graphql<{ searchSuggestions: Suggestions }>(suggestionsQuery, { q, first });
  expect(errors).toBeUndefined();
  return data!.searchSuggestions;
}

async function results(filter: Record<string, unknown>, sort?: string) {
  const { data, errors } = await shop.graphql<{
    products: { id: number; name: string; effectivePriceCents: number; inStock: boolean }[];
    productsCount: number;
  }>(resultsQuery, { filter, sort });
  expect(errors).toBeUndefined();
  return data!;
}

const names = (list: { name: string }[]) => list.map((item) => item.name);

describe('search suggestions', () => {
  it.each([
    ['oudh', 'Oud Savanna Eau de Parfum'],
    ['OUD', 'Oud Savanna Eau de Parfum'],
    ['lavendar', 'Lavender Calm Room Spray'],
    ['jasmin dusk', 'Jasmine Dusk Eau de Parfum'],
    ['vetivr', 'Vetiver Noir Extrait'],
    ['nairobi rose', 'Rose de Nairobi Eau de Parfum'],
    ['  savana  ', 'Oud Savanna Eau de Parfum'],
  ])('"%s" (a typo, a case or an order away) suggests %s first', async (q, name) => {
    const { products } = await suggest(q);
    expect(products[0]?.name).toBe(name);
    expect(products[0]?.images[0]?.url).toBeTruthy();
  });

  it('ranks whole-word matches before names that only contain the letters, then shorter names', async () => {
    const { products } = await suggest('eau de parfum', 20);
    expect(products.length).toBeGreaterThan(1);
    const expected = sampleProducts.filter((sample) => /eau de parfum/i.test(sample.name)).map((sample) => sample.name);
    expect(names(products).slice(0, expected.length).sort()).toEqual([...expected].sort());
  });

  it('suggests categories by name or alias, typo-tolerant', async () => {
    expect(names((await suggest('women')).categories)).toEqual(['FOR WOMEN']);
    // "men" is in "women" too; the whole word comes first.
    expect(names((await suggest('men')).categories)).toEqual(['FOR MEN', 'FOR WOMEN']);
    expect(names((await suggest('childen')).categories)).toEqual(['FOR CHILDREN']);
    expect((await suggest('kids')).categories.map((category) => category.path)).toEqual(['/category/for-children']);
    expect(names((await suggest('room spray')).categories)).toEqual(['ROOM SPRAYS']);
  });

  it('gives at most `first` of each, and nothing under two letters, with no statement', async () => {
    expect((await suggest('eau', 2)).products).toHaveLength(2);
    for (const q of ['', ' ', 'o', ' o ', '\t\n']) {
      const { result, statements } = await shop.statements.measure(() => suggest(q));
      expect(result).toEqual({ query: '', products: [], categories: [] });
      expect(statements).toBe(0);
    }
  });

  it('costs three statements (products, their views, categories), two when it finds none or holds the views', async () => {
    for (const q of ['eau', 'oudh', 'for']) {
      shop.responseCache.clear();
      shop.productViews.clear();
      const cold = await shop.statements.measure(() => suggest(q));
      expect(cold.statements).toBe(cold.result.products.length > 0 ? 3 : 2);
      shop.responseCache.clear();
      // The views are kept from their second read (decision 0071).
      await suggest(q);
      shop.responseCache.clear();
      expect((await shop.statements.measure(() => suggest(q))).statements).toBe(2);
    }
  });

  it('refuses a search over 100 characters or a bad `first` with a typed error', async () => {
    const long = await shop.graphql(suggestionsQuery, { q: 'a'.repeat(101) });
    expect(long.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: [{ field: 'q', code: 'TOO_LONG' }],
    });
    expect((await suggest(`oud ${'a'.repeat(96)}`)).query).toHaveLength(100);
    for (const first of [0, 21, -1]) {
      const answer = await shop.graphql(suggestionsQuery, { q: 'oud', first });
      expect(answer.errors?.[0]?.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        fieldErrors: [{ field: 'first', code: 'OUT_OF_RANGE' }],
      });
    }
    const results = await shop.graphql(resultsQuery, { filter: { query: 'x'.repeat(101) } });
    expect(results.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: [{ field: 'filter.query', code: 'TOO_LONG' }],
    });
  });

  it('takes %, _ and \\ literally', async () => {
    // No sample name holds these characters: as wildcards they would match every product.
    for (const q of ['%%', '__', '\\\\', '%_', '_%_']) {
      expect((await suggest(q)).products).toEqual([]);
      expect((await results({ query: q })).productsCount).toBe(0);
    }
  });

  it('answers any text up to 100 characters without a server error (NUL is a typed error)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 100, unit: 'binary' }), async (q) => {
        const { data, errors } = await shop.graphql<{ searchSuggestions: Suggestions }>(suggestionsQuery, { q });
        if (q.includes('\u0000')) {
          // PostgreSQL text cannot hold NUL: the API refuses it for every argument.
          expect(errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
          return;
        }
        expect(errors).toBeUndefined();
        expect(data!.searchSuggestions.products.length).toBeLessThanOrEqual(6);
        const results = await shop.graphql(resultsQuery, { filter: { query: q } });
        expect(results.errors).toBeUndefined();
      }),
      { numRuns: 60 },
    );
  });
});

describe('the /search results (products with a query)', () => {
  it('finds the typo-tolerant matches, the closest first, and counts them', async () => {
    const { products, productsCount } = await results({ query: 'oudh' });
    expect(products[0]?.name).toBe('Oud Savanna Eau de Parfum');
    expect(productsCount).toBe(products.length);
  });

  it("combines the query with availability and the category page's sorts", async () => {
    const all = await results({ query: 'eau' });
    const expected = sampleProducts.filter((sample) => /eau/i.test(sample.name));
    expect(all.productsCount).toBe(expected.length);
    const inStock = await results({ query: 'eau', availability: ['IN_STOCK'] }, 'PRICE_HIGH_TO_LOW');
    expect(inStock.products.every((product) => product.inStock)).toBe(true);
    expect(inStock.productsCount).toBe(expected.filter((sample) => sample.quantity > 0).length);
    const prices = inStock.products.map((product) => product.effectivePriceCents);
    expect(prices).toEqual([...prices].sort((left, right) => right - left));
    const alphabetical = await results({ query: 'eau' }, 'ALPHABETICALLY');
    expect(names(alphabetical.products)).toEqual(
      [...names(alphabetical.products)].sort((left, right) => left.localeCompare(right, 'en')),
    );
  });

  it('orders by relevance without a sort, and RELEVANCE without a query is the default order', async () => {
    const implicit = await results({ query: 'rose nairobi' });
    const explicit = await results({ query: 'rose nairobi' }, 'RELEVANCE');
    expect(names(implicit.products)).toEqual(names(explicit.products));
    expect(implicit.products[0]?.name).toBe('Rose de Nairobi Eau de Parfum');
    const plain = await results({}, 'RELEVANCE');
    const bestSelling = await results({}, 'BEST_SELLING');
    expect(plain.products.map((product) => product.id)).toEqual(bestSelling.products.map((product) => product.id));
  });

  it('pages the ranked list without overlaps', async () => {
    const page = (offset: number) =>
      shop.graphql<{ products: { id: number }[] }>(
        'query ($offset: Int) { products(filter: { query: "eau" }, limit: 3, offset: $offset) { id } }',
        { offset },
      );
    const seen = [];
    for (let offset = 0; offset < 12; offset += 3) seen.push(...(await page(offset)).data!.products.map((p) => p.id));
    const whole = (await results({ query: 'eau' })).products.map((product) => product.id);
    expect(seen).toEqual(whole.slice(0, seen.length));
    expect(new Set(seen).size).toBe(seen.length);
  });
});

describe('GET /api/products/search', () => {
  it('answers the REST envelope with the ranked results, and a typed 400 for a search too long', async () => {
    const response = await shop.http.get('/api/products/search?q=oudh').expect(200);
    expect(response.body.success).toBe(true);
    expect(response.body.data[0].name).toBe('Oud Savanna Eau de Parfum');
    expect(typeof response.body.data[0].price).toBe('number');
    expect((await shop.http.get('/api/products/search?q=o').expect(200)).body.data).toEqual([]);
    const long = await shop.http.get(`/api/products/search?q=${'a'.repeat(101)}`).expect(400);
    expect(long.body.code).toBe('BAD_USER_INPUT');
    await shop.http.get('/api/products/search?q=oud&limit=1000').expect(400);
  });
});

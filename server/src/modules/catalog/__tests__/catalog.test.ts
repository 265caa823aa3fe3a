import { sampleProducts } from '../catalog.samples';
import { startTestShop, type TestShop } from '../../../../test/test-shop';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

describe('catalogue over GraphQL', () => {
  it('returns the 19 seeded samples with their categories and images', async () => {
    const { data, errors } = await shop.graphql<{
      products: { id: number; name: string; category: string; images: { url: string }[] }[];
      productsCount: number;
    }>('{ products { id name category images { url } } productsCount }');
    expect(errors).toBeUndefined();
    expect(data!.productsCount).toBe(19);
    expect(data!.products.map((product) => product.name)).toEqual(sampleProducts.map((sample) => sample.name));
    const shared = data!.products.find((product) => product.category === 'FOR MEN FOR WOMEN');
    expect(shared).toBeDefined();
    expect(data!.products.every((product) => product.images[0]?.url.startsWith('/uploads/sample-'))).toBe(true);
  });

  it('derives inStock from quantity and the effective price from the sale price', async () => {
    const { data } = await shop.graphql<{
      products: {
        quantity: number;
        inStock: boolean;
        onSale: boolean;
        priceCents: number;
        salePriceCents: number | null;
        effectivePriceCents: number;
      }[];
    }>('{ products { id quantity inStock onSale priceCents salePriceCents effectivePriceCents } }');
    for (const product of data!.products) {
      expect(product.inStock).toBe(product.quantity > 0);
      expect(product.effectivePriceCents).toBe(product.onSale ? product.salePriceCents : product.priceCents);
    }
    expect(data!.products.some((product) => !product.inStock)).toBe(true);
    expect(data!.products.some((product) => product.onSale)).toBe(true);
  });

  it('costs the same number of SQL statements for 5 products as for 19', async () => {
    const query =
      'query ($limit: Int) { products(limit: $limit) { id name category categories { id name } images { id url } } }';
    const few = await shop.statements.measure(() => shop.graphql(query, { limit: 5 }));
    const many = await shop.statements.measure(() => shop.graphql(query, { limit: 19 }));
    expect((few.result.data as { products: unknown[] }).products).toHaveLength(5);
    expect((many.result.data as { products: unknown[] }).products).toHaveLength(19);
    expect(many.statements).toBe(few.statements);
    expect(many.statements).toBeLessThanOrEqual(3);
  });

  it('refuses a page larger than 100 with BAD_USER_INPUT', async () => {
    const { errors } = await shop.graphql('{ products(limit: 1000) { id } }');
    expect(errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('answers null for an unknown product id', async () => {
    const { data } = await shop.graphql<{ product: null }>('{ product(id: 99999) { id } }');
    expect(data!.product).toBeNull();
  });
});

describe('catalogue over REST', () => {
  it.each(['/api/products/list', '/products/list'])(
    'GET %s answers the envelope with the spec fields in shillings',
    async (path) => {
      const response = await shop.http.get(path).expect(200);
      expect(response.body.success).toBe(true);
      expect(response.body.data).toHaveLength(19);
      const first = response.body.data[0];
      expect(Object.keys(first)).toEqual(
        expect.arrayContaining([
          'id',
          'name',
          'category',
          'description',
          'price',
          'salePrice',
          'onSale',
          'quantity',
          'inStock',
          'images',
        ]),
      );
      const sample = sampleProducts[0];
      expect(first.price).toBe(sample?.priceKes);
      expect(first.salePrice).toBe(sample?.salePriceKes ?? null);
      expect(first.images[0]).toMatch(/^sample-01-1\.webp$/);
      // The sizes beside them, the default first and equal to the spec's fields; its id is what carts/add takes.
      const withSizes = response.body.data.find((product: { sizes: unknown[] }) => product.sizes.length > 1);
      expect(withSizes.sizes[0]).toMatchObject({
        price: withSizes.price,
        salePrice: withSizes.salePrice,
        quantity: withSizes.quantity,
        inStock: withSizes.inStock,
      });
      expect(withSizes.sizes[0].size).toMatch(/ml/);
      expect(withSizes.sizes.map((size: { id: number }) => size.id)).toEqual([
        ...new Set(withSizes.sizes.map((size: { id: number }) => size.id)),
      ]);
    },
  );

  it('lists the five categories at /categories/list and /api/categories/list', async () => {
    for (const path of ['/categories/list', '/api/categories/list']) {
      const response = await shop.http.get(path).expect(200);
      expect(response.body.data.map((category: { name: string }) => category.name).sort()).toEqual([
        'FOR CHILDREN',
        'FOR MEN',
        'FOR WOMEN',
        'ROOM SPRAYS',
        'UNISEX',
      ]);
    }
  });

  it('serves a seeded product image from /uploads and /api/uploads', async () => {
    for (const path of ['/uploads/sample-01-1.webp', '/api/uploads/sample-01-1.webp']) {
      const response = await shop.http.get(path).expect(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toContain('immutable');
    }
  });
});

describe('new arrivals', () => {
  it('lists the six highest ids, newest first', async () => {
    const { data } = await shop.graphql<{ newArrivals: { id: number; name: string }[] }>('{ newArrivals { id name } }');
    expect(data!.newArrivals.map((product) => product.id)).toEqual([19, 18, 17, 16, 15, 14]);
    expect(data!.newArrivals[0]?.name).toBe(sampleProducts[18]?.name);
  });
});

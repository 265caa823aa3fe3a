import assert from 'node:assert/strict';
import { Client } from 'pg';
import { startTestShop, type TestShop } from '../../../test/test-shop';
import { ensureSampleImages } from '../seed';
import { seedCatalogue } from '../seed-catalogue';
import { singleRow } from '../../shared/single-row';
import { eventually } from '../../../test/eventually';

let shop: TestShop;
let client: Client;
beforeAll(async () => {
  // An empty catalogue (categories only), and nothing read yet: the shop sees what the generator writes.
  shop = await startTestShop({ seed: false });
  // What the command does too: the generated products show the sample images.
  await ensureSampleImages(shop.storage, true);
  client = new Client({ connectionString: shop.config.databaseUrl });
  await client.connect();
});
afterAll(async () => {
  await client.end();
  await shop.close();
});

const snapshot = async () =>
  (
    await client.query<{ row: string }>(
      `select concat_ws('|', p.name, p.price_cents, p.sale_price_cents, p.on_sale, p.quantity,
              (select string_agg(c.category_id::text, ',' order by c.category_id) from product_categories c where c.product_id = p.id),
              (select string_agg(i.file_name, ',' order by i.position) from product_images i where i.product_id = p.id)) as row
         from products p order by p.id`,
    )
  ).rows.map(({ row }) => row);

describe('seed:catalogue', () => {
  it('adds realistic products with categories and sample images, in the same way for the same seed', async () => {
    const result = await seedCatalogue(client, { products: 500, seed: 7, replace: false });
    expect(result.products).toBe(500);
    expect(result.categoryLinks).toBeGreaterThanOrEqual(500);
    expect(result.images).toBeGreaterThanOrEqual(500);

    const { rows } = await client.query<{
      products: number;
      uncategorised: number;
      without_images: number;
      on_sale: number;
      sold_out: number;
      low: number;
      bad_sale: number;
      names: number;
    }>(
      `select count(*)::int as products,
              count(*) filter (where not exists (select 1 from product_categories c where c.product_id = p.id))::int as uncategorised,
              count(*) filter (where not exists (select 1 from product_images i where i.product_id = p.id))::int as without_images,
              count(*) filter (where on_sale)::int as on_sale,
              count(*) filter (where quantity = 0)::int as sold_out,
              count(*) filter (where quantity between 1 and 5)::int as low,
              count(*) filter (where on_sale and not (sale_price_cents > 0 and sale_price_cents < price_cents))::int as bad_sale,
              count(distinct name)::int as names
         from products p`,
    );
    const counts = singleRow(rows);
    expect(counts.products).toBe(500);
    expect(counts.uncategorised).toBe(0);
    expect(counts.without_images).toBe(0);
    expect(counts.bad_sale).toBe(0);
    // About 15% on sale, 5% sold out, 10% low: broad bounds, the point is that each kind exists.
    expect(counts.on_sale).toBeGreaterThan(25);
    expect(counts.sold_out).toBeGreaterThan(5);
    expect(counts.low).toBeGreaterThan(10);
    expect(counts.names).toBeGreaterThan(400);

    const first = await snapshot();
    const again = await seedCatalogue(client, { products: 500, seed: 7, replace: true });
    expect(again.removed).toBe(500);
    expect(await snapshot()).toEqual(first);
  });

  it('is what the shop lists', async () => {
    const { data, errors } = await shop.graphql<{
      productsCount: number;
      products: { id: number; name: string; images: { url: string }[] }[];
    }>('{ productsCount products(limit: 20) { id name images { url } } }');
    expect(errors).toBeUndefined();
    expect(data!.productsCount).toBe(500);
    expect(data!.products).toHaveLength(20);
    expect(data!.products.every((product) => product.images[0]?.url.startsWith('/uploads/sample-'))).toBe(true);
    const imageUrl = data!.products[0]?.images[0]?.url;
    assert.ok(imageUrl, 'The first product has an image');
    const image = await shop.http.get(imageUrl);
    expect(image.status).toBe(200);
  });

  it('makes running instances drop what they hold of the catalogue', async () => {
    const { data } = await shop.graphql<{ products: { id: number }[] }>('{ products(limit: 1) { id } }');
    const held = data!.products[0]!.id;
    expect(shop.productViews.get(held)).toBeDefined();
    await seedCatalogue(client, { products: 10, seed: 8, replace: true });
    // The notice arrives on the shop's LISTEN connection after the commit.
    await eventually('the shop drops the product it held', () => shop.productViews.get(held) === undefined);
    expect(shop.productViews.get(held)).toBeUndefined();
    const { data: after } = await shop.graphql<{ product: unknown }>('query ($id: Int!) { product(id: $id) { id } }', {
      id: held,
    });
    expect(after!.product).toBeNull();
  });
});

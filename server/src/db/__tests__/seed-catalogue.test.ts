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
      `select concat_ws('|', p.name, p.price_cents, p.sale_price_cents, p.on_sale, p.quantity, p.scent_family,
              p.for_whom, p.notes_top::text, p.notes_heart::text, p.notes_base::text,
              (select string_agg(concat_ws(':', v.position, v.size_ml, v.concentration, v.is_sample, v.price_cents,
                        v.sale_price_cents, v.quantity), ',' order by v.position)
                 from product_variants v where v.product_id = p.id),
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

    // Sizes (decision 0088): about three a product, a decant on most perfumes, each with its own price and stock.
    expect(result.sizes).toBeGreaterThan(1_300);
    expect(result.sizes).toBeLessThan(1_700);
    const sizes = singleRow(
      (
        await client.query<Record<string, number>>(
          `select count(*)::int as sizes,
                  count(distinct product_id)::int as products,
                  count(*) filter (where is_sample)::int as decants,
                  count(*) filter (where is_sample and not size_ml <= 10)::int as big_decants,
                  count(*) filter (where is_sample and concentration in ('body_mist', 'room_spray'))::int as mist_decants,
                  count(distinct product_id) filter (where is_sample)::int as with_decant,
                  count(*) filter (where size_ml is null or concentration is null)::int as undescribed,
                  count(*) filter (where quantity = 0)::int as sold_out,
                  count(*) filter (where on_sale and not (sale_price_cents > 0 and sale_price_cents < price_cents))::int as bad_sale,
                  count(*) filter (where price_cents % 5000 <> 0)::int as odd_prices,
                  count(distinct lower(sku))::int as skus,
                  count(distinct concentration)::int as concentrations
             from product_variants`,
        )
      ).rows,
    );
    expect(sizes).toMatchObject({ sizes: result.sizes, products: 500, big_decants: 0, mist_decants: 0 });
    expect(sizes).toMatchObject({ undescribed: 0, bad_sale: 0, odd_prices: 0, skus: result.sizes, concentrations: 6 });
    expect(sizes.with_decant).toBeGreaterThan(250);
    expect(sizes.sold_out).toBeGreaterThan(10);

    // Facts: a family and notes on every product, from a vocabulary of about 40 notes in lower case.
    const facts = singleRow(
      (
        await client.query<Record<string, number>>(
          `select count(*) filter (where scent_family is null or for_whom is null)::int as without_facts,
                  count(*) filter (where cardinality(notes_top) = 0 or cardinality(notes_heart) = 0
                                      or cardinality(notes_base) = 0)::int as without_notes,
                  count(distinct scent_family)::int as families,
                  (select count(distinct note)::int from products, unnest(notes) as note) as notes,
                  (select count(*)::int from products, unnest(notes) as note where note <> lower(note)) as upper_case
             from products`,
        )
      ).rows,
    );
    expect(facts).toMatchObject({ without_facts: 0, without_notes: 0, upper_case: 0 });
    expect(facts.families).toBeGreaterThanOrEqual(8);
    expect(facts.notes).toBeGreaterThanOrEqual(35);
    expect(facts.notes).toBeLessThanOrEqual(45);

    // The columns the database derives from the sizes (migration 0024's mirror) are as it derives them.
    const { rows: misderived } = await client.query(
      `select p.id from products p
        cross join lateral (select v.price_cents, v.sale_price_cents, v.on_sale, v.quantity from product_variants v
                             where v.product_id = p.id order by v.position, v.id limit 1) d
        cross join lateral (select min(v.effective_price_cents) as min_price, max(v.effective_price_cents) as max_price,
                                   array_agg(distinct v.size_ml) as sizes,
                                   coalesce(array_agg(distinct v.size_ml) filter (where v.quantity > 0), '{}') as in_stock,
                                   array_agg(distinct v.concentration) as concentrations, count(*)::int as n
                              from product_variants v where v.product_id = p.id) a
        where (p.price_cents, p.sale_price_cents, p.on_sale, p.quantity, p.min_price_cents, p.max_price_cents,
               p.sizes_ml, p.sizes_in_stock, p.concentrations, p.variant_count)
              is distinct from (d.price_cents, d.sale_price_cents, d.on_sale, d.quantity, a.min_price, a.max_price,
               a.sizes, a.in_stock, a.concentrations, a.n)`,
    );
    expect(misderived).toEqual([]);
    const { rows: triggers } = await client.query<{ enabled: string }>(
      `select tgenabled as enabled from pg_trigger where tgname = 'product_variants_mirror'`,
    );
    expect(triggers).toEqual([{ enabled: 'O' }]);

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

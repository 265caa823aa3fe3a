import pino from 'pino';
import { Category } from '../../modules/catalog/category.entity';
import { Product, ProductImage } from '../../modules/catalog/product.entity';
import { sampleProducts, sampleSizes } from '../../modules/catalog/catalog.samples';
import { normaliseNotes } from '../../modules/catalog/fragrance-facts';
import { sampleImageName, sampleImageSize } from '../../modules/catalog/sample-images';
import { seedDatabase } from '../seed';
import { startTestShop, type TestShop } from '../../../test/test-shop';

/**
 * Decision 0088: the sample products sell in sizes and carry fragrance facts, in a new shop and in one seeded
 * before sizes (its products named with their size, one size each from migration 0024) alike.
 */
let fresh: TestShop;
beforeAll(async () => {
  fresh = await startTestShop();
});
afterAll(() => fresh.close());

/** Every sample's product and sizes as the shop keeps them, in seeding order, without ids or times. */
async function catalogueState(shop: TestShop) {
  return shop.orm.em.getConnection().execute<Record<string, unknown>[]>(
    `select p.name, p.description, p.price_cents, p.sale_price_cents, p.on_sale, p.quantity, p.scent_family,
            p.for_whom, p.notes_top, p.notes_heart, p.notes_base, p.min_price_cents, p.max_price_cents, p.sizes_ml,
            p.sizes_in_stock, p.concentrations, p.variant_count,
            (select json_agg(json_build_object('position', v.position, 'sizeMl', v.size_ml,
                      'concentration', v.concentration, 'isSample', v.is_sample, 'sku', v.sku,
                      'priceCents', v.price_cents, 'salePriceCents', v.sale_price_cents, 'onSale', v.on_sale,
                      'quantity', v.quantity, 'archived', v.archived_at is not null) order by v.position, v.id)
               from product_variants v where v.product_id = p.id) as sizes,
            (select string_agg(c.name, ',' order by c.name) from product_categories pc
               join categories c on c.id = pc.category_id where pc.product_id = p.id) as categories,
            (select string_agg(i.file_name, ',' order by i.position) from product_images i
              where i.product_id = p.id) as images
       from products p order by p.id`,
  );
}

describe('the sample catalogue', () => {
  it('sells sizes and decants, with a family, notes and for whom on every sample', async () => {
    const { data, errors } = await fresh.graphql<{
      products: {
        id: number;
        name: string;
        priceCents: number;
        quantity: number;
        scentFamily: string | null;
        forWhom: string | null;
        notesTop: string[];
        notesHeart: string[];
        notesBase: string[];
        fromPriceCents: number;
        pricesDiffer: boolean;
        variants: { id: number; sizeMl: number | null; isSample: boolean; sku: string | null; label: string }[];
      }[];
    }>(
      `{ products(limit: 60) { id name priceCents quantity scentFamily forWhom notesTop notesHeart notesBase
           fromPriceCents pricesDiffer variants { id sizeMl isSample sku label } } }`,
    );
    expect(errors).toBeUndefined();
    const products = data!.products;
    expect(products).toHaveLength(sampleProducts.length);
    expect(products.filter((product) => product.variants.length >= 2).length).toBeGreaterThanOrEqual(8);
    const withDecant = products.filter((product) =>
      product.variants.some((size) => size.isSample && size.sizeMl === 5),
    );
    expect(withDecant.length).toBeGreaterThanOrEqual(3);
    expect(withDecant.every((product) => product.pricesDiffer && product.fromPriceCents < product.priceCents)).toBe(
      true,
    );
    const byName = new Map(products.map((product) => [product.name, product]));
    for (const sample of sampleProducts) {
      const product = byName.get(sample.name);
      expect(product).toBeDefined();
      // No size in the name: the sizes are the product's.
      expect(product!.name).not.toMatch(/\d+\s*ml\b/i);
      expect(product!.scentFamily).toBe(sample.scentFamily.toUpperCase());
      expect(product!.forWhom).toBe(sample.forWhom.toUpperCase());
      expect(product!.notesTop.length + product!.notesHeart.length + product!.notesBase.length).toBeGreaterThan(0);
      for (const notes of [product!.notesTop, product!.notesHeart, product!.notesBase]) {
        expect(notes).toEqual(normaliseNotes(notes));
      }
      // The default size keeps the sample's price and stock (what the rest of the tests rely on).
      expect(product!.priceCents).toBe(sample.priceKes * 100);
      expect(product!.quantity).toBe(sample.quantity);
      expect(product!.variants.map((size) => size.sku)).toEqual(sampleSizes(sample).map((size) => size.sku));
      expect(product!.variants.every((size) => size.sizeMl !== null && size.label !== '')).toBe(true);
    }
    expect(byName.get('Oud Savanna Eau de Parfum')!.variants.map((size) => size.label)).toEqual([
      '100 ml · Eau de Parfum',
      '50 ml · Eau de Parfum',
      '5 ml decant · Eau de Parfum',
    ]);
  });

  it('is the same in a shop seeded before sizes once the sizes step has run', async () => {
    // The old seed, as it ran before sizes: products named with their size, no facts; migration 0024's trigger
    // gives each one size (its SKU MK-<id>) at commit.
    const old = await startTestShop({ seed: false });
    try {
      await old.orm.em.fork().transactional(async (em) => {
        const categories = new Map((await em.find(Category, {})).map((category) => [category.name, category]));
        sampleProducts.forEach((sample, index) => {
          const product = em.create(Product, {
            name: sample.formerName,
            description: sample.description,
            priceCents: sample.priceKes * 100,
            salePriceCents: sample.salePriceKes === undefined ? null : sample.salePriceKes * 100,
            onSale: sample.salePriceKes !== undefined,
            quantity: sample.quantity,
          });
          for (const name of sample.categories) product.categories.add(categories.get(name)!);
          for (let image = 0; image < sample.imageCount; image += 1) {
            em.create(ProductImage, {
              product,
              fileName: sampleImageName(index, image),
              position: image,
              ...sampleImageSize,
            });
          }
        });
        await em.flush();
        await em
          .getConnection()
          .execute(
            "insert into seed_history (key) values ('sample-products-v1'), ('sample-image-sizes-v1')",
            [],
            'run',
            em.getTransactionContext(),
          );
      });
      const before = await catalogueState(old);
      expect(before.every((row) => (row.sizes as unknown[]).length === 1)).toBe(true);

      const applied = await seedDatabase(old.orm, {
        sampleData: true,
        storage: old.storage,
        log: pino({ level: 'silent' }),
      });
      expect(applied).toEqual(['sample-sizes-v1']);
      expect(await catalogueState(old)).toEqual(await catalogueState(fresh));
      // Run once: a second start changes nothing.
      expect(
        await seedDatabase(old.orm, { sampleData: true, storage: old.storage, log: pino({ level: 'silent' }) }),
      ).toEqual([]);
    } finally {
      await old.close();
    }
  });

  it('leaves what the owner changed: a renamed sample, sizes already given, facts already set', async () => {
    const shop = await startTestShop({ seed: false });
    try {
      const [oud, cedar] = sampleProducts;
      const rose = sampleProducts.find((sample) => sample.sku === 'MK-ROSE-100');
      await shop.orm.em.fork().transactional(async (em) => {
        const renamed = em.create(Product, {
          name: 'My own oud',
          description: oud!.description,
          priceCents: 100_000,
          quantity: 1,
        });
        const sized = em.create(Product, {
          name: cedar!.formerName,
          description: 'x',
          priceCents: 420_000,
          quantity: 3,
        });
        const described = em.create(Product, {
          name: rose!.formerName,
          description: 'y',
          priceCents: 900_000,
          quantity: 2,
          scentFamily: rose!.scentFamily,
          notesTop: ['rose'],
        });
        await em.flush();
        // The owner already sells Cedar Ridge in 30 ml, and took Rose de Nairobi's SKU for another product.
        const connection = em.getConnection();
        const context = em.getTransactionContext();
        await connection.execute(
          `insert into product_variants (product_id, size_ml, concentration, sku, price_cents, quantity)
           values (?, 30, 'eau_de_toilette', 'OWN-CEDAR-30', 420000, 3), (?, null, null, 'mk-rose-100', 100000, 1),
                  (?, null, null, null, 900000, 2)`,
          [sized.id, renamed.id, described.id],
          'run',
          context,
        );
        await connection.execute(
          "insert into seed_history (key) values ('sample-products-v1'), ('sample-image-sizes-v1')",
          [],
          'run',
          context,
        );
      });
      await seedDatabase(shop.orm, { sampleData: true, storage: shop.storage, log: pino({ level: 'silent' }) });
      const rows = await catalogueState(shop);
      const named = (name: string) => rows.find((row) => row.name === name);
      expect(named('My own oud')).toMatchObject({ scent_family: null, variant_count: 1 });
      expect(named(cedar!.name)).toMatchObject({ scent_family: cedar!.scentFamily, sizes_ml: [30], variant_count: 1 });
      const roseRow = named(rose!.name)!;
      expect(roseRow).toMatchObject({ notes_top: ['rose'], notes_heart: [], for_whom: null, sizes_ml: [5, 50, 100] });
      // Its default size is described, without the SKU another product holds.
      expect((roseRow.sizes as { sku: string | null; sizeMl: number }[])[0]).toMatchObject({ sizeMl: 100, sku: null });
    } finally {
      await shop.close();
    }
  });
});

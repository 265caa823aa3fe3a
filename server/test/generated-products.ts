import type { TestShop } from './test-shop';

export interface GeneratedProducts {
  count: number;
  /** Names are `${prefix} ${n}` for n from 1 to count. */
  prefix: string;
  /** An existing category's name; every product is in it. */
  categoryName?: string;
  /** Each product's quantity: a fixed number, or n modulo this cycle (0, 1, … cycle - 1, 0, …). */
  quantity?: number;
  quantityCycle?: number;
}

/** Scent families and notes the generated products cycle through (none is a word the tests search for). */
const families = [
  'floral',
  'woody',
  'amber',
  'fresh',
  'citrus',
  'gourmand',
  'aromatic',
  'fruity',
  'chypre',
  'leather',
  'aquatic',
];
const topNotes = ['bergamot', 'mandarin', 'pink pepper', 'cardamom', 'neroli'];
const heartNotes = ['jasmine', 'iris', 'lavender', 'tuberose'];
const baseNotes = ['vanilla', 'sandalwood', 'musk', 'cedar', 'vetiver', 'patchouli'];
const forWhom = ['women', 'men', 'unisex'];
/** The n-th of `values` (cycling), as SQL: `(array[…])[1 + (n) % length]`. */
const nth = (values: readonly string[], n: string) =>
  `(array[${values.map((value) => `'${value}'`).join(', ')}])[1 + (${n}) % ${values.length}]`;

/**
 * Many products, each with three sizes, fragrance facts, a category and an image row, in one statement
 * (generate_series), so a test can compare a page's cost at 20 and at thousands of products without thousands of
 * round trips. The default size (100 ml) has the product's price (10000 + n cents) and quantity; a 50 ml
 * (6000 + n) and a 5 ml decant (1000 + n) follow, 50 of each in stock, so counts of low or sold-out stock are the
 * default sizes' alone. The products are written with the columns the database derives from their sizes already
 * as migration 0024's mirror derives them (decision 0088).
 */
export async function insertGeneratedProducts(shop: TestShop, options: GeneratedProducts): Promise<void> {
  const quantity = options.quantityCycle ? `n % ${Number(options.quantityCycle)}` : String(options.quantity ?? 3);
  // Migration 0024's mirror re-derives a product after each size written (0.3 ms a size): off while they are
  // inserted, in this transaction only, then run once for each new product, which finds nothing to change.
  await shop.orm.em.fork().transactional(async (em) => {
    const execute = (sql: string, params: unknown[] = []) =>
      em.getConnection().execute(sql, params, 'run', em.getTransactionContext());
    const { highest } = (
      await em
        .getConnection()
        .execute<{ highest: number }[]>(
          'select coalesce(max(id), 0)::int as highest from products',
          [],
          'all',
          em.getTransactionContext(),
        )
    )[0]!;
    // Loading the data is the test's setup, not what it measures: the shop's statement limit (which a loaded CI
    // machine's 20,000 products with 60,000 sizes and their GIN entries outran once) does not apply to it.
    await execute('set local statement_timeout = 0');
    await execute('alter table product_variants disable trigger product_variants_mirror');
    await execute(
      `with generated as (
       select n, ${quantity} as quantity from generate_series(1, ?::int) as n),
     made as (
       insert into products (name, description, price_cents, quantity, scent_family, for_whom, notes_top, notes_heart,
                             notes_base, min_price_cents, max_price_cents, sizes_ml, sizes_in_stock, concentrations,
                             variant_count)
       select ? || ' ' || n, 'Generated for counting statements.', 10000 + n, quantity,
              ${nth(families, 'n')}, ${nth(forWhom, 'n')}, array[${nth(topNotes, 'n')}], array[${nth(heartNotes, 'n')}],
              array[${nth(baseNotes, 'n')}, ${nth(baseNotes, 'n + 1')}],
              1000 + n, 10000 + n, '{5,50,100}', case when quantity > 0 then '{5,50,100}' else '{5,50}' end::int[],
              '{eau_de_parfum}', 3
         from generated
        order by n
       returning id, price_cents, quantity),
     sized as (
       insert into product_variants (product_id, position, size_ml, concentration, is_sample, sku, price_cents, quantity)
       select made.id, size.position, size.ml, 'eau_de_parfum', size.ml = 5, 'GEN-' || made.id || '-' || size.ml,
              case size.position when 0 then made.price_cents else made.price_cents - size.less_cents end,
              case size.position when 0 then made.quantity else 50 end
         from made
        cross join (values (0, 100, 0), (1, 50, 4000), (2, 5, 9000)) as size(position, ml, less_cents)),
     categorised as (
       insert into product_categories (product_id, category_id)
       select made.id, c.id from made join categories c on c.name = ?)
     insert into product_images (product_id, file_name, position)
     select id, 'generated-' || id || '.webp', 0 from made`,
      [options.count, options.prefix, options.categoryName ?? 'FOR MEN'],
    );
    await execute('select count(mirror_product_variants(id)) from products where id > ?', [highest]);
    await execute('alter table product_variants enable trigger product_variants_mirror');
  });
  await shop.catalogueChanged();
}

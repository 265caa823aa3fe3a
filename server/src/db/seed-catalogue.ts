import type { ClientBase } from 'pg';
import { catalogueChannel, noticeOfEverything } from '../events/catalogue-change';
import { sampleProducts } from '../modules/catalog/catalog.samples';
import { sampleImageName, sampleImageSize } from '../modules/catalog/sample-images';
import { singleRow } from '../shared/single-row';

/** What `npm run seed:catalogue` was asked for. */
export interface CatalogueSeedOptions {
  products: number;
  /** Same seed and same starting database, same catalogue. */
  seed: number;
  /** Remove the products first: deleted unless an order refers to them, then archived. */
  replace: boolean;
}

export interface CatalogueSeedResult {
  removed: number;
  archived: number;
  products: number;
  categoryLinks: number;
  images: number;
}

export const maximumGeneratedProducts = 1_000_000;

const brands = [
  'Maison Amara',
  'Kilima',
  'Savanna & Co',
  'Lamu House',
  'Nyota',
  'Atelier Malindi',
  'Zuri',
  'Baobab Studio',
  'Tana Rivers',
  'Mara Noir',
  'Coast Apothecary',
  'Ngong Hills',
  'Diani Blue',
  'Rift Botanica',
  'Jua Kali Parfums',
  'Amboseli',
  'Naivasha',
  'Turkana Amber',
  'Watamu',
  'Kericho Leaf',
];
const notes = [
  'Oud',
  'Vetiver',
  'Rose',
  'Jasmine',
  'Sandalwood',
  'Amber',
  'Vanilla',
  'Neroli',
  'Bergamot',
  'Cedar',
  'Patchouli',
  'Frankincense',
  'Myrrh',
  'Tuberose',
  'Ylang-Ylang',
  'Fig',
  'Black Tea',
  'Coffee',
  'Cardamom',
  'Saffron',
  'Leather',
  'Tobacco',
  'Musk',
  'Iris',
  'Mango',
  'Coconut',
  'Sea Salt',
  'Lemongrass',
  'Ginger',
  'Pink Pepper',
];
const types = [
  'Eau de Parfum',
  'Eau de Toilette',
  'Extrait',
  'Cologne',
  'Elixir',
  'Intense',
  'Body Mist',
  'Room Spray',
];
const sizes = [30, 50, 75, 100, 150];
const moods = ['warm', 'bright', 'smoky', 'soft', 'green', 'deep', 'airy', 'spiced'];

/**
 * A number from 0 to 2^32 − 1 that depends only on (n, salt, seed), so every choice below is deterministic
 * without a random generator and SQL computes it for all rows at once: a multiplicative hash, then a
 * murmur-style xor-shift-multiply so that choices with different salts are independent of each other.
 */
const mix = (n: string, salt: number, seed: number) => {
  const base = `(((${n})::bigint * 2654435761 + ${salt * 97531} + ${seed}::bigint * 40503) % 4294967296)`;
  const mixed = `(((${base} # (${base} >> 16)) * 1274126177) % 4294967296)`;
  return `(${mixed} # (${mixed} >> 13))`;
};
const pickFrom = (array: string, n: string, salt: number, seed: number) =>
  `(${array})[1 + ${mix(n, salt, seed)} % cardinality(${array})]`;

/**
 * Fills the catalogue with `products` generated perfumes in three set-based statements (products, their
 * category memberships, their images) inside one transaction: names from word lists (brand × note × type ×
 * size), descriptions, prices in cents (about 15% on sale), quantities (about 5% sold out, 10% low), one or two
 * categories, one to three of the sample images (their files already exist; none are drawn). The products
 * table is locked for the transaction, so the rows above the previous highest id are exactly this run's.
 */
export async function seedCatalogue(client: ClientBase, options: CatalogueSeedOptions): Promise<CatalogueSeedResult> {
  if (!Number.isInteger(options.products) || options.products < 0 || options.products > maximumGeneratedProducts) {
    throw new Error(`products must be a whole number from 0 to ${maximumGeneratedProducts}`);
  }
  if (!Number.isSafeInteger(options.seed)) throw new Error('seed must be a whole number');
  const { seed } = options;
  const mixOf = (n: string, salt: number) => mix(n, salt, seed);
  const pick = (array: string, n: string, salt: number) => pickFrom(array, n, salt, seed);
  const count = async (sql: string, params: unknown[] = []) => (await client.query(sql, params)).rowCount ?? 0;

  let result: CatalogueSeedResult;
  await client.query('begin');
  try {
    await client.query('lock table products in share row exclusive mode');
    let removed = 0;
    let archived = 0;
    if (options.replace) {
      // Order history must keep pointing at real rows: those products are archived (hidden), the rest deleted.
      removed = await count(
        'delete from products p where not exists (select 1 from order_items i where i.product_id = p.id)',
      );
      archived = await count('update products set archived_at = now() where archived_at is null');
    }
    const { highest, existing } = singleRow(
      (
        await client.query<{ highest: number; existing: number }>(
          'select coalesce(max(id), 0)::int as highest, count(*)::int as existing from products',
        )
      ).rows,
    );
    const categoryIds = (await client.query<{ id: number }>('select id from categories order by id')).rows.map(
      ({ id }) => id,
    );
    if (categoryIds.length === 0) throw new Error('the database has no categories: start the shop once first');

    // g numbers the new products after those already there, so a second run adds different ones.
    const products = await count(
      `with generated as (
         select g,
                ${pick('$1::text[]', 'g', 1)} as brand,
                ${pick('$2::text[]', 'g', 2)} as note,
                ${pick('$2::text[]', 'g', 3)} as second_note,
                ${pick('$3::text[]', 'g', 4)} as type,
                ${pick('$4::int[]', 'g', 5)} as size,
                ${pick('$5::text[]', 'g', 6)} as mood,
                (1500 + ${mixOf('g', 7)} % 470 * 50) * 100 as price_cents,
                ${mixOf('g', 8)} % 100 as sale_roll,
                ${mixOf('g', 9)} % 100 as stock_roll,
                ${mixOf('g', 10)} % 31536000 as age_seconds
           from generate_series($6::int, $7::int) as g
       )
       insert into products (name, description, price_cents, sale_price_cents, on_sale, quantity, created_at, updated_at)
       select brand || ' ' || note || ' ' || type || ' ' || size || 'ml',
              'A ' || mood || ' ' || lower(type) || ' by ' || brand || ': ' || lower(note) || ' over ' ||
                lower(second_note) || ', in a ' || size || ' ml bottle. Made for the Kenyan climate, it lasts ' ||
                'from morning to evening without turning heavy.',
              price_cents,
              case when sale_roll < 15 then price_cents * (70 + sale_roll) / 100 / 5000 * 5000 end,
              sale_roll < 15,
              case when stock_roll < 5 then 0 when stock_roll < 15 then 1 + stock_roll % 5 else 6 + stock_roll * 2 end,
              now() - make_interval(secs => age_seconds::double precision),
              now()
         from generated
        order by g`,
      [brands, notes, types, sizes, moods, existing + 1, existing + options.products],
    );

    // Memberships and images hash the new row's number g: one or two categories, a sample product's images.
    const fresh = `select id, $2::int + row_number() over (order by id) as g from products where id > $3`;
    const categoryLinks = await count(
      `insert into product_categories (product_id, category_id)
       select distinct p.id, c.category_id
         from (${fresh}) p
        cross join lateral (
          select ${pick('$1::int[]', 'p.g', 11)} as category_id
          union all
          select ${pick('$1::int[]', 'p.g', 12)} where ${mixOf('p.g', 13)} % 100 < 30
        ) c
       on conflict do nothing`,
      [categoryIds, existing, highest],
    );
    const images = await count(
      `with chosen as (
         select p.id, 1 + ${mixOf('p.g', 14)} % cardinality($1::int[]) as sample from (${fresh}) p
       )
       insert into product_images (product_id, file_name, position, width, height, widths)
       select chosen.id,
              regexp_replace(($4::text[])[chosen.sample], '-1[.]webp$', '-' || (position + 1) || '.webp'),
              position, $5, $6, $7::jsonb
         from chosen
        cross join lateral generate_series(0, least(2, ($1::int[])[chosen.sample] - 1)) as position`,
      [
        sampleProducts.map(({ imageCount }) => imageCount),
        existing,
        highest,
        sampleProducts.map((_sample, index) => sampleImageName(index, 0)),
        sampleImageSize.width,
        sampleImageSize.height,
        JSON.stringify(sampleImageSize.widths),
      ],
    );
    // Instances running on this database drop what they keep of the catalogue once this commits.
    await client.query('select pg_notify($1, $2)', [catalogueChannel, noticeOfEverything()]);
    await client.query('commit');
    result = { removed, archived, products, categoryLinks, images };
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
  // What autovacuum would do within the next minute, done now (outside the transaction, as VACUUM must be): the
  // planner gets statistics for the new rows, and the trigram GIN index's pending list (up to 4 MB of new entries
  // that every trigram search reads row by row) is merged into the index. Measured right after a seed (the bench),
  // searches otherwise paid for both, and autovacuum's own work landed inside the measurement.
  await client.query('vacuum analyze products, product_categories, product_images');
  return result;
}

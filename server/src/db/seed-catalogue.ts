import type { ClientBase } from 'pg';
import { catalogueChannel, noticeOfEverything } from '../events/catalogue-change';
import { sampleProducts } from '../modules/catalog/catalog.samples';
import { sampleImageName, sampleImageSize } from '../modules/catalog/sample-images';
import { singleRow } from '../shared/single-row';
import { ScentFamily } from '../modules/catalog/product.entity';
import { Concentration } from '../modules/catalog/product-variant.entity';

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
  sizes: number;
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
/**
 * The note vocabulary (lower case, as normaliseNotes stores notes): 14 top, 14 heart and 14 base notes, each with
 * the scent family a perfume named after it belongs to.
 */
const noteFamilies: [note: string, family: ScentFamily][] = [
  ['bergamot', ScentFamily.CITRUS],
  ['lemon', ScentFamily.CITRUS],
  ['mandarin', ScentFamily.CITRUS],
  ['grapefruit', ScentFamily.CITRUS],
  ['neroli', ScentFamily.CITRUS],
  ['pink pepper', ScentFamily.AROMATIC],
  ['cardamom', ScentFamily.AROMATIC],
  ['saffron', ScentFamily.AMBER],
  ['ginger', ScentFamily.FRESH],
  ['lemongrass', ScentFamily.CITRUS],
  ['mango', ScentFamily.FRUITY],
  ['black pepper', ScentFamily.AROMATIC],
  ['mint', ScentFamily.FRESH],
  ['lychee', ScentFamily.FRUITY],
  ['rose', ScentFamily.FLORAL],
  ['jasmine', ScentFamily.FLORAL],
  ['tuberose', ScentFamily.FLORAL],
  ['ylang-ylang', ScentFamily.FLORAL],
  ['iris', ScentFamily.FLORAL],
  ['orange blossom', ScentFamily.FLORAL],
  ['lavender', ScentFamily.AROMATIC],
  ['fig', ScentFamily.AROMATIC],
  ['black tea', ScentFamily.AROMATIC],
  ['coffee', ScentFamily.GOURMAND],
  ['coconut', ScentFamily.GOURMAND],
  ['sea salt', ScentFamily.AQUATIC],
  ['peony', ScentFamily.FLORAL],
  ['geranium', ScentFamily.FLORAL],
  ['oud', ScentFamily.WOODY],
  ['vetiver', ScentFamily.WOODY],
  ['sandalwood', ScentFamily.WOODY],
  ['amber', ScentFamily.AMBER],
  ['vanilla', ScentFamily.GOURMAND],
  ['cedar', ScentFamily.WOODY],
  ['patchouli', ScentFamily.CHYPRE],
  ['frankincense', ScentFamily.AMBER],
  ['myrrh', ScentFamily.AMBER],
  ['leather', ScentFamily.LEATHER],
  ['tobacco', ScentFamily.LEATHER],
  ['musk', ScentFamily.FRESH],
  ['tonka bean', ScentFamily.GOURMAND],
  ['benzoin', ScentFamily.AMBER],
];
/** Notes per tier in noteFamilies: top notes first, then heart, then base. */
const notesPerTier = 14;
/** What a product is called after its headline note and a word, and the concentration all its sizes have. */
const types: [type: string, concentration: Concentration][] = [
  ['Eau de Parfum', Concentration.EAU_DE_PARFUM],
  ['Eau de Toilette', Concentration.EAU_DE_TOILETTE],
  ['Extrait', Concentration.PARFUM],
  ['Cologne', Concentration.EAU_DE_COLOGNE],
  ['Elixir', Concentration.PARFUM],
  ['Intense', Concentration.EAU_DE_PARFUM],
  ['Body Mist', Concentration.BODY_MIST],
  ['Room Spray', Concentration.ROOM_SPRAY],
];
const words = [
  'Noir',
  'Blanc',
  'Oasis',
  'Dusk',
  'Soleil',
  'Reserve',
  'Nuit',
  'Safari',
  'Bloom',
  'Sands',
  'Tide',
  'Absolu',
];
/**
 * Sizes in ml a product sells, the default (the product's price and stock) first; 10 ml and less is a decant.
 * About three a product: perfumes 3.2 on average, nine in ten with a decant, mists and room sprays 2.
 */
const perfumeSizes = [
  '100,50,5',
  '100,30,5',
  '50,100,5',
  '100,50,10,5',
  '75,5',
  '100,50,30,5',
  '100,50',
  '50,100,10,5',
  '100,50,5',
  '100,75,30,5',
];
const mistSizes = ['250,100', '200', '250,100,50'];
const roomSpraySizes = ['300,100', '300', '500,300,100'];
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
 * Fills the catalogue with `products` generated perfumes in set-based statements (the choices, the sizes, products,
 * sizes, category memberships, images) inside one transaction: names from word lists (brand × note × word × type),
 * descriptions, a scent family from the headline note, top, heart and base notes, for whom, about three sizes a
 * product (a 5 or 10 ml decant on most perfumes) of the type's concentration with prices in cents that follow the
 * size (about 15% on sale, decants never), quantities per size (about 5% of default sizes sold out, 10% low), one
 * or two categories, one to three of the sample images (their files already exist; none are drawn). The products
 * table is locked for the transaction, so the rows above the previous highest id are exactly this run's.
 *
 * Products are written with the columns the database derives from their sizes (migration 0024's
 * mirror_product_variants: default size's price and stock, price range, sizes, sizes in stock, concentrations,
 * count) computed in the same SQL; the mirror's trigger is off while the sizes are inserted, and the mirror then
 * runs once per new product, finding nothing to change (decision 0088); were a column derived otherwise, it would
 * correct it.
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
    // Migration 0024's mirror re-derives a product after each size written or deleted, 0.3 ms a size (50 s for
    // 150,000): it is off for this transaction only (a trigger's switch is transactional; the products lock above
    // already holds off every writer of stock) while sizes are deleted with their products and inserted, and runs
    // once for each new product after, which finds its columns as written below (decision 0088).
    await client.query('alter table product_variants disable trigger product_variants_mirror');
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

    // g numbers the new products after those already there, so a second run adds different ones. Each new
    // product's choices, then its sizes, are computed once, into temporary tables the commit drops.
    await client.query(`create temporary table generated_products (
       g int primary key, brand text, headline int, type int, word text, mood text, for_whom text,
       price_cents int, sale_roll int, stock_roll int, age_seconds int, ladder text) on commit drop`);
    await client.query(
      `insert into generated_products
       select g,
              ${pick('$1::text[]', 'g', 1)},
              1 + ${mixOf('g', 2)} % ${noteFamilies.length},
              1 + ${mixOf('g', 4)} % ${types.length},
              ${pick('$2::text[]', 'g', 3)},
              ${pick('$3::text[]', 'g', 6)},
              case when ${mixOf('g', 16)} % 100 < 40 then 'women' when ${mixOf('g', 16)} % 100 < 75 then 'men'
                   else 'unisex' end,
              null,
              ${mixOf('g', 8)} % 100,
              ${mixOf('g', 9)} % 100,
              ${mixOf('g', 10)} % 31536000,
              null
         from generate_series($4::int, $5::int) as g`,
      [brands, words, moods, existing + 1, existing + options.products],
    );
    // The default size's price, from Ksh 1,500 to 24,950 (mists and room sprays Ksh 800 to 3,950), and the ladder of
    // sizes follow the concentration: mists and room sprays sell no decants.
    await client.query(
      `update generated_products
          set price_cents = case when ($1::text[])[type] in ('body_mist', 'room_spray')
                                 then (800 + ${mixOf('g', 7)} % 64 * 50) * 100
                                 else (1500 + ${mixOf('g', 7)} % 470 * 50) * 100 end,
              ladder = case ($1::text[])[type]
                         when 'body_mist' then ${pick('$3::text[]', 'g', 17)}
                         when 'room_spray' then ${pick('$4::text[]', 'g', 17)}
                         else ${pick('$2::text[]', 'g', 17)} end`,
      [types.map(([, concentration]) => concentration), perfumeSizes, mistSizes, roomSpraySizes],
    );
    await client.query(`create temporary table generated_sizes (
       g int, position int, size_ml int, concentration text, is_sample boolean, price_cents int,
       sale_price_cents int, on_sale boolean, quantity int, primary key (g, position)) on commit drop`);
    // The default size has the product's price and stock; another size's price follows its volume to the power
    // 0.75 (a decant costs more a millilitre), in whole 50 shillings, at least 300.
    const sizes = await count(
      `insert into generated_sizes
       select p.g, s.position - 1, s.size_ml, ($1::text[])[p.type], s.size_ml <= 10, priced.price_cents,
              case when p.sale_roll < 15 and s.size_ml > 10 then priced.price_cents * (70 + p.sale_roll) / 100 / 5000 * 5000 end,
              p.sale_roll < 15 and s.size_ml > 10,
              case when s.position = 1 then
                     case when p.stock_roll < 5 then 0 when p.stock_roll < 15 then 1 + p.stock_roll % 5 else 6 + p.stock_roll * 2 end
                   else
                     case when stock.roll < 6 then 0 when stock.roll < 14 then 1 + stock.roll % 5 else 4 + stock.roll / 2 end
              end
         from generated_products p
        cross join lateral unnest(string_to_array(p.ladder, ',')::int[]) with ordinality as s(size_ml, position)
        cross join lateral (
          select case when s.position = 1 then p.price_cents
                      else greatest(300, round(p.price_cents / 100.0
                             * power(s.size_ml::numeric / (string_to_array(p.ladder, ','))[1]::int, 0.75) / 50)::int * 50) * 100
                 end as price_cents
        ) priced
        cross join lateral (select ${mixOf('p.g * 8 + s.position', 18)} % 100 as roll) stock`,
      [types.map(([, concentration]) => concentration)],
    );

    // Top, heart and base notes: one or two of the tier's, the headline note among its own tier's.
    const tier = (index: number, salt: number) => {
      const first = `(case when (p.headline - 1) / ${notesPerTier} = ${index} then (p.headline - 1) % ${notesPerTier}
                      else ${mixOf('p.g', salt)} % ${notesPerTier} end)`;
      const second = `((${first} + 1 + ${mixOf('p.g', salt + 1)} % ${notesPerTier - 1}) % ${notesPerTier})`;
      const at = (position: string) => `($1::text[])[${index * notesPerTier} + 1 + ${position}]`;
      return `array[${at(first)}] || case when ${mixOf('p.g', salt + 2)} % 2 = 0 then array[${at(second)}] else '{}'::text[] end`;
    };
    const products = await count(
      `insert into products (name, description, price_cents, sale_price_cents, on_sale, quantity, created_at, updated_at,
                             scent_family, for_whom, notes_top, notes_heart, notes_base, min_price_cents,
                             max_price_cents, sizes_ml, sizes_in_stock, concentrations, variant_count)
       select p.brand || ' ' || initcap(($1::text[])[p.headline]) || ' ' || p.word || ' ' || ($3::text[])[p.type],
              case when p.mood ~ '^[aeiou]' then 'An ' else 'A ' end || p.mood || ' ' || lower(($3::text[])[p.type]) || ' by ' || p.brand || ': ' ||
                ($1::text[])[p.headline] || ' over ' ||
                case when (p.headline - 1) / ${notesPerTier} = 2 then heart[1] else base[1] end || '. Made for the Kenyan climate, it lasts ' ||
                'from morning to evening without turning heavy.',
              d.price_cents, d.sale_price_cents, d.on_sale, d.quantity,
              now() - make_interval(secs => p.age_seconds::double precision), now(),
              ($2::text[])[p.headline], p.for_whom, top, heart, base,
              a.min_price, a.max_price, a.sizes, a.sizes_in_stock, a.concentrations, a.n
         from generated_products p
         join generated_sizes d on d.g = p.g and d.position = 0
         join (select s.g,
                      min(case when s.on_sale and s.sale_price_cents > 0 then s.sale_price_cents else s.price_cents end) as min_price,
                      max(case when s.on_sale and s.sale_price_cents > 0 then s.sale_price_cents else s.price_cents end) as max_price,
                      coalesce(array_agg(distinct s.size_ml) filter (where s.size_ml is not null), '{}') as sizes,
                      coalesce(array_agg(distinct s.size_ml) filter (where s.size_ml is not null and s.quantity > 0), '{}') as sizes_in_stock,
                      coalesce(array_agg(distinct s.concentration) filter (where s.concentration is not null), '{}') as concentrations,
                      count(*)::int as n
                 from generated_sizes s group by s.g) a on a.g = p.g
        cross join lateral (select ${tier(0, 20)} as top, ${tier(1, 23)} as heart, ${tier(2, 26)} as base) notes
        order by p.g`,
      [noteFamilies.map(([note]) => note), noteFamilies.map(([, family]) => family), types.map(([type]) => type)],
    );

    // Sizes, SKU MK-<product>-<ml>.
    const fresh = (existingParameter: number) =>
      `select id, $${existingParameter}::int + row_number() over (order by id) as g from products
        where id > $${existingParameter + 1}`;
    await client.query(
      `insert into product_variants (product_id, position, size_ml, concentration, is_sample, sku, price_cents,
                                     sale_price_cents, on_sale, quantity, created_at, updated_at)
       select p.id, s.position, s.size_ml, s.concentration, s.is_sample, 'MK-' || p.id || '-' || s.size_ml,
              s.price_cents, s.sale_price_cents, s.on_sale, s.quantity, now(), now()
         from (${fresh(1)}) p
         join generated_sizes s on s.g = p.g
        order by p.id, s.position`,
      [existing, highest],
    );
    await client.query('select count(mirror_product_variants(id)) from products where id > $1', [highest]);
    await client.query('alter table product_variants enable trigger product_variants_mirror');

    // Memberships and images hash the new row's number g: one or two categories, a sample product's images.
    const categoryLinks = await count(
      `insert into product_categories (product_id, category_id)
       select distinct p.id, c.category_id
         from (${fresh(2)}) p
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
         select p.id, 1 + ${mixOf('p.g', 14)} % cardinality($1::int[]) as sample from (${fresh(2)}) p
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
    result = { removed, archived, products, sizes, categoryLinks, images };
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
  // What autovacuum would do within the next minute, done now (outside the transaction, as VACUUM must be): the
  // planner gets statistics for the new rows, and the trigram GIN index's pending list (up to 4 MB of new entries
  // that every trigram search reads row by row) is merged into the index. Measured right after a seed (the bench),
  // searches otherwise paid for both, and autovacuum's own work landed inside the measurement.
  await client.query('vacuum analyze products, product_variants, product_categories, product_images');
  return result;
}

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

/**
 * Many products, each with a category and an image row, in one statement (generate_series), so a test can
 * compare a page's cost at 20 and at thousands of products without thousands of round trips.
 */
export async function insertGeneratedProducts(shop: TestShop, options: GeneratedProducts): Promise<void> {
  const quantity = options.quantityCycle ? `n % ${Number(options.quantityCycle)}` : String(options.quantity ?? 3);
  await shop.orm.em.getConnection().execute(
    `with made as (
       insert into products (name, description, price_cents, quantity)
       select ? || ' ' || n, 'Generated for counting statements.', 10000 + n, ${quantity}
         from generate_series(1, ?::int) as n
       returning id),
     categorised as (
       insert into product_categories (product_id, category_id)
       select made.id, c.id from made join categories c on c.name = ?)
     insert into product_images (product_id, file_name, position)
     select id, 'generated-' || id || '.webp', 0 from made`,
    [options.prefix, options.count, options.categoryName ?? 'FOR MEN'],
  );
  await shop.catalogueChanged();
}

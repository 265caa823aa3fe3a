import { Migration } from '@mikro-orm/migrations';

/** Migration 0024's trigger body, for every change: the whole mirror, for the product (or both products). */
const mirrorEveryChange = `  if tg_op = 'DELETE' then
    perform mirror_product_variants(old.product_id);
  else
    perform mirror_product_variants(new.product_id);
    if tg_op = 'UPDATE' and old.product_id <> new.product_id then
      perform mirror_product_variants(old.product_id);
    end if;
  end if;
  return null;`;

/**
 * Decision 0095: a sale's stock change rewrites as little as it can. Before, every size's stock change ran the
 * whole mirror (decision 0083: aggregates over the product's sizes, 0.2 ms) and rewrote the product's row as a new
 * version in every one of its fifteen indexes (trigram GIN and GiST included, 0.6 ms), because the in-stock
 * indexes named `quantity` in their conditions.
 * - `in_stock` is a stored generated column (`quantity > 0`) and the availability indexes name it instead: a
 *   quantity change that leaves the product in stock touches no indexed value, so PostgreSQL updates the row in
 *   place (a HOT update), for which the table leaves room in each page (fillfactor 80).
 * - A size's update that changes only its stock, and not whether it is in stock, writes only the product's
 *   `quantity`, and only when it is the default size: nothing else the mirror derives can have moved.
 * Written by hand.
 */
export class Migration0028StockWritesInPlace extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "products" add column "in_stock" boolean generated always as ("quantity" > 0) stored;`);
    this.addSql(`drop index "products_in_stock_index";`);
    this.addSql(`drop index "products_out_of_stock_index";`);
    this.addSql(
      `create index "products_in_stock_index" on "products" ("id") where "archived_at" is null and "in_stock";`,
    );
    this.addSql(
      `create index "products_out_of_stock_index" on "products" ("id") where "archived_at" is null and not "in_stock";`,
    );
    this.addSql(`alter table "products" set (fillfactor = 80);`);
    this.addSql(`create or replace function "product_variants_changed"() returns trigger language plpgsql as $$
begin
  -- Only its stock moved, and the size is still in stock (or still out): only the product's quantity can change,
  -- and only if this is its default size (the first listed that is not archived).
  if tg_op = 'UPDATE' and old.product_id = new.product_id and (old.quantity > 0) = (new.quantity > 0)
     and (old.price_cents, old.sale_price_cents, old.on_sale, old.position, old.size_ml, old.concentration,
          old.archived_at)
         is not distinct from
         (new.price_cents, new.sale_price_cents, new.on_sale, new.position, new.size_ml, new.concentration,
          new.archived_at) then
    if old.quantity <> new.quantity and new.archived_at is null then
      update products p set quantity = new.quantity
       where p.id = new.product_id and p.quantity <> new.quantity
         and new.id = (select d.id from product_variants d where d.product_id = new.product_id
                          and d.archived_at is null order by d.position, d.id limit 1);
    end if;
    return null;
  end if;
${mirrorEveryChange}
end $$;`);
    // Its one plan is kept per connection: made at a new shop's few sizes it would be a scan of every size (0090).
    this.addSql(`alter function "product_variants_changed"() set enable_seqscan = off;`);
  }

  override async down(): Promise<void> {
    this.addSql(`create or replace function "product_variants_changed"() returns trigger language plpgsql as $$
begin
${mirrorEveryChange}
end $$;`);
    this.addSql(`alter function "product_variants_changed"() reset enable_seqscan;`);
    this.addSql(`alter table "products" reset (fillfactor);`);
    this.addSql(`drop index "products_in_stock_index";`);
    this.addSql(`drop index "products_out_of_stock_index";`);
    this.addSql(
      `create index "products_in_stock_index" on "products" ("id") where "archived_at" is null and "quantity" > 0;`,
    );
    this.addSql(
      `create index "products_out_of_stock_index" on "products" ("id") where "archived_at" is null and "quantity" <= 0;`,
    );
    this.addSql(`alter table "products" drop column "in_stock";`);
  }
}

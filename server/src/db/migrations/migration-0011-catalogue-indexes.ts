import { Migration } from '@mikro-orm/migrations';

/**
 * The catalogue is read from PostgreSQL on every request (decision 0034): the price a shopper pays as a
 * stored generated column, the shop's alphabetical order as an ICU collation, and an index for each way a
 * shopper narrows or sorts a list. Every index leaves archived products out, as every shopper's read does.
 * Written by hand.
 */
export class Migration0011CatalogueIndexes extends Migration {
  override async up(): Promise<void> {
    // effectivePriceCents in product.entity.ts, kept by PostgreSQL so a price sort can walk an index.
    this.addSql(
      `alter table "products" add column "effective_price_cents" int generated always as (case when "on_sale" and "sale_price_cents" > 0 then "sale_price_cents" else "price_cents" end) stored;`,
    );
    // Intl.Collator('en', { sensitivity: 'base', numeric: true }), which the shop sorted names with in memory:
    // case and accents ignored, digits by value; equal names fall back to the id.
    this.addSql(
      `create collation if not exists "catalogue_name" (provider = icu, locale = 'en-u-kn-true-ks-level1', deterministic = false);`,
    );
    this.addSql(
      `create index "product_categories_category_id_product_id_index" on "product_categories" ("category_id", "product_id");`,
    );
    this.addSql(
      `create index "products_effective_price_index" on "products" ("effective_price_cents", "id") where "archived_at" is null;`,
    );
    // High to low breaks ties by the id ascending, which the index above cannot give walked backwards.
    this.addSql(
      `create index "products_effective_price_desc_index" on "products" ("effective_price_cents" desc, "id") where "archived_at" is null;`,
    );
    this.addSql(
      `create index "products_name_order_index" on "products" ("name" collate "catalogue_name", "id") where "archived_at" is null;`,
    );
    // Availability: in-stock pages walk the ids of what is in stock; the out-of-stock list is short.
    this.addSql(
      `create index "products_in_stock_index" on "products" ("id") where "archived_at" is null and "quantity" > 0;`,
    );
    this.addSql(
      `create index "products_out_of_stock_index" on "products" ("id") where "archived_at" is null and "quantity" <= 0;`,
    );
    // A category's count is its members less the archived ones, which are few.
    this.addSql(`create index "products_archived_index" on "products" ("id") where "archived_at" is not null;`);
    // Name search is "contains" (ILIKE '%term%'), which only a trigram index serves. pg_trgm ships with
    // PostgreSQL (contrib) and is a trusted extension; where a server lacks it or the role may not create it,
    // the search still works through products_lower_name_index and a scan.
    this.addSql(`do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_trgm') then
    create extension if not exists pg_trgm;
    create index "products_name_trigram_index" on "products" using gin (lower("name") gin_trgm_ops);
  else
    raise notice 'pg_trgm is not available: name search scans the products';
  end if;
exception when insufficient_privilege then
  raise notice 'pg_trgm could not be created: name search scans the products';
end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "products_name_trigram_index";`);
    this.addSql(`drop index if exists "products_archived_index";`);
    this.addSql(`drop index if exists "products_out_of_stock_index";`);
    this.addSql(`drop index if exists "products_in_stock_index";`);
    this.addSql(`drop index if exists "products_name_order_index";`);
    this.addSql(`drop index if exists "products_effective_price_desc_index";`);
    this.addSql(`drop index if exists "products_effective_price_index";`);
    this.addSql(`drop index if exists "product_categories_category_id_product_id_index";`);
    this.addSql(`drop collation if exists "catalogue_name";`);
    this.addSql(`alter table "products" drop column if exists "effective_price_cents";`);
  }
}

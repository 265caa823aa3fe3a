import { Migration } from '@mikro-orm/migrations';

/**
 * Decision 0083: a product sells in sizes. Each size (`product_variants`) has its own SKU, price, sale price and
 * stock; the product keeps the fragrance facts (family, notes, for whom). The product's own price, sale price,
 * on-sale and quantity columns stay as the spec's fields and become the default size's (the first listed that is
 * not archived), kept so by the database in the writing transaction, on every instance alike:
 * - a write to a size re-derives its product's columns (`mirror_product_variants`), with the facet columns
 *   (`min_price_cents`, `max_price_cents`, `sizes_ml`, `concentrations`, `variant_count`, `sizes_in_stock`);
 * - a direct write to a product's price or quantity columns writes its default size (the spec's REST and forms);
 * - a product committed without sizes gets one from its own columns (a deferred constraint trigger, so a writer
 *   that inserts its sizes in the same transaction gets exactly those).
 * Lock order: a product's row before its sizes' rows (stock takes lock products in id order first).
 * Every existing product becomes a product with one size; cart lines and order lines point at that size.
 * Written by hand.
 */
export class Migration0024ProductVariants extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "product_variants" (
  "id" serial primary key,
  "product_id" int not null references "products" ("id") on update cascade on delete cascade,
  "position" int not null default 0,
  "size_ml" int null,
  "concentration" text null,
  "is_sample" boolean not null default false,
  "sku" text null,
  "price_cents" int not null,
  "sale_price_cents" int null,
  "on_sale" boolean not null default false,
  "quantity" int not null default 0,
  "archived_at" timestamptz null,
  "created_at" timestamptz not null default now(),
  "updated_at" timestamptz not null default now(),
  "effective_price_cents" int generated always as (case when on_sale and sale_price_cents > 0 then sale_price_cents else price_cents end) stored,
  constraint "product_variants_price_positive" check ("price_cents" > 0),
  constraint "product_variants_quantity_not_negative" check ("quantity" >= 0),
  constraint "product_variants_size_ml_check" check ("size_ml" is null or ("size_ml" > 0 and "size_ml" <= 100000)),
  constraint "product_variants_concentration_check" check ("concentration" in ('eau_de_cologne', 'eau_de_toilette', 'eau_de_parfum', 'parfum', 'body_mist', 'room_spray')),
  constraint "product_variants_id_product_id_unique" unique ("id", "product_id")
);`);
    this.addSql(
      `create unique index "product_variants_sku_unique" on "product_variants" (lower("sku")) where "sku" is not null;`,
    );
    this.addSql(
      `create index "product_variants_product_id_index" on "product_variants" ("product_id", "position", "id");`,
    );

    this.addSql(
      `alter table "product_images" add column "variant_id" int null references "product_variants" ("id") on update cascade on delete set null;`,
    );
    this.addSql(`create index "product_images_variant_id_index" on "product_images" ("variant_id");`);

    this.addSql(`alter table "products"
  add column "scent_family" text null,
  add column "for_whom" text null,
  add column "notes_top" text[] not null default '{}',
  add column "notes_heart" text[] not null default '{}',
  add column "notes_base" text[] not null default '{}',
  add column "notes" text[] generated always as ("notes_top" || "notes_heart" || "notes_base") stored,
  add column "min_price_cents" int null,
  add column "max_price_cents" int null,
  add column "sizes_ml" int[] not null default '{}',
  add column "sizes_in_stock" int[] not null default '{}',
  add column "concentrations" text[] not null default '{}',
  add column "variant_count" int not null default 0,
  add constraint "products_scent_family_check" check ("scent_family" in ('floral', 'woody', 'amber', 'fresh', 'citrus', 'gourmand', 'aromatic', 'fruity', 'chypre', 'leather', 'aquatic')),
  add constraint "products_for_whom_check" check ("for_whom" in ('women', 'men', 'unisex'));`);

    this
      .addSql(`insert into "product_variants" ("product_id", "sku", "price_cents", "sale_price_cents", "on_sale", "quantity", "archived_at", "created_at")
  select "id", 'MK-' || "id", "price_cents", "sale_price_cents", "on_sale", "quantity", null, "created_at" from "products" order by "id";`);

    this.addSql(`create function "mirror_product_variants"(product integer) returns void language sql as $$
  update products p set
    price_cents = d.price_cents, sale_price_cents = d.sale_price_cents, on_sale = d.on_sale, quantity = d.quantity,
    min_price_cents = a.min_price, max_price_cents = a.max_price, sizes_ml = a.sizes, sizes_in_stock = a.sizes_in_stock,
    concentrations = a.concentrations, variant_count = a.n
  from (select v.price_cents, v.sale_price_cents, v.on_sale, v.quantity from product_variants v
         where v.product_id = product and v.archived_at is null order by v.position, v.id limit 1) d,
       (select min(v.effective_price_cents) as min_price, max(v.effective_price_cents) as max_price,
               coalesce(array_agg(distinct v.size_ml) filter (where v.size_ml is not null), '{}') as sizes,
               coalesce(array_agg(distinct v.size_ml) filter (where v.size_ml is not null and v.quantity > 0), '{}') as sizes_in_stock,
               coalesce(array_agg(distinct v.concentration) filter (where v.concentration is not null), '{}') as concentrations,
               count(*)::int as n
          from product_variants v where v.product_id = product and v.archived_at is null) a
  where p.id = product
    and (p.price_cents, p.sale_price_cents, p.on_sale, p.quantity, p.min_price_cents, p.max_price_cents, p.sizes_ml,
         p.sizes_in_stock, p.concentrations, p.variant_count)
        is distinct from
        (d.price_cents, d.sale_price_cents, d.on_sale, d.quantity, a.min_price, a.max_price, a.sizes, a.sizes_in_stock,
         a.concentrations, a.n);
$$;`);

    this.addSql(`create function "product_variants_changed"() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    perform mirror_product_variants(old.product_id);
  else
    perform mirror_product_variants(new.product_id);
    if tg_op = 'UPDATE' and old.product_id <> new.product_id then
      perform mirror_product_variants(old.product_id);
    end if;
  end if;
  return null;
end $$;`);
    this.addSql(`create trigger "product_variants_mirror" after insert or update or delete on "product_variants"
  for each row execute function product_variants_changed();`);

    this.addSql(`create function "products_written"() returns trigger language plpgsql as $$
begin
  -- Only a direct write: the mirror's own update runs one level down.
  if pg_trigger_depth() > 1 then
    return null;
  end if;
  update product_variants v
     set price_cents = new.price_cents, sale_price_cents = new.sale_price_cents, on_sale = new.on_sale,
         quantity = new.quantity, updated_at = now()
   where v.id = (select d.id from product_variants d where d.product_id = new.id and d.archived_at is null
                  order by d.position, d.id limit 1)
     and (v.price_cents, v.sale_price_cents, v.on_sale, v.quantity)
         is distinct from (new.price_cents, new.sale_price_cents, new.on_sale, new.quantity);
  return null;
end $$;`);
    this
      .addSql(`create trigger "products_write_default_variant" after update of price_cents, sale_price_cents, on_sale, quantity on "products"
  for each row execute function products_written();`);

    this.addSql(`create function "products_inserted"() returns trigger language plpgsql as $$
begin
  insert into product_variants (product_id, sku, price_cents, sale_price_cents, on_sale, quantity)
    select p.id, 'MK-' || p.id, p.price_cents, p.sale_price_cents, p.on_sale, p.quantity from products p
     where p.id = new.id and not exists (select 1 from product_variants v where v.product_id = p.id);
  return null;
end $$;`);
    this.addSql(`create constraint trigger "products_first_variant" after insert on "products"
  deferrable initially deferred for each row execute function products_inserted();`);

    // The facet columns for the products already here (the insert above ran before the mirror existed).
    this.addSql(`select mirror_product_variants(id) from products;`);

    // The price sorts order by the cheapest size (what a card shows as "from Ksh …"), as 0011's did by the price.
    this.addSql(
      `create index "products_min_price_index" on "products" ("min_price_cents", "id") where "archived_at" is null;`,
    );
    this.addSql(
      `create index "products_min_price_desc_index" on "products" ("min_price_cents" desc nulls last, "id") where "archived_at" is null;`,
    );
    this.addSql(
      `create index "products_scent_family_index" on "products" ("scent_family", "id") where "archived_at" is null;`,
    );
    this.addSql(`create index "products_notes_index" on "products" using gin ("notes") where "archived_at" is null;`);
    this.addSql(
      `create index "products_sizes_ml_index" on "products" using gin ("sizes_ml") where "archived_at" is null;`,
    );
    this.addSql(
      `create index "products_concentrations_index" on "products" using gin ("concentrations") where "archived_at" is null;`,
    );

    this.addSql(`alter table "cart_items" add column "variant_id" int null;`);
    this.addSql(
      `update "cart_items" c set "variant_id" = v.id from "product_variants" v where v.product_id = c.product_id;`,
    );
    this.addSql(`alter table "cart_items" alter column "variant_id" set not null,
  add constraint "cart_items_variant_id_product_id_foreign" foreign key ("variant_id", "product_id") references "product_variants" ("id", "product_id") on update cascade on delete cascade,
  drop constraint "cart_items_user_id_product_id_unique",
  add constraint "cart_items_user_id_variant_id_unique" unique ("user_id", "variant_id");`);
    this.addSql(`create index "cart_items_variant_id_index" on "cart_items" ("variant_id");`);

    this.addSql(
      `alter table "order_items" add column "variant_id" int null, add column "size_label" text not null default '';`,
    );
    this.addSql(
      `update "order_items" o set "variant_id" = v.id from "product_variants" v where v.product_id = o.product_id;`,
    );
    this.addSql(`alter table "order_items"
  add constraint "order_items_variant_id_product_id_foreign" foreign key ("variant_id", "product_id") references "product_variants" ("id", "product_id") on update cascade;`);
    this.addSql(`create index "order_items_variant_id_index" on "order_items" ("variant_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table "order_items" drop constraint "order_items_variant_id_product_id_foreign", drop column "variant_id", drop column "size_label";`,
    );
    this.addSql(
      `delete from "cart_items" c where exists (select 1 from "cart_items" d where d.user_id = c.user_id and d.product_id = c.product_id and d.id < c.id);`,
    );
    this
      .addSql(`alter table "cart_items" drop constraint "cart_items_user_id_variant_id_unique", drop constraint "cart_items_variant_id_product_id_foreign", drop column "variant_id",
  add constraint "cart_items_user_id_product_id_unique" unique ("user_id", "product_id");`);
    this.addSql(`drop trigger "products_first_variant" on "products";`);
    this.addSql(`drop trigger "products_write_default_variant" on "products";`);
    this.addSql(`drop trigger "product_variants_mirror" on "product_variants";`);
    this.addSql(`drop function "products_inserted"();`);
    this.addSql(`drop function "products_written"();`);
    this.addSql(`drop function "product_variants_changed"();`);
    this.addSql(`drop function "mirror_product_variants"(integer);`);
    this
      .addSql(`alter table "products" drop constraint "products_scent_family_check", drop constraint "products_for_whom_check",
  drop column "notes", drop column "scent_family", drop column "for_whom", drop column "notes_top", drop column "notes_heart", drop column "notes_base",
  drop column "min_price_cents", drop column "max_price_cents", drop column "sizes_ml", drop column "sizes_in_stock", drop column "concentrations", drop column "variant_count";`);
    this.addSql(`alter table "product_images" drop column "variant_id";`);
    this.addSql(`drop table "product_variants";`);
  }
}

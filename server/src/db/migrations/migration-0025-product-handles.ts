import { Migration } from '@mikro-orm/migrations';

/**
 * Decision 0086: a product's handle, the key a product CSV groups its sizes by and a re-import finds the product
 * by (like Shopify's). Lower-case words joined by hyphens, unique. Every product gets one: the ones here from their
 * name and id, new ones the same way when their writer gives none (the admin's form, the catalogue seed), so an
 * export always has a handle to write. Written by hand.
 */
export class Migration0025ProductHandles extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create function "product_handle_of"(name text, id integer) returns text language sql immutable as $$
  select coalesce(nullif(trim(both '-' from left(regexp_replace(lower(name), '[^a-z0-9]+', '-', 'g'), 81)), ''), 'product')
    || '-' || id;
$$;`);
    this.addSql(`alter table "products" add column "handle" text null;`);
    this.addSql(`update "products" set "handle" = product_handle_of("name", "id");`);
    this.addSql(`alter table "products" alter column "handle" set not null,
  add constraint "products_handle_check" check ("handle" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length("handle") <= 100);`);
    this.addSql(`create unique index "products_handle_unique" on "products" ("handle");`);
    // A handle an import chose may already read like a generated one: then a random tail keeps the new one unique.
    this.addSql(`create function "products_default_handle"() returns trigger language plpgsql as $$
begin
  if new.handle is null then
    new.handle := product_handle_of(new.name, new.id);
    if exists (select 1 from products p where p.handle = new.handle) then
      new.handle := new.handle || '-' || substr(md5(random()::text), 1, 8);
    end if;
  end if;
  return new;
end $$;`);
    this.addSql(`create trigger "products_default_handle" before insert on "products"
  for each row execute function products_default_handle();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger "products_default_handle" on "products";`);
    this.addSql(`drop function "products_default_handle"();`);
    this.addSql(`drop index "products_handle_unique";`);
    this.addSql(`alter table "products" drop constraint "products_handle_check", drop column "handle";`);
    this.addSql(`drop function "product_handle_of"(text, integer);`);
  }
}

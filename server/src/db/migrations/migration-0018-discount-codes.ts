import { Migration } from '@mikro-orm/migrations';

/**
 * Discount codes (decision 0056): the codes, the one a shopper applied to their cart, and on each order the code
 * it was placed with and the amount taken off (`total = subtotal − discount + delivery fee`).
 */
export class Migration0018DiscountCodes extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "discount_codes" ("id" serial primary key, "code" text not null, "kind" text check ("kind" in ('percent', 'fixed')) not null, "value" int not null, "min_subtotal_cents" int not null default 0, "starts_at" timestamptz null, "ends_at" timestamptz null, "max_uses" int null, "max_uses_per_customer" int null, "first_order_only" boolean not null default false, "category_ids" jsonb not null default '[]', "product_ids" jsonb not null default '[]', "active" boolean not null default true, "email" text null, "created_at" timestamptz not null default now(), constraint "discount_codes_code_upper_check" check ("code" = upper("code")), constraint "discount_codes_value_check" check ("value" > 0));`,
    );
    this.addSql(`alter table "discount_codes" add constraint "discount_codes_code_unique" unique ("code");`);
    this.addSql(
      `create table "cart_discount_codes" ("user_id" uuid not null, "discount_code_id" int not null, "applied_at" timestamptz not null default now(), constraint "cart_discount_codes_pkey" primary key ("user_id"));`,
    );
    this.addSql(
      `alter table "cart_discount_codes" add constraint "cart_discount_codes_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "cart_discount_codes" add constraint "cart_discount_codes_discount_code_id_foreign" foreign key ("discount_code_id") references "discount_codes" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `create index "cart_discount_codes_discount_code_id_index" on "cart_discount_codes" ("discount_code_id");`,
    );
    this.addSql(
      `alter table "orders" add column "discount_code_id" int null, add column "discount_code" text null, add column "discount_cents" int not null default 0, add constraint "orders_discount_cents_check" check ("discount_cents" >= 0);`,
    );
    this.addSql(
      `alter table "orders" add constraint "orders_discount_code_id_foreign" foreign key ("discount_code_id") references "discount_codes" ("id") on update cascade on delete set null;`,
    );
    this.addSql(`create index "orders_discount_code_id_user_id_index" on "orders" ("discount_code_id", "user_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table "orders" drop constraint if exists "orders_discount_code_id_foreign", drop constraint if exists "orders_discount_cents_check", drop column "discount_code_id", drop column "discount_code", drop column "discount_cents";`,
    );
    this.addSql(`drop table if exists "cart_discount_codes";`);
    this.addSql(`drop table if exists "discount_codes";`);
  }
}

import { Migration } from '@mikro-orm/migrations';

export class Migration0004Commerce extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "orders" ("id" uuid not null, "user_id" uuid not null, "status" text check ("status" in ('pending', 'delivered', 'cancelled')) not null default 'pending', "payment_status" text check ("payment_status" in ('pending', 'completed', 'failed')) not null default 'pending', "payment_method" text check ("payment_method" in ('mpesa', 'card')) not null, "subtotal_cents" int not null, "shipping_fee_cents" int not null, "total_cents" int not null, "currency" text not null default 'KES', "delivery_location_id" int not null, "recipient_name" text not null, "recipient_email" text not null, "recipient_phone" text not null, "shipping_address" text not null, "shipping_city" text not null, "shipping_postal_code" text not null, "reserved_until" timestamptz not null, "stock_released_at" timestamptz null, "created_at" timestamptz not null default now(), "paid_at" timestamptz null, constraint "orders_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "orders_user_id_created_at_index" on "orders" ("user_id", "created_at");`);

    this.addSql(
      `create table "order_items" ("id" serial primary key, "order_id" uuid not null, "product_id" int not null, "product_name" text not null, "unit_price_cents" int not null, "quantity" int not null);`,
    );

    this.addSql(
      `create table "cart_items" ("id" serial primary key, "user_id" uuid not null, "product_id" int not null, "quantity" int not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(
      `alter table "cart_items" add constraint "cart_items_user_id_product_id_unique" unique ("user_id", "product_id");`,
    );
    this.addSql(`alter table "cart_items" add constraint "cart_items_quantity_positive" check ("quantity" > 0);`);
    // Unpaid orders whose hold on stock has run out are found by this.
    this.addSql(
      `create index "orders_reserved_until_index" on "orders" ("reserved_until") where "stock_released_at" is null;`,
    );

    this.addSql(
      `alter table "orders" add constraint "orders_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade;`,
    );
    this.addSql(
      `alter table "orders" add constraint "orders_delivery_location_id_foreign" foreign key ("delivery_location_id") references "delivery_locations" ("id") on update cascade;`,
    );

    this.addSql(
      `alter table "order_items" add constraint "order_items_order_id_foreign" foreign key ("order_id") references "orders" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "order_items" add constraint "order_items_product_id_foreign" foreign key ("product_id") references "products" ("id") on update cascade;`,
    );

    this.addSql(
      `alter table "cart_items" add constraint "cart_items_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "cart_items" add constraint "cart_items_product_id_foreign" foreign key ("product_id") references "products" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "order_items" drop constraint "order_items_order_id_foreign";`);

    this.addSql(`drop table if exists "orders" cascade;`);

    this.addSql(`drop table if exists "order_items" cascade;`);

    this.addSql(`drop table if exists "cart_items" cascade;`);
  }
}

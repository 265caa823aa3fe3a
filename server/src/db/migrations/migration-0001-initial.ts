import { Migration } from '@mikro-orm/migrations';

export class Migration0001Initial extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "categories" ("id" serial primary key, "name" text not null, "slug" text not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`alter table "categories" add constraint "categories_name_unique" unique ("name");`);
    this.addSql(`alter table "categories" add constraint "categories_slug_unique" unique ("slug");`);

    this.addSql(
      `create table "delivery_locations" ("id" serial primary key, "name" text not null, "fee_cents" int not null, "delivery_time" text not null, "position" int not null default 0);`,
    );
    this.addSql(`alter table "delivery_locations" add constraint "delivery_locations_name_unique" unique ("name");`);

    this.addSql(
      `create table "products" ("id" serial primary key, "name" text not null, "description" text not null, "price_cents" int not null, "sale_price_cents" int null, "on_sale" boolean not null default false, "quantity" int not null default 0, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );

    this.addSql(
      `create table "product_categories" ("product_id" int not null, "category_id" int not null, constraint "product_categories_pkey" primary key ("product_id", "category_id"));`,
    );

    this.addSql(
      `create table "product_images" ("id" serial primary key, "product_id" int not null, "file_name" text not null, "position" int not null default 0);`,
    );

    this.addSql(
      `create table "reviews" ("id" serial primary key, "name" text not null, "rating" smallint not null, "title" text not null, "full_review" text not null, "image" text null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "reviews_created_at_index" on "reviews" ("created_at");`);

    this.addSql(
      `alter table "product_categories" add constraint "product_categories_product_id_foreign" foreign key ("product_id") references "products" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "product_categories" add constraint "product_categories_category_id_foreign" foreign key ("category_id") references "categories" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "product_images" add constraint "product_images_product_id_foreign" foreign key ("product_id") references "products" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(`create index "product_images_product_id_index" on "product_images" ("product_id", "position");`);
    this.addSql(`create index "product_categories_category_id_index" on "product_categories" ("category_id");`);
    this.addSql(`alter table "products" add constraint "products_quantity_not_negative" check ("quantity" >= 0);`);
    this.addSql(`alter table "products" add constraint "products_price_positive" check ("price_cents" > 0);`);
    this.addSql(`alter table "reviews" add constraint "reviews_rating_range" check ("rating" between 1 and 5);`);
    // Which one-time seeds have run, so a seed never repeats (deleting every sample product sticks).
    this.addSql(
      `create table "seed_history" ("key" text primary key, "applied_at" timestamptz not null default now());`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "product_categories" drop constraint "product_categories_category_id_foreign";`);

    this.addSql(`alter table "product_categories" drop constraint "product_categories_product_id_foreign";`);

    this.addSql(`alter table "product_images" drop constraint "product_images_product_id_foreign";`);

    this.addSql(`drop table if exists "categories" cascade;`);

    this.addSql(`drop table if exists "delivery_locations" cascade;`);

    this.addSql(`drop table if exists "products" cascade;`);

    this.addSql(`drop table if exists "product_categories" cascade;`);

    this.addSql(`drop table if exists "product_images" cascade;`);

    this.addSql(`drop table if exists "reviews" cascade;`);

    this.addSql(`drop table if exists "seed_history" cascade;`);
  }
}

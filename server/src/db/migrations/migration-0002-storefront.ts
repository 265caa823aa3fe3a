import { Migration } from '@mikro-orm/migrations';

export class Migration0002Storefront extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "newsletter_subscriptions" ("id" serial primary key, "email" text not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(
      `alter table "newsletter_subscriptions" add constraint "newsletter_subscriptions_email_unique" unique ("email");`,
    );
    this.addSql(
      `alter table "categories" add column "description" text not null default '', add column "image_file_name" text null, add column "aliases" text[] not null default '{}';`,
    );
    this.addSql(
      `alter table "product_images" add column "width" int not null default 0, add column "height" int not null default 0, add column "widths" jsonb not null default '[]';`,
    );
    // Case-insensitive name search on the storefront.
    this.addSql(`create index "products_lower_name_index" on "products" (lower("name"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "products_lower_name_index";`);
    this.addSql(`alter table "product_images" drop column "width", drop column "height", drop column "widths";`);
    this.addSql(
      `alter table "categories" drop column "description", drop column "image_file_name", drop column "aliases";`,
    );
    this.addSql(`drop table if exists "newsletter_subscriptions" cascade;`);
  }
}

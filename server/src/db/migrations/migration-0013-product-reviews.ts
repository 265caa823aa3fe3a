import { Migration } from '@mikro-orm/migrations';

/**
 * Reviews about one product as well as about the shop (decision 0050): `product_id` null is the shop's review
 * (the spec's), a product's otherwise; a product removed for good takes its reviews with it, since they would
 * otherwise turn into reviews of the shop. `user_id` is the signed-in reviewer (kept null when the account
 * goes), `verified` is decided by the server when the review is written, `hidden` by an admin. Each public
 * list walks an index that leaves hidden reviews out. Written by hand.
 */
export class Migration0013ProductReviews extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "reviews" add column "product_id" int null, add column "user_id" uuid null, add column "verified" boolean not null default false, add column "hidden" boolean not null default false;`,
    );
    this.addSql(
      `alter table "reviews" add constraint "reviews_product_id_foreign" foreign key ("product_id") references "products" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "reviews" add constraint "reviews_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete set null;`,
    );
    // A product's page: its shown reviews, newest first, and their summary.
    this.addSql(
      `create index "reviews_product_id_created_at_index" on "reviews" ("product_id", "created_at" desc, "id" desc) where not "hidden";`,
    );
    // The home page: the shop's shown reviews, newest first.
    this.addSql(
      `create index "reviews_shop_created_at_index" on "reviews" ("created_at" desc, "id" desc) where "product_id" is null and not "hidden";`,
    );
    this.addSql(`create index "reviews_user_id_index" on "reviews" ("user_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "reviews_user_id_index";`);
    this.addSql(`drop index if exists "reviews_shop_created_at_index";`);
    this.addSql(`drop index if exists "reviews_product_id_created_at_index";`);
    this.addSql(`alter table "reviews" drop constraint if exists "reviews_user_id_foreign";`);
    this.addSql(`alter table "reviews" drop constraint if exists "reviews_product_id_foreign";`);
    this.addSql(
      `alter table "reviews" drop column "hidden", drop column "verified", drop column "user_id", drop column "product_id";`,
    );
  }
}

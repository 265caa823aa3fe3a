import { Migration } from '@mikro-orm/migrations';

/**
 * Indexes on the foreign keys PostgreSQL does not index by itself: an order's items and transactions, and the
 * carts and orders holding a product, were found by reading the whole table. Written by hand.
 */
export class Migration0009ForeignKeyIndexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "order_items_order_id_index" on "order_items" ("order_id");`);
    this.addSql(`create index "order_items_product_id_index" on "order_items" ("product_id");`);
    this.addSql(`create index "transactions_order_id_index" on "transactions" ("order_id");`);
    this.addSql(`create index "cart_items_product_id_index" on "cart_items" ("product_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "cart_items_product_id_index";`);
    this.addSql(`drop index if exists "transactions_order_id_index";`);
    this.addSql(`drop index if exists "order_items_product_id_index";`);
    this.addSql(`drop index if exists "order_items_order_id_index";`);
  }
}

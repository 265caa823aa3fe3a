import { Migration } from '@mikro-orm/migrations';

/**
 * Decision 0090: the insert trigger's check that a generated handle is free reads the handle's unique index,
 * whatever the table's statistics say. PL/pgSQL keeps one generic plan for the check; planned while `products`
 * was analysed at a few rows (a new shop's 19), it is a sequential scan, so one statement inserting N products
 * read N²/2 rows: 50,000 generated products took 237 s instead of 4. Written by hand.
 */
export class Migration0027HandleCheckByIndex extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter function "products_default_handle"() set enable_seqscan = off;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter function "products_default_handle"() reset enable_seqscan;`);
  }
}
